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
        #expect(decoded.frames.last.map { flow.steps[$0.step].name.value } == "ask_code")

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
            flowID: flow.id, flowDigest: "old", frames: [Session.Frame(file: "", step: flow.start)])
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

    static let portal = """
        flowrun: 1
        id: portal
        authority: test
        start: sign_in
        steps:
          sign_in:
            use: ./parts/sign-in.yaml
            on:
              success: { end: success, output: { user: "${user}" } }
              failure: { fail: not_signed_in }

        """

    @Test("a session names flows relative to the root flow, so it resumes from another folder with its counters")
    func resumesFromAnotherFolder() async throws {
        let files = [("portal.yaml", Self.portal), ("parts/sign-in.yaml", signInFlow)]
        let first = try program(files)
        let started = FlowRunner(
            program: first, digest: "d1",
            authority: ScriptedAuthority([
                "signIn.start": [ActionResult(outcome: "codeRequired", data: ["sentTo": "a***@example.com"])],
                "signIn.submitCode": [ActionResult(outcome: "invalidCode")],
            ]),
            inputs: ScriptedInputs(["email": ["ada@example.com"], "code": ["11112222"]], suspendWhenExhausted: true))
        guard case .suspended(let session) = await started.start() else {
            Issue.record("expected a suspended run")
            return
        }
        let data = try JSONEncoder().encode(session)
        let folder = (first.file as NSString).deletingLastPathComponent
        #expect(!String(decoding: data, as: UTF8.self).contains(folder))
        #expect(session.frames.map(\.file) == ["", "parts/sign-in.yaml"])
        #expect(session.attempts.count == 1)
        #expect(session.attempts.keys.allSatisfy { $0.hasPrefix("parts/sign-in.yaml#") })

        // The same files in another folder: the counter goes on, three more wrong codes exhaust the attempts.
        let moved = try program(files)
        #expect(moved.file != first.file)
        let resumed = FlowRunner(
            program: moved, digest: "d1",
            authority: ScriptedAuthority([
                "signIn.submitCode": [
                    ActionResult(outcome: "invalidCode"), ActionResult(outcome: "invalidCode"),
                    ActionResult(outcome: "invalidCode"),
                ]
            ]),
            inputs: ScriptedInputs(["code": ["22223333", "44445555", "66667777"]]))
        guard case .ended(let result) = await resumed.resume(try JSONDecoder().decode(Session.self, from: data)) else {
            Issue.record("expected an end")
            return
        }
        #expect(result.kind == .failure)
        #expect(result.reason == "not_signed_in")
    }

    @Test("a resume refuses a session saved in another format")
    func refusesOtherFormat() async throws {
        let flow = try program([("flow.yaml", signInFlow)])
        var session = Session(flowID: flow.id, flowDigest: "d", frames: [Session.Frame(file: "", step: flow.start)])
        session.version = 1
        let runner = FlowRunner(
            program: flow, digest: "d", authority: ScriptedAuthority([:]), inputs: ScriptedInputs([:]))
        guard case .failed(let error) = await runner.resume(session) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(error.message.contains("format 1"))
        #expect(error.message.contains("format \(Session.formatVersion)"))
    }
}
