import FlowChecker
import FlowModel
import NativeAuth
import Testing

/// FR133: a machine code shown to people where the catalog gives it in words.
@Suite("machine codes in texts people read")
struct MachineCodeRuleTests {
    /// `reason` is a code with words (`reasonText`) on `invalidPassword`, and the server's text on
    /// `browserRequired`.
    static let catalog = ActionCatalog(
        authority: "test",
        actions: [
            "signUp.start": CatalogAction(
                parameters: ["password": CatalogValue(type: .password, required: true, secret: true)],
                outcomes: [
                    "completed": CatalogOutcome(),
                    "invalidPassword": CatalogOutcome(
                        error: true,
                        data: ["reason": CatalogValue(type: .string), "reasonText": CatalogValue(type: .string)]),
                    "browserRequired": CatalogOutcome(data: ["reason": CatalogValue(type: .string)]),
                ])
        ])

    static func flow(invalid: String, browser: String, done: String) -> String {
        """
        flowrun: 1
        id: machine-codes
        authority: test
        inputs:
          password: { type: password, label: Password }
        start: ask
        steps:
          ask:
            ask: [password]
            next: sign_up
          sign_up:
            action: signUp.start
            with: { password: "${password}" }
            on:
              completed: done
              invalidPassword: { goto: ask, message: "\(invalid)", attempts: 3, exhausted: { fail: refused } }
              browserRequired: { end: browser_required, message: "\(browser)" }
          done: { end: success, message: "\(done)" }

        """
    }

    @Test("the code of an outcome that gives it in words is reported where that outcome's message shows it")
    func codeWithWordsIsReported() throws {
        let result = try check(
            [
                (
                    "flow.yaml",
                    Self.flow(invalid: "Refused: ${reason}", browser: "Use a browser: ${reason}", done: "Done")
                )
            ],
            catalogs: [Self.catalog])
        #expect(result.found == ["FR133@16:56"], "\(result.diagnostics)")
        #expect(result.diagnostics.first?.hint.contains("${reasonText}") == true)
    }

    @Test("the words, and the same name where its outcome gives no words, are not reported")
    func wordsAreNotReported() throws {
        let result = try check(
            [
                (
                    "flow.yaml",
                    Self.flow(invalid: "${reasonText} Try another.", browser: "Use a browser: ${reason}", done: "Done")
                )
            ],
            catalogs: [Self.catalog])
        #expect(result.found.filter { $0.hasPrefix("FR133") }.isEmpty, "\(result.diagnostics)")
    }

    @Test("the native-auth catalog's error code in a message is reported, naming its words")
    func nativeAuthErrorCodeIsReported() throws {
        let flow = """
            flowrun: 1
            id: error-code
            inputs:
              email: { type: email, label: Email }
            start: ask
            steps:
              ask:
                ask: [email]
                next: sign_up
              sign_up:
                action: signUp.start
                with: { username: "${email}" }
                on:
                  unexpected: { fail: unexpected, message: "Sign-up failed: ${error}" }
                  browserRequired: { end: browser_required, message: "${reasonText}" }
                  otherwise: { fail: other, message: "Sign-up failed: ${errorText}" }

            """
        let result = try check([("flow.yaml", flow)], catalogs: [NativeAuthClient.defaultCatalog])
        #expect(result.found.filter { $0.hasPrefix("FR133") } == ["FR133@14:65"], "\(result.diagnostics)")
        let shown = result.diagnostics.first { $0.message.contains("machine code") }
        #expect(shown?.hint.contains("${errorText}") == true)
    }
}
