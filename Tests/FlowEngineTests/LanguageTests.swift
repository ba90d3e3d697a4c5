import FlowEngine
import FlowModel
import Foundation
import Testing

@Suite("step kinds: choose, set, use")
struct LanguageTests {
    static let child = """
        flowrun: 1
        id: child
        authority: test
        params:
          email: { type: email }
          code: { type: code }
        start: submit
        steps:
          submit:
            action: signIn.submitCode
            with: { code: "${code}" }
            on:
              completed: { end: success, output: { user: "${username}", echoed: "${email}" } }
              invalidCode: { end: wrong_code }

        """

    static let parent = """
        flowrun: 1
        id: parent
        authority: test
        inputs:
          email: { type: email }
          code: { type: code }
        start: ask
        steps:
          ask: { ask: [email, code], next: remember }
          remember:
            set: { greeting: "Hi ${email}", tries: 2 }
            next: route
          route:
            choose:
              - if: { var: email, matches: "^admin@.*" }
                then: { fail: admins_not_allowed }
              - if: { var: tries, oneOf: [1, 2] }
                then: run
            otherwise: { fail: unreachable_in_practice }
          run:
            use: ./child.yaml
            with: { email: "${email}", code: "${code}" }
            on:
              success: { end: success, message: "${greeting}: ${user} (${echoed})", output: { user: "${user}" } }
              wrong_code: { end: wrong_code }

        """

    func run(email: String, submit: ActionResult) async throws -> RunOutcome {
        let flow = try program([("parent.yaml", Self.parent), ("child.yaml", Self.child)])
        let runner = FlowRunner(
            program: flow, digest: "d", authority: ScriptedAuthority(["signIn.submitCode": [submit]]),
            inputs: ScriptedInputs(["email": [.string(email)], "code": ["55556666"]]))
        return await runner.start()
    }

    @Test("set, choose and a sub-flow's output reach the parent's end")
    func subflowOutputs() async throws {
        let outcome = try await run(
            email: "ada@example.com", submit: ActionResult(outcome: "completed", data: ["username": "ada"]))
        guard case .ended(let result) = outcome else {
            Issue.record("expected an end, got \(outcome)")
            return
        }
        #expect(result.kind == .success)
        #expect(result.message == "Hi ada@example.com: ada (ada@example.com)")
        #expect(result.output == ["user": "ada"])
    }

    @Test("a named end of a sub-flow maps to the parent's handler")
    func namedEnd() async throws {
        guard
            case .ended(let result) = try await run(
                email: "ada@example.com", submit: ActionResult(outcome: "invalidCode"))
        else {
            Issue.record("expected an end")
            return
        }
        #expect(result.kind == .named("wrong_code"))
    }

    @Test("the first branch whose test holds is taken")
    func chooseOrder() async throws {
        guard
            case .ended(let result) = try await run(
                email: "admin@example.com", submit: ActionResult(outcome: "invalidCode"))
        else {
            Issue.record("expected an end")
            return
        }
        #expect(result.reason == "admins_not_allowed")
    }

    @Test("missing params fail the run before it starts")
    func missingParams() async throws {
        let flow = try program([("child.yaml", Self.child)])
        let runner = FlowRunner(
            program: flow, digest: "d", authority: ScriptedAuthority([:]), inputs: ScriptedInputs([:]))
        guard case .failed(let error) = await runner.start(params: ["email": "a@b.c"]) else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.message.contains("`code`"))
    }
}
