import Foundation
import Testing

/// `flows/reset-password.yaml` run end to end by the real binary against the embedded authority.
@Suite struct ResetPasswordScenarioTests {
    static let email = "cleo@example.com"

    @Test func resetThenSignedInWithTheNewPassword() throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithPassword(Self.email, Planted.password)
        let run = try sandbox.run(
            "reset-password", inputs: ["email=\(Self.email)", "code=@outbox", "newPassword=\(Planted.newPassword)"])
        run.expectSuccess("Password reset. Signed in as \(Self.email)")
        run.expectMessage("Password reset completed. Signing you in…")
        #expect(
            run.outcomes == [
                "resetPassword.start → codeRequired", "resetPassword.submitCode → passwordRequired",
                "resetPassword.submitPassword → completed", "signIn.afterResetPassword → completed",
            ])
        #expect(try sandbox.sentCodes().map(\.purpose) == ["resetPassword", "signUp"])
        #expect(try sandbox.account()?["username"] == .string(Self.email))
        #expect(posixMode(sandbox.accountFile.path) == 0o600)

        _ = try sandbox.signIn(Self.email, Planted.newPassword)
        let old = try sandbox.run(
            "sign-in-password",
            inputs: Array(repeating: ["email=\(Self.email)", "password=\(Planted.password)"], count: 3).flatMap { $0 })
        old.expectFailure("invalid_credentials", "Too many incorrect passwords. Please try again later.")
        #expect(old.outcomes.allSatisfy { $0 == "signIn.start → invalidCredentials" })
    }

    @Test func theCurrentPasswordIsRecentlyUsed() throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithPassword(Self.email, Planted.password)
        let run = try sandbox.run(
            "reset-password",
            inputs: [
                "email=\(Self.email)", "code=@outbox", "newPassword=\(Planted.password)",
                "newPassword=\(Planted.newPassword)",
            ])
        run.expectSuccess("Password reset. Signed in as \(Self.email)")
        run.expectMessage("This password was used recently. Choose a different password.")
        #expect(run.outcomes.contains("resetPassword.submitPassword → invalidPassword"))
    }

    @Test(arguments: [
        ("Sh0rt!", "The password is too short."),
        ("onlylowercaseletters", "The password is too weak."),
        ("Password123", "This password is not allowed."),
        (String(repeating: "Aa1!", count: 65), "The password is too long."),
    ])
    func refusedNewPassword(password: String, reason: String) throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithPassword(Self.email, Planted.password)
        let run = try sandbox.run(
            "reset-password",
            inputs: [
                "email=\(Self.email)", "code=@outbox", "newPassword=\(password)", "newPassword=\(Planted.newPassword)",
            ])
        run.expectSuccess("Password reset. Signed in as \(Self.email)")
        run.expectMessage("\(reason) Choose a different password.")
        #expect(run.asks("ask_new_password") == 2)
    }

    @Test func unknownUserIsAskedAgain() throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithPassword(Self.email, Planted.password)
        let run = try sandbox.run(
            "reset-password",
            inputs: [
                "email=nobody@example.com", "email=\(Self.email)", "code=@outbox", "newPassword=\(Planted.newPassword)",
            ])
        run.expectSuccess("Password reset. Signed in as \(Self.email)")
        run.expectMessage("User not found: no account uses nobody@example.com.")
        #expect(run.outcomes.first == "resetPassword.start → userNotFound")
    }

    @Test func userWithoutAPassword() throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithCode(Self.email)
        let run = try sandbox.run(
            "reset-password", inputs: ["email=\(Self.email)", "code=@outbox", "newPassword=\(Planted.newPassword)"])
        run.expectFailure(
            "user_does_not_have_password",
            "User is not registered with a password; sign in with a one-time passcode instead.")
        #expect(run.outcomes == ["resetPassword.start → userDoesNotHavePassword"])
        #expect(try sandbox.sentCodes().map(\.purpose) == ["signUp"])
    }

    @Test func wrongCodeThenTheRightOne() throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithPassword(Self.email, Planted.password)
        let run = try sandbox.run(
            "reset-password",
            inputs: [
                "email=\(Self.email)", "code=\(Planted.wrongCode)", "code=@outbox",
                "newPassword=\(Planted.newPassword)",
            ])
        run.expectSuccess("Password reset. Signed in as \(Self.email)")
        run.expectMessage("The code is incorrect. Check it and try again.")
    }

    @Test func tooManyWrongCodes() throws {
        let sandbox = try Sandbox(tenant: Tenant.with("codes: { maxAttempts: 2 }"))
        try sandbox.signUpWithPassword(Self.email, Planted.password)
        let wrong = "code=\(Planted.wrongCode)"
        let run = try sandbox.run(
            "reset-password", inputs: ["email=\(Self.email)", wrong, wrong, "newPassword=\(Planted.newPassword)"])
        run.expectFailure("too_many_attempts", "Too many incorrect codes. Please start again.")
        #expect(run.outcomes.last == "resetPassword.submitCode → tooManyAttempts")
        // The password did not change.
        _ = try sandbox.signIn(Self.email, Planted.password)
    }

    @Test func browserRequiredWithoutTheOOBChallenge() throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithPassword(Self.email, Planted.password)
        let run = try sandbox.run(
            "reset-password", inputs: ["email=\(Self.email)", "code=@outbox", "newPassword=\(Planted.newPassword)"],
            ["--challenge-types", "password redirect"])
        run.expectEnd(
            status: 4, kind: "browser_required",
            message: "Password reset must continue in a browser.")
        #expect(
            run.ended?.output["redirectReason"]?.description
                == "The client does not support the oob challenge type needed for a reset.",
            run.transcript)
    }
}
