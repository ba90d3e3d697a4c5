import Foundation
import Testing

/// What the state folder keeps between processes: the authority's users and the signed-in account.
@Suite struct PersistenceTests {
    static let email = "eve@example.com"

    /// Each step is its own `flowrun` process sharing one state folder.
    @Test func accountLifecycleAcrossProcesses() throws {
        let sandbox = try Sandbox()
        let database = sandbox.stateDir.appendingPathComponent("authority.sqlite").path

        try sandbox.signUpWithPassword(Self.email, Planted.password)
        #expect(FileManager.default.fileExists(atPath: database))
        #expect(posixMode(sandbox.stateDir.path) == 0o700)
        #expect(try sandbox.account() == nil)

        _ = try sandbox.signIn(Self.email, Planted.password)
        #expect(posixMode(sandbox.accountFile.path) == 0o600)
        #expect(try sandbox.account()?["username"] == .string(Self.email))
        try sandbox.run("account-claims").expectSuccess("Signed in as \(Self.email)")

        try sandbox.run("sign-out").expectSuccess("Signed out \(Self.email).")
        #expect(!FileManager.default.fileExists(atPath: sandbox.accountFile.path))

        let reset = try sandbox.run(
            "reset-password", inputs: ["email=\(Self.email)", "code=@outbox", "newPassword=\(Planted.newPassword)"])
        reset.expectSuccess("Password reset. Signed in as \(Self.email)")
        #expect(posixMode(sandbox.accountFile.path) == 0o600)
        try sandbox.run("sign-out").expectSuccess()

        _ = try sandbox.signIn(Self.email, Planted.newPassword)
        #expect(posixMode(sandbox.accountFile.path) == 0o600)
        try sandbox.run("sign-out").expectSuccess()

        let old = try sandbox.run(
            "sign-in-password",
            inputs: Array(repeating: ["email=\(Self.email)", "password=\(Planted.password)"], count: 3).flatMap { $0 })
        old.expectFailure("invalid_credentials", "Too many incorrect passwords. Please try again later.")
        #expect(old.outcomes.first == "signIn.start → invalidCredentials")
        #expect(!FileManager.default.fileExists(atPath: sandbox.accountFile.path))
        #expect(FileManager.default.fileExists(atPath: database))
    }

    /// Two state folders are two authorities: a user of one is unknown to the other.
    @Test func stateFoldersAreIndependent() throws {
        let first = try Sandbox()
        let second = try Sandbox()
        try first.signUpWithPassword(Self.email)
        try first.signUpWithCode("other@example.com")
        let run = try second.run("sign-in-password", inputs: ["email=\(Self.email)", "password=\(Planted.password)"])
        #expect(run.status == 1, run.transcript)
        run.expectMessage("The email address or password is incorrect.")
        #expect(try second.sentCodes().isEmpty)
    }

    /// The same user signing up again in a later process is refused: the authority's store persisted it.
    @Test func usersPersistAcrossProcesses() throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithCode(Self.email)
        let again = try sandbox.run("sign-up-and-sign-in", inputs: ["email=\(Self.email)", "code=@outbox"])
        again.expectFailure("user_already_exists", "Unable to sign up: a user already exists with this username.")
    }
}
