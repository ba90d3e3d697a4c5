import Foundation
import Testing

/// Sign-in flows of `flows/` run end to end by the real binary against the embedded authority.
@Suite struct SignInScenarioTests {
    static let email = "bob@example.com"

    // MARK: Seed scenarios

    @Test func signInWithAnEmailCode() throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithCode(Self.email)
        let run = try sandbox.run("sign-in-email-otp", inputs: ["email=\(Self.email)", "code=@outbox"])
        run.expectSuccess("Signed in as \(Self.email)")
        #expect(run.ended?.output["username"] == .string(Self.email))
        #expect(run.outcomes == ["signIn.start → codeRequired", "signIn.submitCode → completed"])
        #expect(try sandbox.sentCodes().map(\.purpose) == ["signIn", "signUp"])
        #expect(try sandbox.account()?["username"] == .string(Self.email))
        #expect(posixMode(sandbox.accountFile.path) == 0o600)
    }

    @Test func signInWithAPassword() throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithPassword(Self.email)
        let run = try sandbox.signIn(Self.email)
        #expect(run.outcomes == ["signIn.start → completed"])
        #expect(try sandbox.sentCodes().map(\.purpose) == ["signUp"], "a password sign-in sends no code")
        #expect(try sandbox.account()?["username"] == .string(Self.email))
        #expect(posixMode(sandbox.accountFile.path) == 0o600)
    }

    /// A user without a password who runs the password flow is sent a code instead.
    @Test func passwordFlowFollowsTheAuthorityToACode() throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithCode(Self.email)
        let run = try sandbox.run(
            "sign-in-password", inputs: ["email=\(Self.email)", "password=\(Planted.password)", "code=@outbox"])
        run.expectSuccess("Signed in as \(Self.email)")
        run.expectMessage("This account signs in with a one-time passcode.")
        #expect(run.outcomes == ["signIn.start → codeRequired", "signIn.submitCode → completed"])
    }

    /// A user with a password gets a code when the client does not list `password`.
    @Test func passwordUserSignsInWithACodeWhenTheClientLacksPassword() throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithPassword(Self.email)
        let withPassword = try sandbox.run("sign-in-email-otp", inputs: ["email=\(Self.email)", "code=@outbox"])
        withPassword.expectFailure(
            "password_required", "This account signs in with a password; use the password sign-in.")
        let run = try sandbox.run(
            "sign-in-email-otp", inputs: ["email=\(Self.email)", "code=@outbox"], ["--challenge-types", "oob redirect"])
        run.expectSuccess("Signed in as \(Self.email)")
    }

    // MARK: Error paths

    @Test func wrongCodeThenTheRightOne() throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithCode(Self.email)
        let run = try sandbox.run(
            "sign-in-email-otp", inputs: ["email=\(Self.email)", "code=\(Planted.wrongCode)", "code=@outbox"])
        run.expectSuccess("Signed in as \(Self.email)")
        run.expectMessage("The code is incorrect. Check it and try again.")
        #expect(run.outcomes.contains("signIn.submitCode → invalidCode"))
    }

    @Test func tooManyWrongCodesForTheAuthority() throws {
        let sandbox = try Sandbox(tenant: Tenant.with("codes: { maxAttempts: 1 }"))
        try sandbox.signUpWithCode(Self.email)
        let run = try sandbox.run(
            "sign-in-email-otp", inputs: ["email=\(Self.email)", "code=\(Planted.wrongCode)", "code=@outbox"])
        run.expectFailure("too_many_attempts", "Too many incorrect codes. Please start again.")
        #expect(run.outcomes.last == "signIn.submitCode → tooManyAttempts")
    }

    @Test(arguments: ["sign-in-email-otp", "sign-in-password"])
    func unknownUserIsAskedAgain(flow: String) throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithPassword(Self.email)
        let run = try sandbox.run(
            flow,
            inputs: ["email=nobody@example.com", "email=\(Self.email)", "code=@outbox"]
                + (flow == "sign-in-password" ? ["password=\(Planted.password)", "password=\(Planted.password)"] : []),
            ["--challenge-types", flow == "sign-in-email-otp" ? "oob redirect" : "oob password redirect"])
        run.expectSuccess("Signed in as \(Self.email)")
        // The password flow does not tell an unknown email from a wrong password (FR126).
        run.expectMessage(
            flow == "sign-in-password"
                ? "The email address or password is incorrect."
                : "Invalid username: no account uses nobody@example.com.")
        #expect(run.outcomes.first == "signIn.start → userNotFound")
    }

    /// With no second email scripted, the run stops with an error instead of an end.
    @Test func unknownUserWithNothingMoreToAnswer() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run("sign-in-email-otp", inputs: ["email=nobody@example.com"])
        #expect(run.status == 1, run.transcript)
        #expect(run.ended == nil)
        run.expectMessage("Invalid username: no account uses nobody@example.com.")
        #expect(run.stderr.contains("no scripted answer left for `email`"), run.transcript)
    }

    @Test func wrongPasswordThenTheRightOne() throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithPassword(Self.email)
        let run = try sandbox.run(
            "sign-in-password",
            inputs: [
                "email=\(Self.email)", "password=\(Planted.otherPassword)", "email=\(Self.email)",
                "password=\(Planted.password)",
            ])
        run.expectSuccess("Signed in as \(Self.email)")
        run.expectMessage("The email address or password is incorrect.")
        #expect(run.outcomes == ["signIn.start → invalidCredentials", "signIn.start → completed"])
    }

    @Test func threeWrongPasswordsEndTheSignIn() throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithPassword(Self.email)
        let wrong = "password=\(Planted.otherPassword)"
        let email = "email=\(Self.email)"
        let run = try sandbox.run("sign-in-password", inputs: [email, wrong, email, wrong, email, wrong])
        run.expectFailure("invalid_credentials", "Too many incorrect passwords. Please try again later.")
        #expect(run.outcomes == Array(repeating: "signIn.start → invalidCredentials", count: 3))
        #expect(try sandbox.account() == nil)
    }

    /// A user with a password, a client with only `oob`, and a tenant without email-code sign-in for such users.
    @Test func browserRequiredForAPasswordUserWithoutThePasswordChallenge() throws {
        let sandbox = try Sandbox(tenant: Tenant.with("signIn: { emailOTP: false }"))
        try sandbox.signUpWithPassword(Self.email)
        let run = try sandbox.run(
            "sign-in-password", inputs: ["email=\(Self.email)", "password=\(Planted.password)"],
            ["--challenge-types", "oob redirect"])
        run.expectEnd(
            status: 4, kind: "browser_required",
            message: "Sign-in must continue in a browser.")
        #expect(
            run.ended?.output["redirectReason"]?.description
                == "The client's challenge types cannot sign this user in; a browser is required.",
            run.transcript)
        #expect(run.outcomes == ["signIn.start → browserRequired"])
        #expect(try sandbox.account() == nil)
    }

    /// A user without a password and a client without `oob`.
    @Test func browserRequiredForACodeUserWithoutTheOOBChallenge() throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithCode(Self.email)
        let run = try sandbox.run(
            "sign-in-password", inputs: ["email=\(Self.email)", "password=\(Planted.password)"],
            ["--challenge-types", "password redirect"])
        run.expectEnd(
            status: 4, kind: "browser_required",
            message: "Sign-in must continue in a browser.")
        #expect(
            run.ended?.output["redirectReason"]?.description
                == "The user has no password and the client does not support the oob challenge type.",
            run.transcript)
    }
}
