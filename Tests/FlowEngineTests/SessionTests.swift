import FlowEngine
import FlowModel
import Foundation
import Testing

@Suite("sessions suspend, encode without secrets, and resume")
struct SessionTests {
    @Test("suspend while waiting for the code, encode, resume in a new runner, finish")
    func suspendAndResume() async throws {
        let flow = try program([("flow.yaml", signInFlow)])
        let authority = ScriptedAuthority([
            "signIn.start": [
                ActionResult(
                    outcome: "codeRequired", data: ["sentTo": "a***@example.com"],
                    continuation: AuthorityContinuation(["token": "ct-1"]))
            ],
            "signIn.submitCode": [
                ActionResult(outcome: "invalidCode"),
                ActionResult(outcome: "completed", data: ["username": "ada@example.com", "accessToken": "tok-SECRET"]),
            ],
        ])
        let first = FlowRunner(
            program: flow, digest: "d1", authority: authority,
            inputs: ScriptedInputs(["email": ["ada@example.com"], "code": ["11112222"]], suspendWhenExhausted: true))
        guard case .suspended(let session) = await first.start() else {
            Issue.record("expected a suspended run")
            return
        }
        let data = try JSONEncoder().encode(session)
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("11112222"))
        #expect(text.contains("ct-1"))
        #expect(text.contains("a***@example.com"))
        let decoded = try JSONDecoder().decode(Session.self, from: data)
        #expect(decoded.frames.last?.variables["code"] == nil)
        #expect(decoded.attempts.values.reduce(0, +) == 1)
        #expect(decoded.history.last == "\(flow.file):ask_code")

        let second = FlowRunner(
            program: flow, digest: "d1", authority: authority, inputs: ScriptedInputs(["code": ["33334444"]]))
        guard case .ended(let result) = await second.resume(decoded) else {
            Issue.record("expected an end")
            return
        }
        #expect(result.kind == .success)
        #expect(await authority.calls.last?.continuation == AuthorityContinuation(["token": "ct-1"]))
    }

    @Test("a resume refuses a session whose flow changed or that belongs to another flow")
    func refusesChangedFlow() async throws {
        let flow = try program([("flow.yaml", signInFlow)])
        let session = Session(
            flowID: flow.id, flowDigest: "old", frames: [Session.Frame(file: flow.file, step: flow.start)])
        let runner = FlowRunner(
            program: flow, digest: "new", authority: ScriptedAuthority([:]), inputs: ScriptedInputs([:]))
        guard case .failed(let changed) = await runner.resume(session) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(changed.message.contains("changed"))
        var other = session
        other.flowID = "another"
        other.flowDigest = "new"
        guard case .failed(let foreign) = await runner.resume(other) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(foreign.message.contains("another"))
    }
}
