import FlowrunFoundation
import Foundation
import NativeAuthEmulator
import NativeAuthWire
import TestSupport
import Testing

/// The `authorization_code` grant against the emulator: a code the sign-in pages issued, its lifetime, its PKCE
/// verifier's shape and the claims of what it issues.
@Suite("authorization codes")
struct AuthorizationCodeTests {
    /// RFC 7636 appendix B.
    static let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    static let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
    static let redirectURI = "http://127.0.0.1:5000/callback"

    /// A signed-up user and a code issued for them.
    static func code(_ harness: Harness) async throws -> (code: String, userID: String) {
        let username = "code-\(UUID().uuidString.prefix(8).lowercased())@contoso.com"
        try await harness.signUp(username, password: strongPassword)
        let signedIn = try await harness.signIn(username, password: strongPassword)
        let payload = try #require(signedIn.string("id_token")?.split(separator: ".").dropFirst().first)
        let claims = try JSONDecoder().decode(Value.self, from: try #require(Base64URL.decode(String(payload))))
        let userID = try #require(claims[field: "oid"]?.stringValue)
        let code = try await harness.emulator.issueAuthorizationCode(
            AuthorizationCodeRequest(
                userID: userID, username: username, clientID: clientID, redirectURI: redirectURI,
                codeChallenge: challenge, nonce: "nonce-1", scopes: ["openid"]))
        return (code, userID)
    }

    static func redeem(_ harness: Harness, _ code: String, verifier: String = verifier) async -> WireResponse {
        await harness.send(
            .token,
            [
                "grant_type": "authorization_code", "code": code, "redirect_uri": redirectURI,
                "code_verifier": verifier,
            ])
    }

    @Test("a code is redeemed with its verifier for an ID token with the nonce, for the user it was issued to")
    func redeemed() async throws {
        let harness = try Harness()
        let (code, userID) = try await Self.code(harness)
        // A verifier shorter than RFC 7636's 43 characters never matches, even a prefix of the right one.
        let short = await Self.redeem(harness, code, verifier: String(Self.verifier.prefix(42)))
        #expect(short.error == "invalid_grant" && short.errorCodes == [70008], "\(short)")
        let missing = await harness.send(
            .token, ["grant_type": "authorization_code", "code": code, "redirect_uri": Self.redirectURI])
        #expect(missing.error == "invalid_request", "\(missing)")
        let tokens = await Self.redeem(harness, code)
        #expect(tokens.status == 200, "\(tokens)")
        let payload = try #require(tokens.string("id_token")?.split(separator: ".").dropFirst().first)
        let claims = try JSONDecoder().decode(Value.self, from: try #require(Base64URL.decode(String(payload))))
        #expect(claims[field: "nonce"] == "nonce-1")
        #expect(claims[field: "sub"]?.stringValue == userID)
        #expect(tokens.string("refresh_token") == nil, "no offline_access was granted")
    }

    @Test("a code older than 60 seconds is refused")
    func expired() async throws {
        let harness = try Harness()
        let (code, _) = try await Self.code(harness)
        harness.clock.advance(NativeAuthEmulator.authorizationCodeLifetime + 1)
        let answer = await Self.redeem(harness, code)
        #expect(answer.error == "invalid_grant", "\(answer)")
        #expect(answer.string("error_description")?.contains("expired") == true, "\(answer)")
    }
}
