import Foundation
import Testing

/// The flows that use the account a sign-in left in the cache: access tokens, claims and sign-out.
@Suite struct TokenScenarioTests {
    static let email = "dan@example.com"

    /// A sandbox whose user signed in with a password.
    static func signedIn() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.signUpWithPassword(email)
        _ = try sandbox.signIn(email)
        return sandbox
    }

    @Test func accessTokenFromTheCache() throws {
        let sandbox = try Self.signedIn()
        let before = try #require(try sandbox.account())
        let run = try sandbox.run("access-token")
        run.expectSuccess("Access token expires on ")
        #expect(run.outcomes == ["token.get → completed"])
        let expiresOn = try #require(run.ended?.output["expiresOn"]?.string)
        #expect(ISO8601DateFormatter().date(from: expiresOn).map { $0 > Date() } == true, "\(expiresOn)")
        let scopes = run.ended?.output["scopes"]?.list?.compactMap(\.string) ?? []
        #expect(!scopes.isEmpty, "\(run.ended?.output ?? [:])")
        #expect(try sandbox.account() == before, "a valid cached token is used as is")
    }

    @Test func accessTokenWithARefreshToken() throws {
        let sandbox = try Self.signedIn()
        let before = try #require(try sandbox.account())
        let run = try sandbox.run("access-token-with-refresh-token")
        run.expectSuccess(
            "A refresh token was returned; keep it in protected storage and never log it.")
        #expect(run.ended?.output["expiresOn"]?.string != nil)
        #expect(run.ended?.output["refreshToken"] == nil, "the refresh token is never handed out")
        let after = try #require(try sandbox.account())
        #expect(after["refreshToken"]?.string != nil)
        #expect(after["refreshToken"] != before["refreshToken"], "the refresh token rotates")
        #expect(after["accessToken"] != before["accessToken"], "the refresh is forced")
        #expect(posixMode(sandbox.accountFile.path) == 0o600)
        // The rotated tokens serve the next process.
        try sandbox.run("access-token").expectSuccess("Access token expires on ")
        try sandbox.run("access-token-with-refresh-token").expectSuccess()
    }

    @Test(arguments: ["access-token", "access-token-with-refresh-token"])
    func accessTokenWithNobodySignedIn(flow: String) throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(flow)
        run.expectFailure("no_account", "No user is signed in. Run a sign-in flow first.")
    }

    @Test func signInThenAccessTokenInOneFlow() throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithCode(Self.email)
        let run = try sandbox.run("sign-in-otp-then-token", inputs: ["email=\(Self.email)", "code=@outbox"])
        run.expectSuccess("Signed in as \(Self.email). Access token expires on ")
        #expect(run.ended?.output["username"] == .string(Self.email))
    }

    @Test func accountClaims() throws {
        let sandbox = try Self.signedIn()
        let run = try sandbox.run("account-claims")
        run.expectSuccess("Signed in as \(Self.email)")
        #expect(run.outcomes == ["account.current → completed"])
        #expect(run.ended?.output["username"] == .string(Self.email))
        let claims = try #require(run.ended?.output["claims"])
        #expect(claims["preferred_username"] == .string(Self.email), "\(claims)")
        #expect(claims["tid"]?.string?.isEmpty == false)
        #expect(claims["oid"]?.string?.isEmpty == false)
        #expect(claims["aud"] == .string("00000000-0000-0000-0000-00000000c11e"))
    }

    @Test func accountClaimsWithNobodySignedIn() throws {
        let sandbox = try Sandbox()
        try sandbox.run("account-claims").expectFailure("no_account", "No user is signed in. Run a sign-in flow first.")
    }

    @Test func signOut() throws {
        let sandbox = try Self.signedIn()
        let run = try sandbox.run("sign-out")
        run.expectSuccess("Signed out \(Self.email).")
        run.expectMessage("Signing out \(Self.email)…")
        #expect(run.outcomes == ["account.current → completed", "account.signOut → completed"])
        #expect(try sandbox.account() == nil)

        try sandbox.run("sign-out").expectFailure("no_account", "No user is signed in.")
        try sandbox.run("access-token").expectFailure("no_account", "No user is signed in. Run a sign-in flow first.")
    }

    /// Refresh tokens rotate, and a used one is refused and revokes its family (docs/native-auth.md): putting
    /// back the account file as it was before a refresh fails, and so does the newest refresh token after it.
    @Test func reusedRefreshTokenIsRefusedAndRevokesTheFamily() throws {
        let sandbox = try Self.signedIn()
        let original = try Data(contentsOf: sandbox.accountFile)
        try sandbox.run("access-token-with-refresh-token").expectSuccess()
        let rotated = try Data(contentsOf: sandbox.accountFile)
        let tokens = try sandbox.tokens()

        try original.write(to: sandbox.accountFile)
        let reused = try sandbox.run("access-token-with-refresh-token")
        // The flow shows its own words; the authority's error text goes to the end's output only.
        reused.expectFailure("unexpected", "Error retrieving access token.")
        #expect(
            reused.errorDescription.contains(
                "AADSTS70000: The refresh token was already used or revoked"))

        try rotated.write(to: sandbox.accountFile)
        let revoked = try sandbox.run("access-token-with-refresh-token")
        revoked.expectFailure("unexpected", "Error retrieving access token.")
        #expect(revoked.errorDescription.contains("AADSTS70000"))
        for run in [reused, revoked] {
            for token in tokens { #expect(!run.stdout.contains(token) && !run.stderr.contains(token)) }
        }
    }

    /// Access tokens and refresh tokens that live 1 s: after 1.5 s the refresh is refused as expired.
    @Test func expiredRefreshToken() throws {
        let sandbox = try Sandbox(
            tenant: Tenant.with("tokens: { accessTokenLifetime: 1, refreshTokenLifetime: 1 }"))
        try sandbox.signUpWithPassword(Self.email)
        _ = try sandbox.signIn(Self.email)
        Thread.sleep(forTimeInterval: 1.5)
        let run = try sandbox.run("access-token")
        run.expectFailure("refresh_token_expired", "Session expired; sign in again.")
        #expect(run.outcomes == ["token.get → refreshTokenExpired"])
    }
}
