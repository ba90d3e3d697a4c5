import Foundation
import Testing

/// Sign-up flows of `flows/` run end to end by the real binary against the embedded authority.
@Suite struct SignUpScenarioTests {
    static let email = "ann@example.com"

    // MARK: Seed scenarios

    @Test func signUpWithAnEmailCode() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run("sign-up-email-otp", inputs: ["email=\(Self.email)", "code=@outbox"])
        run.expectSuccess("Signed up successfully as \(Self.email)!")
        #expect(run.ended?.output["username"] == .string(Self.email))
        #expect(run.outcomes == ["signUp.start → codeRequired", "signUp.submitCode → completed"])
        let sent = try sandbox.sentCodes()
        #expect(sent.map(\.purpose) == ["signUp"])
        #expect(sent.first?.to == Self.email)
        #expect(try sandbox.account() == nil, "a sign-up alone signs nobody in")
        #expect(
            FileManager.default.fileExists(atPath: sandbox.stateDir.appendingPathComponent("authority.sqlite").path))
    }

    @Test func signUpWithThePasswordAtTheStart() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(
            "sign-up-password", inputs: ["email=\(Self.email)", "password=\(Planted.password)", "code=@outbox"])
        run.expectSuccess("Signed up successfully as \(Self.email)!")
        #expect(run.outcomes == ["signUp.start → codeRequired", "signUp.submitCode → completed"])
        // The password went to the authority with the start: it signs the new user in.
        _ = try sandbox.signIn(Self.email, Planted.password)
    }

    @Test func signUpWithThePasswordAfterVerification() throws {
        let sandbox = try Sandbox(tenant: Tenant.emailPassword)
        let run = try sandbox.run(
            "sign-up-password-after-verification",
            inputs: ["email=\(Self.email)", "code=@outbox", "password=\(Planted.password)"])
        run.expectSuccess("Signed up successfully as \(Self.email)!")
        run.expectMessage("Your email is verified. Now choose a password.")
        #expect(
            run.outcomes == [
                "signUp.start → codeRequired", "signUp.submitCode → passwordRequired",
                "signUp.submitPassword → completed",
            ])
        _ = try sandbox.signIn(Self.email, Planted.password)
    }

    /// An attributes input from the command line: one `--input NAME.FIELD=VALUE` a field, or a JSON object; a
    /// value that is neither is refused in words that show both forms.
    @Test(arguments: [
        ["profile.displayName=Kim", "profile.city=Paris"], [#"profile={"displayName": "Kim", "city": "Paris"}"#],
    ])
    func attributesFromTheCommandLine(profile: [String]) throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(
            "sign-up-with-attributes", inputs: ["email=\(Self.email)"] + profile + ["code=@outbox"])
        run.expectSuccess()
        #expect(!run.events.contains { $0.event == "inputRejected" }, "\(run.transcript)")
    }

    @Test func anAttributesInputRefusesAPlainValue() throws {
        let run = try Sandbox().run("sign-up-with-attributes", inputs: ["email=\(Self.email)", "profile=Kim"])
        #expect(run.status == 2, "\(run.transcript)")
        #expect(run.stderr.contains("an attributes input takes a JSON object of texts"), "\(run.transcript)")
        #expect(run.stderr.contains("--input profile.FIELD=VALUE"), "\(run.transcript)")
    }

    /// Attributes on one page: displayName and city go with the start; the authority asks once for the
    /// required country, then the new user is signed in and the attributes are claims of the ID token.
    @Test func signUpWithAttributesOnOnePage() throws {
        let sandbox = try Sandbox(
            tenant: Tenant.with(
                """
                signUp:
                  requiredAttributes:
                    - { name: displayName, page: 1 }
                    - { name: country, page: 1 }
                  optionalAttributes:
                    - { name: city }
                tokens: { attributeClaims: [city, country] }
                """))
        let answers = try sandbox.folder.write(
            "answers.yaml",
            """
            email: \(Self.email)
            profile: { displayName: Ann Lee, city: Oslo }
            code: "@outbox"
            extra: { country: Norway }

            """)
        let run = try sandbox.run("sign-up-with-attributes", ["--answers", answers.path])
        run.expectSuccess("Signed up and signed in as \(Self.email)")
        #expect(run.asks("ask_extra") == 1)
        #expect(
            run.outcomes == [
                "signUp.start → codeRequired", "signUp.submitCode → attributesRequired",
                "signUp.submitAttributes → completed", "signIn.afterSignUp → completed",
            ])
        let claims = try sandbox.run("account-claims")
        claims.expectSuccess("Signed in as \(Self.email)")
        let claimed = claims.ended?.output["claims"]
        #expect(claimed?["name"] == .string("Ann Lee"), "\(claimed?.description ?? "no claims")")
        #expect(claimed?["city"] == .string("Oslo"))
        #expect(claimed?["country"] == .string("Norway"))
    }

    /// Required attributes on pages 1 and 2: asked over two `attributesRequired` rounds.
    @Test func signUpWithAttributesOverTwoPages() throws {
        let sandbox = try Sandbox(
            tenant: Tenant.with(
                """
                signUp:
                  requiredAttributes:
                    - { name: displayName, page: 1 }
                    - { name: city, page: 2 }
                """))
        let answers = try sandbox.folder.write(
            "answers.yaml",
            """
            email: \(Self.email)
            code: "@outbox"
            page:
              - { displayName: Ann Lee }
              - { city: Oslo }

            """)
        let run = try sandbox.run("sign-up-attributes-pages", ["--answers", answers.path])
        run.expectSuccess("Signed up successfully as \(Self.email)!")
        #expect(run.asks("ask_page") == 2)
        run.expectMessage("Your email is verified. Tell us a little about yourself.")
        run.expectMessage("Thanks! A few more details are needed.")
        #expect(
            run.outcomes == [
                "signUp.start → codeRequired", "signUp.submitCode → attributesRequired",
                "signUp.submitAttributes → attributesRequired", "signUp.submitAttributes → completed",
            ])
    }

    @Test func signUpThenSignInWithoutAskingAgain() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run("sign-up-and-sign-in", inputs: ["email=\(Self.email)", "code=@outbox"])
        run.expectSuccess("Signed up and signed in as \(Self.email)")
        run.expectMessage("Signed up successfully!")
        #expect(run.outcomes.last == "signIn.afterSignUp → completed")
        #expect(run.events.contains { $0.event == "subflowStarted" })
        #expect(try sandbox.account()?["username"] == .string(Self.email))
        #expect(posixMode(sandbox.accountFile.path) == 0o600)
    }

    // MARK: Error paths

    @Test(arguments: ["sign-up-email-otp", "sign-up-password"])
    func userAlreadyExists(flow: String) throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithCode(Self.email)
        let password = flow == "sign-up-password" ? ["password=\(Planted.password)"] : []
        let run = try sandbox.run(flow, inputs: ["email=\(Self.email)", "code=@outbox"] + password)
        run.expectFailure("user_already_exists", "Unable to sign up: a user already exists with this username.")
        #expect(run.outcomes == ["signUp.start → userAlreadyExists"])
        #expect(try sandbox.sentCodes().count == 1, "no code is sent for an existing user")
    }

    /// `not-an-email` never reaches the authority: the flow's input check refuses it. An address the input
    /// check accepts but the authority does not (an `_` in the domain) gives `invalidUsername`, and the flow
    /// asks for the email again with its message.
    @Test func usernameTheAuthorityRefusesIsAskedAgain() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(
            "sign-up-email-otp", inputs: ["email=ann@exa_mple.com", "email=\(Self.email)", "code=@outbox"])
        run.expectSuccess("Signed up successfully as \(Self.email)!")
        run.expectMessage("Unable to sign up: the username is invalid. Enter a valid email address.")
        #expect(run.outcomes.first == "signUp.start → invalidUsername")
        #expect(run.asks("ask_email") == 2)
    }

    @Test func usernameTheInputCheckRefusesStopsAScriptedRun() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run("sign-up-email-otp", inputs: ["email=not-an-email", "code=@outbox"])
        #expect(run.status == 1, run.transcript)
        #expect(run.ended == nil)
        let rejected = run.events.first { $0.event == "inputRejected" }
        #expect(rejected?.step == "ask_email")
        #expect(rejected?.message == "Enter a valid email address")
        #expect(!run.events.contains { $0.event == "actionCalled" }, "nothing is sent to the authority")
        #expect(run.stderr.contains("was refused: Enter a valid email address"), run.transcript)
    }

    /// Refused passwords and the reason in words the library's flows show (the suberror's `reasonText`).
    static let refusedPasswords: [(String, String)] = [
        ("Sh0rt!", "The password is too short."),
        ("onlylowercaseletters", "The password is too weak."),
        ("Password123", "This password is not allowed."),
        (String(repeating: "Aa1!", count: 65), "The password is too long."),
        ("Pässwörd-123", "This password cannot be used."),
    ]

    /// A password refused at the start is asked again with the reason, and the sign-up goes on.
    @Test(arguments: refusedPasswords)
    func refusedPasswordAtTheStart(password: String, reason: String) throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(
            "sign-up-password",
            inputs: ["email=\(Self.email)", "password=\(password)", "password=\(Planted.password)", "code=@outbox"])
        run.expectSuccess("Signed up successfully as \(Self.email)!")
        run.expectMessage("Unable to sign up. \(reason) Choose a different password.")
        #expect(run.outcomes.first == "signUp.start → invalidPassword")
        #expect(run.asks("ask_password") == 1)
    }

    /// A password refused after the email is verified is asked again with the reason.
    @Test(arguments: refusedPasswords)
    func refusedPasswordAfterVerification(password: String, reason: String) throws {
        let sandbox = try Sandbox(tenant: Tenant.emailPassword)
        let run = try sandbox.run(
            "sign-up-password-after-verification",
            inputs: ["email=\(Self.email)", "code=@outbox", "password=\(password)", "password=\(Planted.password)"])
        run.expectSuccess("Signed up successfully as \(Self.email)!")
        run.expectMessage("\(reason) Choose a different password.")
        #expect(run.outcomes.contains("signUp.submitPassword → invalidPassword"))
        #expect(run.outcomes.last == "signUp.submitPassword → completed")
    }

    /// The flow asks a refused password again three times at most: the fourth refusal ends it.
    @Test func fourRefusedPasswordsEndTheSignUp() throws {
        let sandbox = try Sandbox(tenant: Tenant.emailPassword)
        let run = try sandbox.run(
            "sign-up-password-after-verification",
            inputs: [
                "email=\(Self.email)", "code=@outbox", "password=short", "password=Password123",
                "password=weakweakweak", "password=password",
            ])
        run.expectFailure("invalid_password", "Too many refused passwords. Please start again.")
        #expect(run.events.contains { $0.event == "attemptsExhausted" })
    }

    @Test func wrongCodeThenTheRightOne() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(
            "sign-up-email-otp", inputs: ["email=\(Self.email)", "code=\(Planted.wrongCode)", "code=@outbox"])
        run.expectSuccess("Signed up successfully as \(Self.email)!")
        run.expectMessage("The code is incorrect. Check it and try again.")
        #expect(
            run.outcomes == [
                "signUp.start → codeRequired", "signUp.submitCode → invalidCode", "signUp.submitCode → completed",
            ])
    }

    /// The tenant allows 2 wrong codes, fewer than the flow's 3 attempts: the authority ends it.
    @Test func tooManyWrongCodesForTheAuthority() throws {
        let sandbox = try Sandbox(tenant: Tenant.with("codes: { maxAttempts: 2 }"))
        let run = try sandbox.run(
            "sign-up-email-otp",
            inputs: ["email=\(Self.email)", "code=\(Planted.wrongCode)", "code=\(Planted.wrongCode)", "code=@outbox"])
        run.expectFailure("too_many_attempts", "Too many incorrect codes. Please start again.")
        #expect(run.outcomes.last == "signUp.submitCode → tooManyAttempts")
        #expect(!run.events.contains { $0.event == "attemptsExhausted" })
    }

    /// The tenant allows 5 wrong codes, more than the flow's 3 attempts: the flow ends it.
    @Test func tooManyWrongCodesForTheFlow() throws {
        let sandbox = try Sandbox()
        let wrong = "code=\(Planted.wrongCode)"
        let run = try sandbox.run(
            "sign-up-email-otp", inputs: ["email=\(Self.email)", wrong, wrong, wrong, "code=@outbox"])
        run.expectFailure("too_many_attempts", "Too many incorrect codes. Please start again.")
        #expect(run.outcomes.filter { $0 == "signUp.submitCode → invalidCode" }.count == 3)
        #expect(run.events.contains { $0.event == "attemptsExhausted" })
    }

    /// Codes live 1 s: the run is saved while waiting for the code and resumed 1.5 s later.
    @Test func expiredCode() throws {
        let sandbox = try Sandbox(tenant: Tenant.with("codes: { lifetimeSeconds: 1 }"))
        let session = sandbox.path("session.json")
        let first = try sandbox.run("sign-up-email-otp", inputs: ["email=\(Self.email)"], ["--save", session])
        #expect(first.status == 5, first.transcript)
        Thread.sleep(forTimeInterval: 1.5)
        let resumed = try sandbox.run("sign-up-email-otp", inputs: ["code=@outbox"], ["--resume", session])
        resumed.expectFailure("expired", "The code has expired. Please start again.")
        #expect(resumed.outcomes == ["signUp.submitCode → expired"])
    }

    /// Attributes the tenant's regex refuses are named, and asked again.
    @Test func invalidAttributesAreAskedAgain() throws {
        let sandbox = try Sandbox(
            tenant: Tenant.with(
                """
                signUp:
                  requiredAttributes:
                    - { name: displayName, regex: "[A-Z][a-z]+( [A-Z][a-z]+)*" }
                """))
        let answers = try sandbox.folder.write(
            "answers.yaml",
            """
            email: [\(Self.email), \(Self.email)]
            profile:
              - { displayName: ann lee }
              - { displayName: Ann Lee }
            code: "@outbox"

            """)
        let run = try sandbox.run("sign-up-with-attributes", ["--answers", answers.path])
        run.expectSuccess("Signed up and signed in as \(Self.email)")
        run.expectMessage("Some details are not valid: ")
        #expect(run.messages.contains { $0.hasPrefix("Some details are not valid: ") && $0.contains("displayName") })
        #expect(run.outcomes.first == "signUp.start → attributesInvalid")
        #expect(run.asks("ask_details") == 2)
    }

    /// The tenant's sign-up needs a password and the client lacks `password`: a browser is required.
    @Test func browserRequiredWhenTheClientCannotSendAPassword() throws {
        let sandbox = try Sandbox(tenant: Tenant.emailPassword)
        let run = try sandbox.run(
            "sign-up-password-after-verification", inputs: ["email=\(Self.email)", "code=@outbox"],
            ["--challenge-types", "oob redirect"])
        run.expectEnd(
            status: 4, kind: "browser_required",
            message: "Sign-up must continue in a browser.")
        #expect(
            run.ended?.output["redirectReason"]?.description
                == "Sign-up needs a password and the client does not support the password challenge type.",
            run.transcript)
        #expect(run.outcomes == ["signUp.start → browserRequired"])
        #expect(try sandbox.sentCodes().isEmpty)
    }

    @Test func browserRequiredWhenTheClientCannotVerifyTheEmail() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(
            "sign-up-email-otp", inputs: ["email=\(Self.email)", "code=@outbox"],
            ["--challenge-types", "password redirect"])
        run.expectEnd(
            status: 4, kind: "browser_required",
            message: "Sign-up must continue in a browser.")
        #expect(
            run.ended?.output["redirectReason"]?.description
                == "The client does not support the oob challenge type needed to verify the email address.",
            run.transcript)
    }

    // MARK: Resending, clients and sign-in after sign-up

    /// `{choose: resend}` asks for a new code; the previous code no longer verifies.
    @Test func resendMakesThePreviousCodeInvalid() throws {
        let sandbox = try Sandbox()
        let session = sandbox.path("s.json")
        let first = try sandbox.run("sign-up-email-otp", inputs: ["email=\(Self.email)"], ["--save", session])
        #expect(first.status == 5, first.transcript)
        let previous = try #require(try sandbox.sentCodes().first?.code)
        let answers = try sandbox.folder.write(
            "answers.yaml",
            """
            code:
              - { choose: resend }
              - "\(previous)"
              - "@outbox"

            """)
        let run = try sandbox.run("sign-up-email-otp", ["--resume", session, "--answers", answers.path])
        run.expectSuccess("Signed up successfully as \(Self.email)!")
        run.expectMessage("A new code was sent to ")
        run.expectMessage("The code is incorrect. Check it and try again.")
        #expect(
            run.outcomes == [
                "signUp.resendCode → codeRequired", "signUp.submitCode → invalidCode", "signUp.submitCode → completed",
            ])
        #expect(try sandbox.sentCodes().count == 2)
    }

    @Test func resendBeforeTheIntervalIsRefused() throws {
        let sandbox = try Sandbox(tenant: Tenant.with("codes: { resendInterval: 60 }"))
        let answers = try sandbox.folder.write(
            "answers.yaml",
            """
            email: \(Self.email)
            code: [{ choose: resend }]

            """)
        let run = try sandbox.run("sign-up-email-otp", ["--answers", answers.path])
        run.expectFailure("unexpected", "Error resending the code.")
        #expect(run.outcomes.last == "signUp.resendCode → unexpected")
        #expect(try sandbox.sentCodes().count == 1)
    }

    @Test func unknownClientID() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(
            "sign-up-email-otp", inputs: ["email=\(Self.email)", "code=@outbox"], ["--client-id", "not-registered"])
        run.expectFailure(
            "unexpected",
            "Unexpected error signing up. This app is not allowed to sign you in this way. Contact its support.")
        #expect(run.errorDescription.contains("AADSTS700016"))
        #expect(try sandbox.sentCodes().isEmpty)
    }

    /// The tenant wants strong-auth registration before a first sign-in: with the `registration_required`
    /// capability the sub-flow fails and the flow ends `signed_up`; without it, a browser is required.
    @Test func signInAfterSignUpNeedsRegistration() throws {
        let tenant = Tenant.with("registration: { required: true }")
        let capable = try Sandbox(tenant: tenant)
        let run = try capable.run(
            "sign-up-and-sign-in", inputs: ["email=\(Self.email)", "code=@outbox"],
            ["--capabilities", "registration_required"])
        run.expectEnd(status: 1, kind: "signed_up", message: "Your account was created. Sign in to continue.")
        run.expectMessage("The account must register a verification method before it can sign in.")
        #expect(run.ended?.output["username"] == .string(Self.email))
        #expect(try capable.account() == nil)

        let plain = try Sandbox(tenant: tenant)
        let browser = try plain.run("sign-up-and-sign-in", inputs: ["email=\(Self.email)", "code=@outbox"])
        browser.expectEnd(
            status: 4, kind: "browser_required",
            message: "Your account was created; sign-in must continue in a browser.")
    }

    /// The sub-flow alone has no completed sign-up to continue from.
    @Test func signInAfterSignUpRunAlone() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run("sign-in-after-sign-up", ["--param", "username=\(Self.email)"])
        run.expectFailure("unexpected", "Error signing in after sign-up.")
        #expect(
            run.errorDescription.contains(
                "Sign in is not available: no completed sign-up left a continuation token in this run."))
    }
}
