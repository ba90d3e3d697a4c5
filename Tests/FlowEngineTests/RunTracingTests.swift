import FlowEngine
import FlowModel
import FlowrunFoundation
import InMemoryTracing
import Testing
import Tracing

/// A run's spans: one per start or resume, with a child per step naming its kind and what it led to.
@Suite("run tracing")
struct RunTracingTests {
    @Test("a run is a span with a child per step: kind, action and outcome, a suspended ask included")
    func stepsAndOutcomes() async throws {
        let flow = try program([("flow.yaml", signInFlow)])
        let tracer = InMemoryTracer()
        let authority = ScriptedAuthority([
            "signIn.start": [ActionResult(outcome: "codeRequired", data: ["sentTo": "a***@example.com"])],
            "signIn.submitCode": [
                ActionResult(
                    outcome: "completed", data: ["username": "ada@example.com", "accessToken": "token-secret-1"])
            ],
        ])
        var runner = FlowRunner(
            program: flow, digest: "d", authority: authority,
            inputs: ScriptedInputs(["email": ["ada@example.com"]], suspendWhenExhausted: true))
        runner.tracer = tracer
        guard case .suspended(let session) = await runner.start() else {
            Issue.record("the run did not suspend at the code")
            return
        }
        let first = tracer.popFinishedSpans()
        let run = try #require(first.first { $0.operationName == "run sign-in" })
        #expect(run.parentSpanID == nil)
        #expect(run.attributes["flowrun.run.outcome"]?.toSpanAttribute() == .string("suspended"))
        let steps = first.filter { $0.parentSpanID == run.spanID }
        #expect(steps.map(\.operationName) == ["step ask_email", "step begin", "step ask_code"])
        #expect(steps.map { $0.attributes["flowrun.step.kind"]?.toSpanAttribute() } == ["ask", "action", "ask"])
        #expect(
            steps.map { $0.attributes["flowrun.step.outcome"]?.toSpanAttribute() }
                == ["answered", "codeRequired", "suspended"])
        #expect(steps[1].attributes["flowrun.action"]?.toSpanAttribute() == .string("signIn.start"))

        var resumed = FlowRunner(
            program: flow, digest: "d", authority: authority, inputs: ScriptedInputs(["code": ["246810"]]))
        resumed.tracer = tracer
        guard case .ended = await resumed.resume(session) else {
            Issue.record("the resumed run did not end")
            return
        }
        let second = tracer.popFinishedSpans()
        let rerun = try #require(second.first { $0.operationName == "run sign-in" })
        #expect(rerun.attributes["flowrun.run.outcome"]?.toSpanAttribute() == .string("ended"))
        #expect(rerun.attributes["flowrun.end"]?.toSpanAttribute() == .string("success"))
        let end = try #require(second.first { $0.operationName == "step done" })
        #expect(end.attributes["flowrun.step.kind"]?.toSpanAttribute() == .string("end"))
        #expect(end.attributes["flowrun.step.outcome"]?.toSpanAttribute() == .string("success"))
        for span in first + second {
            span.attributes.forEach { name, value in
                for secret in ["ada@example.com", "246810", "token-secret-1"] where "\(value)".contains(secret) {
                    Issue.record("\(span.operationName) \(name) holds a value of the run")
                }
            }
        }
    }

    @Test("a run that fails sets the error status of its span and of the step that failed")
    func failure() async throws {
        let flow = try program([("flow.yaml", signInFlow)])
        let tracer = InMemoryTracer()
        var runner = FlowRunner(
            program: flow, digest: "d", authority: ScriptedAuthority([:]),
            inputs: ScriptedInputs(["email": ["ada@example.com"]]))
        runner.tracer = tracer
        guard case .failed = await runner.start() else {
            Issue.record("the run did not fail")
            return
        }
        let spans = tracer.finishedSpans
        let run = try #require(spans.first { $0.operationName == "run sign-in" })
        #expect(run.status?.code == .error)
        #expect(run.attributes["flowrun.run.outcome"]?.toSpanAttribute() == .string("failed"))
        let step = try #require(spans.first { $0.operationName == "step begin" })
        #expect(step.status?.code == .error)
        #expect(spans.first { $0.operationName == "step ask_email" }?.status == nil)
    }
}
