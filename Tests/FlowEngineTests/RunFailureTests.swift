import FlowEngine
import FlowModel
import Foundation
import Testing

/// Every reason a run can fail for, reached through the public API and told apart by ``EngineError/Reason``.
@Suite("a failed run says why, as a reason an app can switch on")
struct RunFailureTests {
    static let greeting = """
        flowrun: 1
        id: greeting
        authority: test
        params:
          email: { type: email }
        start: greet
        steps:
          greet: { set: { who: "${email}" }, next: done }
          done: { end: success, output: { who: "${who}" } }

        """

    /// Asks a code, then a confirmation (where a run suspends), then sends the code.
    static let codeThenConfirm = """
        flowrun: 1
        id: confirm
        authority: test
        inputs:
          code: { type: code }
          confirm: { type: text }
        start: ask_code
        steps:
          ask_code: { ask: code, next: ask_confirm }
          ask_confirm: { ask: confirm, next: submit }
          submit:
            action: signIn.submitCode
            with: { code: "${code}" }
            on:
              completed: { end: success }
              invalidCode: { fail: wrong_code }

        """

    func failure(_ outcome: RunOutcome) -> EngineError? {
        guard case .failed(let error) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return nil
        }
        return error
    }

    @Test("missing params, with their names")
    func missingParams() async throws {
        let runner = FlowRunner(
            program: try program([("greeting.yaml", Self.greeting)]), digest: "d",
            authority: ScriptedAuthority([:]), inputs: ScriptedInputs([:]))
        let error = failure(await runner.start())
        #expect(error?.reason == .missingParams(["email"]))
        #expect(error?.message == "missing params: `email`")
    }

    @Test("a session of another flow, of a changed flow, of another format or at a step that is gone")
    func flowChanged() async throws {
        let flow = try program([("flow.yaml", signInFlow)])
        let runner = FlowRunner(
            program: flow, digest: "now", authority: ScriptedAuthority([:]), inputs: ScriptedInputs([:]))
        let saved = Session(flowID: flow.id, flowDigest: "now", frames: [Session.Frame(file: "", step: flow.start)])
        var changed = saved
        changed.flowDigest = "then"
        var foreign = saved
        foreign.flowID = "another"
        var older = saved
        older.version = 1
        var gone = saved
        gone.frames[0].step = flow.steps.count
        for session in [changed, foreign, older, gone] {
            #expect(failure(await runner.resume(session))?.reason == .flowChanged)
        }
    }

    @Test("an authority that throws instead of answering")
    func authorityUnavailable() async throws {
        let runner = FlowRunner(
            program: try program([("flow.yaml", signInFlow)]), digest: "d", authority: ScriptedAuthority([:]),
            inputs: ScriptedInputs(["email": ["ada@example.com"]]))
        #expect(failure(await runner.start())?.reason == .authorityUnavailable(action: "signIn.start"))
    }

    @Test("an input source that can give no answer")
    func inputEnded() async throws {
        let runner = FlowRunner(
            program: try program([("flow.yaml", signInFlow)]), digest: "d", authority: ScriptedAuthority([:]),
            inputs: ScriptedInputs([:]))
        #expect(failure(await runner.start())?.reason == .inputEnded(step: "ask_email"))
    }

    @Test("an outcome the catalog does not declare")
    func undeclaredOutcome() async throws {
        let runner = FlowRunner(
            program: try program([("flow.yaml", signInFlow)]), digest: "d",
            authority: ScriptedAuthority(["signIn.start": [ActionResult(outcome: "surprise")]]),
            inputs: ScriptedInputs(["email": ["ada@example.com"]]))
        let error = failure(await runner.start())
        #expect(error?.reason == .undeclaredOutcome(action: "signIn.start", outcome: "surprise"))
    }

    @Test("a secret asked before a suspend has no value after the resume")
    func missingValue() async throws {
        let flow = try program([("confirm.yaml", Self.codeThenConfirm)])
        let first = FlowRunner(
            program: flow, digest: "d", authority: ScriptedAuthority([:]),
            inputs: ScriptedInputs(["code": ["12345678"]], suspendWhenExhausted: true))
        guard case .suspended(let suspended) = await first.start() else {
            Issue.record("expected a suspended run")
            return
        }
        let session = try JSONDecoder().decode(Session.self, from: try JSONEncoder().encode(suspended))
        let second = FlowRunner(
            program: flow, digest: "d", authority: ScriptedAuthority([:]), inputs: ScriptedInputs(["confirm": ["y"]]))
        let error = failure(await second.resume(session))
        #expect(error?.reason == .missingValue("code"))
        #expect(error?.message.contains("secrets are not kept in saved sessions") == true)
    }

    @Test("more transitions without an answer than the runner allows")
    func tooManyTransitions() async throws {
        var runner = FlowRunner(
            program: try program([("greeting.yaml", Self.greeting)]), digest: "d",
            authority: ScriptedAuthority([:]), inputs: ScriptedInputs([:]))
        runner.maxTransitionsWithoutInput = 0
        #expect(failure(await runner.start(params: ["email": "a@b.c"]))?.reason == .tooManyTransitions(0))
    }

    @Test("a session with no flow on its stack")
    func inconsistent() async throws {
        let flow = try program([("flow.yaml", signInFlow)])
        let runner = FlowRunner(
            program: flow, digest: "d", authority: ScriptedAuthority([:]), inputs: ScriptedInputs([:]))
        let empty = Session(flowID: flow.id, flowDigest: "d", frames: [])
        #expect(failure(await runner.resume(empty))?.reason == .inconsistent)
    }
}
