import FlowChecker
import FlowModel
import Testing

/// A catalog with what the security rules look at: a secret parameter and datum, a resend action, the
/// two sign-in failures an attacker could tell apart, and raw error text.
private let securityCatalog = ActionCatalog(
    authority: "test",
    actions: [
        "signIn.start": CatalogAction(
            parameters: [
                "username": CatalogValue(type: .email, required: true),
                "password": CatalogValue(type: .password, secret: true),
            ],
            outcomes: [
                "codeRequired": CatalogOutcome(data: ["sentTo": CatalogValue(type: .string)]),
                "completed": CatalogOutcome(data: [
                    "username": CatalogValue(type: .string), "token": CatalogValue(type: .string, secret: true),
                ]),
                "userNotFound": CatalogOutcome(error: true),
                "invalidCredentials": CatalogOutcome(error: true),
                "unexpected": CatalogOutcome(
                    error: true,
                    data: ["error": CatalogValue(type: .string), "errorDescription": CatalogValue(type: .string)]),
            ]),
        "signIn.submitCode": CatalogAction(
            parameters: ["code": CatalogValue(type: .code, required: true, secret: true)],
            outcomes: [
                "completed": CatalogOutcome(data: ["username": CatalogValue(type: .string)]),
                "invalidCode": CatalogOutcome(error: true),
            ]),
        "signIn.resendCode": CatalogAction(outcomes: [
            "codeRequired": CatalogOutcome(data: ["sentTo": CatalogValue(type: .string)])
        ]),
        "note.save": CatalogAction(
            parameters: ["text": CatalogValue(type: .string, required: true)],
            outcomes: ["completed": CatalogOutcome()]),
    ])

/// A sign-in that passes every security rule; each test breaks one thing in it.
private let secureFlow = """
    flowrun: 1
    id: sign-in
    authority: test
    inputs:
      email: { type: email }
      password: { type: password }
      code: { type: code }
    start: ask_credentials
    steps:
      ask_credentials:
        ask: [email, password]
        next: begin
      begin:
        action: signIn.start
        with: { username: "${email}", password: "${password}" }
        on:
          codeRequired: ask_code
          completed: done
          userNotFound: { goto: ask_credentials, message: Wrong email or password., attempts: 3, exhausted: { fail: locked } }
          invalidCredentials: { goto: ask_credentials, message: Wrong email or password., attempts: 3, exhausted: { fail: locked } }
          unexpected: { fail: unexpected, message: Sign-in failed., output: { detail: "${errorDescription}" } }
      ask_code:
        ask: code
        hint: Sent to ${sentTo}
        choices:
          resend: { goto: resend, attempts: 3, exhausted: { fail: too_many_codes } }
        next: submit
      resend:
        action: signIn.resendCode
        on: { codeRequired: ask_code }
      submit:
        action: signIn.submitCode
        with: { code: "${code}" }
        on:
          completed: done
          invalidCode: { goto: ask_code, message: Wrong code., attempts: 3, exhausted: { fail: too_many } }
      done:
        end: success
        message: Welcome ${username}

    """

private let notFoundHandler =
    "userNotFound: { goto: ask_credentials, message: Wrong email or password., attempts: 3, exhausted: { fail: locked } }"

/// Checks `flow` (and any sub-flows) against the security catalog.
private func checkSecurity(_ flow: String, subflows: [(name: String, text: String)] = []) throws -> CheckResult {
    try check([("flow.yaml", flow)] + subflows, catalogs: [securityCatalog])
}

@Suite("security rules")
struct SecurityRuleTests {
    @Test("the secure flow is clean")
    func secureFlowIsClean() throws {
        let result = try checkSecurity(secureFlow)
        #expect(result.found == [])
        #expect(result.program != nil)
    }

    @Test("FR122 a password loop without an attempt limit is an error, at the transition back to the ask")
    func passwordLoopWithoutLimit() throws {
        let result = try checkSecurity(
            variant(
                notFoundHandler, "userNotFound: { goto: ask_credentials, message: Wrong email or password. }",
                in: secureFlow))
        #expect(result.found == ["FR122@19:21"])
        #expect(result.diagnostics.first?.severity == .error)
        #expect(
            result.diagnostics.first?.message.contains("`ask_credentials` asks the secret input `password`") == true)
        #expect(result.program == nil)
    }

    @Test("FR122 once for a code asked again through an unlimited resend loop; a non-secret ask may loop freely")
    func codeLoopWithoutLimit() throws {
        let unlimitedResend = variant(
            "resend: { goto: resend, attempts: 3, exhausted: { fail: too_many_codes } }", "resend: resend",
            in: secureFlow)
        // One loop, one finding: FR122 at the resend, whose limit ends the loop.
        let merged = try checkSecurity(unlimitedResend)
        #expect(merged.found == ["FR122@29:13"])
        #expect(merged.diagnostics.first?.message.contains("asks the secret input `code` again") == true)
        let notSecret = variant("code: { type: code }", "code: { type: code, secret: false }", in: unlimitedResend)
        #expect(try checkSecurity(notSecret).found == ["FR123@29:13"])
    }

    @Test("FR123 resend without a limit is a warning, at the resend action or the resend choice")
    func resendWithoutLimit() throws {
        let notSecret = variant("code: { type: code }", "code: { type: code, secret: false }", in: secureFlow)
        let atAction = try checkSecurity(
            variant(
                "resend: { goto: resend, attempts: 3, exhausted: { fail: too_many_codes } }", "resend: resend",
                in: notSecret))
        #expect(atAction.found == ["FR123@29:13"])
        #expect(atAction.diagnostics.first?.severity == .warning)
        #expect(atAction.program != nil)
        // Without a resend action, the `resend` choice itself is reported.
        let atChoice = try checkSecurity(
            variant(
                "resend: { goto: resend, attempts: 3, exhausted: { fail: too_many_codes } }", "resend: begin",
                in: notSecret))
        #expect(atChoice.found == ["FR123@26:15", "FR102@28:3"])
    }

    @Test("FR124 a secret in a message, directly, through `set`, or from an outcome's secret data")
    func secretInMessage() throws {
        let direct = try checkSecurity(
            variant("message: Wrong code.,", #"message: "Wrong code ${code}.","#, in: secureFlow))
        #expect(direct.found == ["FR124@36:59"])
        #expect(direct.diagnostics.first?.severity == .error)
        let token = try checkSecurity(
            variant(
                "      completed: done\n      userNotFound",
                "      completed: { goto: done, message: \"Token ${token}\" }\n      userNotFound", in: secureFlow))
        #expect(token.found == ["FR124@18:48"])
        let copied = try checkSecurity(
            variant(
                "    on: { codeRequired: ask_code }\n",
                "    on: { codeRequired: remember }\n  remember:\n    set: { shown: \"pin ${password}\" }\n"
                    + "    next: { goto: ask_code, message: \"You typed ${shown}\" }\n", in: secureFlow))
        #expect(copied.found == ["FR124@33:49"])
    }

    @Test("FR124 a secret passed to a parameter or sub-flow param not marked secret; secret ones are fine")
    func secretArgument() throws {
        let note = variant(
            "      completed: done\n      userNotFound", "      completed: save\n      userNotFound",
            in: secureFlow + "  save:\n    action: note.save\n    with: { text: \"${password}\" }\n"
                + "    on: { completed: done }\n")
        let result = try checkSecurity(note)
        #expect(result.found == ["FR124@42:20"])
        #expect(result.diagnostics.first?.message.contains("parameter of `note.save` `text`") == true)

        let sub = """
            flowrun: 1
            id: sub
            authority: test
            params:
              pin: { type: text }
              hidden: { type: text, secret: true }
            start: done
            steps:
              done: { end: success, output: { echo: "${hidden}", shown: "${pin}" } }

            """
        let caller = variant(
            "      completed: done\n      userNotFound", "      completed: call\n      userNotFound",
            in: secureFlow
                + "  call:\n    use: ./sub.yaml\n    with: { pin: \"${password}\", hidden: \"${password}\" }\n"
                + "    on: { success: { goto: done, message: \"Got ${echo}\" } }\n")
        let passed = try checkSecurity(caller, subflows: [("sub.yaml", sub)])
        #expect(passed.found == ["FR124@42:19", "FR124@43:48"])
    }

    @Test("FR125 raw error text in a message is a warning; in an output it is fine")
    func rawErrorText() throws {
        let result = try checkSecurity(
            variant("message: Sign-in failed.,", #"message: "Sign-in failed: ${errorDescription}","#, in: secureFlow))
        #expect(result.found == ["FR125@21:65"])
        #expect(result.diagnostics.first?.severity == .warning)
        #expect(result.program != nil)
        let copied = try checkSecurity(
            variant(
                #"unexpected: { fail: unexpected, message: Sign-in failed., output: { detail: "${errorDescription}" } }"#,
                "unexpected: explain",
                in: secureFlow
                    + "  explain:\n    set: { why: \"code ${error}\" }\n    next: { fail: unexpected, message: \"${why}\" }\n"
            ))
        #expect(copied.found == ["FR125@42:41"])
    }

    @Test("FR126 different messages for an unknown user and a wrong password, at the odd handler")
    func accountEnumeration() throws {
        let result = try checkSecurity(
            variant(
                notFoundHandler,
                #"userNotFound: { goto: ask_credentials, message: "No account uses ${email}.", attempts: 3, exhausted: { fail: locked } }"#,
                in: secureFlow))
        #expect(result.found == ["FR126@19:21"])
        #expect(result.diagnostics.first?.severity == .warning)
        #expect(result.diagnostics.first?.message.contains("“Wrong email or password.”") == true)
        // `otherwise` is not counted: only outcomes the flow names are compared.
        let otherwise = variant(
            notFoundHandler,
            "otherwise: { goto: ask_credentials, message: Unknown., attempts: 3, exhausted: { fail: locked } }",
            in: secureFlow)
        #expect(try checkSecurity(otherwise).found == [])
    }

    @Test("FR126 the same message but another next ask (a step asking only the password) for a wrong password")
    func accountEnumerationByTheNextAsk() throws {
        let retry = variant(
            "invalidCredentials: { goto: ask_credentials,", "invalidCredentials: { goto: retry_password,",
            in: secureFlow
        ).replacingOccurrences(
            of: "  ask_code:\n", with: "  retry_password:\n    ask: [password]\n    next: begin\n  ask_code:\n")
        let result = try checkSecurity(retry)
        #expect(result.found == ["FR126@19:21"], "\(result.diagnostics)")
        let message = result.diagnostics.first?.message ?? ""
        #expect(message.contains("asks for password at `retry_password`"), "\(message)")
        #expect(message.contains("asks for email, password at `ask_credentials`"), "\(message)")
    }
}
