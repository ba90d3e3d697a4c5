import NativeAuth
import NativeAuthEmulator
import NativeAuthWire
import TestSupport
import Testing

@Suite("Password reset")
struct ResetPasswordTests {
    /// Start, challenge and code; returns the continue answer.
    private func verify(_ harness: Harness, _ username: String) async throws -> WireResponse {
        let started = await harness.send(.resetPasswordStart, ["username": username, "challenge_type": "oob redirect"])
        let challenged = await harness.send(.resetPasswordChallenge, ["continuation_token": try started.token()])
        #expect(challenged.string("challenge_type") == "oob")
        let message = try #require(try await harness.emulator.outbox(to: username, limit: 1).first)
        #expect(message.purpose == .resetPassword)
        return await harness.send(
            .resetPasswordContinue,
            ["continuation_token": try challenged.token(), "grant_type": "oob", "oob": message.code])
    }

    @Test("reset end to end: polls in_progress then succeeded, then sign-in with the new password")
    func endToEnd() async throws {
        let harness = try Harness(.testing { $0.resetPassword.pollsInProgress = 2 })
        try await harness.signUp("ann@contoso.com", password: strongPassword)
        let verified = try await verify(harness, "ann@contoso.com")
        #expect(verified.status == 200)
        #expect(verified.integer("expires_in") == 600)
        let weak = await harness.send(
            .resetPasswordSubmit, ["continuation_token": try verified.token(), "new_password": "abc"])
        #expect(weak.suberror == "password_too_short")
        let submitted = await harness.send(
            .resetPasswordSubmit, ["continuation_token": try verified.token(), "new_password": otherStrongPassword])
        #expect(submitted.status == 200)
        #expect(submitted.integer("poll_interval") == 1)
        let pollToken = try submitted.token()
        for _ in 0..<2 {
            let poll = await harness.send(.resetPasswordPollCompletion, ["continuation_token": pollToken])
            #expect(poll.string("status") == "in_progress")
        }
        let done = await harness.send(.resetPasswordPollCompletion, ["continuation_token": pollToken])
        #expect(done.string("status") == "succeeded")
        let signIn = await harness.send(
            .token,
            ["continuation_token": try done.token(), "grant_type": "continuation_token", "username": "ann@contoso.com"])
        #expect(signIn.status == 200)
        #expect(try await harness.signIn("ann@contoso.com", password: strongPassword).errorCodes == [50126])
        #expect(try await harness.signIn("ann@contoso.com", password: otherStrongPassword).status == 200)
    }

    @Test("a user without a password gives invalid_request 500222")
    func userWithoutPassword() async throws {
        let harness = try Harness()
        try await harness.signUp("bo@contoso.com")
        let answer = await harness.send(
            .resetPasswordStart, ["username": "bo@contoso.com", "challenge_type": "oob redirect"])
        #expect(answer.error == "invalid_request")
        #expect(answer.errorCodes == [500222])
    }

    @Test("an unknown user gives user_not_found")
    func unknownUser() async throws {
        let harness = try Harness()
        let answer = await harness.send(
            .resetPasswordStart, ["username": "no@contoso.com", "challenge_type": "oob redirect"])
        #expect(answer.error == "user_not_found")
    }

    @Test("the current password as the new one gives password_recently_used")
    func recentlyUsed() async throws {
        let harness = try Harness()
        try await harness.signUp("cy@contoso.com", password: strongPassword)
        let verified = try await verify(harness, "cy@contoso.com")
        let answer = await harness.send(
            .resetPasswordSubmit, ["continuation_token": try verified.token(), "new_password": strongPassword])
        #expect(answer.error == "invalid_grant")
        #expect(answer.suberror == "password_recently_used")
    }

    @Test("a client without oob is redirected")
    func redirect() async throws {
        let harness = try Harness()
        try await harness.signUp("dee@contoso.com", password: strongPassword)
        let answer = await harness.send(
            .resetPasswordStart, ["username": "dee@contoso.com", "challenge_type": "password redirect"])
        #expect(answer.string("challenge_type") == "redirect")
    }
}
