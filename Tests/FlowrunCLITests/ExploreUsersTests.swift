import Foundation
import Testing

/// `test --explore` through the real binary: it plays the user it seeds, and says why it left an edge.
@Suite struct ExploreUsersTests {
    /// Signs a new address up, or an existing account in with an email code, then gets a token.
    static let verifyEmail = """
        flowrun: 1
        id: verify-email
        authority: native-auth
        inputs:
          email: { type: email, label: Email address }
          code: { type: code, label: Code }
        start: ask_email
        steps:
          ask_email: { ask: [email], next: sign_up }
          sign_up:
            action: signUp.start
            with: { username: "${email}" }
            on:
              codeRequired: ask_sign_up_code
              userAlreadyExists: sign_in
              otherwise: { fail: sign_up_failed }
          ask_sign_up_code: { ask: [code], next: submit_sign_up_code }
          submit_sign_up_code:
            action: signUp.submitCode
            with: { code: "${code}" }
            on: { completed: { end: success }, otherwise: { fail: sign_up_failed } }
          sign_in:
            action: signIn.start
            with: { username: "${email}" }
            on: { codeRequired: ask_sign_in_code, otherwise: { fail: sign_in_failed } }
          ask_sign_in_code: { ask: [code], next: submit_sign_in_code }
          submit_sign_in_code:
            action: signIn.submitCode
            with: { code: "${code}" }
            on: { completed: get_token, otherwise: { fail: sign_in_failed } }
          get_token:
            action: token.get
            on: { completed: { end: success }, otherwise: { fail: no_token } }
        """

    @Test("an existing account signs in for real: no injected answer for signIn.start or signIn.submitCode")
    func existingAccountSignsInForReal() throws {
        let folder = try FlowFolder()
        try folder.write("verify-email.yaml", Self.verifyEmail)
        let explored = try folder.run("test", "--explore", "verify-email.yaml", "--write", "derived")
        #expect(explored.status == 0, "\(explored.stdout)\(explored.stderr)")
        #expect(explored.stdout.contains("transition coverage 100.0% (14 of 14 edges)"), "\(explored.stdout)")
        let text = try String(
            contentsOf: folder.url.appendingPathComponent("derived/verify-email.test.yaml"), encoding: .utf8)
        #expect(text.contains("email: [\"existing.user@example.com\"]"), "\(text)")
        #expect(!text.contains("answer: \"userAlreadyExists\""), "\(text)")
        #expect(!text.contains("{ action: \"signIn.start\", call: 1, answer: \"codeRequired\" }"), "\(text)")
        #expect(!text.contains("{ action: \"signIn.submitCode\", call: 1, answer: \"completed\" }"), "\(text)")
        #expect(!text.contains("{ action: \"token.get\", call: 1, answer: \"completed\" }"), "\(text)")
        let replayed = try folder.run("test", "--min-coverage", "100", "derived")
        #expect(replayed.status == 0, "\(replayed.stdout)\(replayed.stderr)")
    }

    @Test("an edge the explorer cannot take is listed with why, in the report and in the written file")
    func unreachedEdgesSayWhy() throws {
        let folder = try FlowFolder()
        try folder.write(
            "nickname.yaml",
            """
            flowrun: 1
            id: nickname
            authority: native-auth
            inputs:
              nickname: { type: text, label: Nickname }
            start: ask_nickname
            steps:
              ask_nickname: { ask: [nickname], next: check }
              check:
                choose:
                  - { if: { var: nickname, equals: "admin" }, then: { fail: reserved } }
                otherwise: { end: success }
            """)
        let explored = try folder.run("test", "--explore", "nickname.yaml", "--write", "derived")
        #expect(explored.status == 0, "\(explored.stdout)\(explored.stderr)")
        let why = "its condition never held for the values the runs gave"
        #expect(
            explored.stdout.contains("check: if #1 → end failure reserved — not reached: \(why)"), "\(explored.stdout)")
        let json = try folder.run("test", "--explore", "nickname.yaml", "--format", "json")
        #expect(json.stdout.contains(why), "\(json.stdout)")
        let text = try String(
            contentsOf: folder.url.appendingPathComponent("derived/nickname.test.yaml"), encoding: .utf8)
        #expect(text.contains("# Not reached by the explorer"), "\(text)")
        #expect(text.contains("# - nickname.yaml:"), "\(text)")
        #expect(text.contains(why), "\(text)")
    }

    @Test("a shared sub-flow's branch for another caller is listed with why")
    func subflowBranchesOfOtherCallersSayWhy() throws {
        let example = FlowLibrary.root.appendingPathComponent("Examples/shared-subflows")
        let explored = try Flowrun.run(["test", "--explore", "reset/reset-password.yaml"], in: example)
        #expect(explored.status == 0, "\(explored.stdout)\(explored.stderr)")
        #expect(
            explored.stdout.contains(
                "submit_code: if #1 → submit_sign_up_code — not reached: no run of this flow can take it: the "
                    + "constant params it passes to the sub-flow rule it out"), "\(explored.stdout)")
    }
}
