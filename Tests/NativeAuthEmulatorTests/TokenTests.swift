import Crypto
import FlowEngine
import Foundation
import JWTKit
import NativeAuth
import NativeAuthEmulator
import NativeAuthTenant
import NativeAuthWire
import TestSupport
import Testing

/// The claims the tests read from an ID token.
private struct IDTokenClaims: JWTPayload {
    var iss: IssuerClaim
    var aud: AudienceClaim
    var sub: SubjectClaim
    var exp: ExpirationClaim
    var oid: String
    var tid: String
    var preferredUsername: String
    var name: String?
    var city: String?

    enum CodingKeys: String, CodingKey {
        case iss, aud, sub, exp, oid, tid, name, city
        case preferredUsername = "preferred_username"
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {
        try exp.verifyNotExpired()
    }
}

@Suite("Token endpoint")
struct TokenTests {
    @Test("continuation_token grant after sign-up gives tokens once")
    func continuationAfterSignUp() async throws {
        let harness = try Harness()
        let token = try await harness.signUp("ann@contoso.com")
        let parameters = [
            "continuation_token": token, "grant_type": "continuation_token", "username": "ann@contoso.com",
            "scope": "openid profile offline_access", "challenge_type": "oob redirect",
        ]
        let tokens = await harness.send(.token, parameters)
        #expect(tokens.status == 200)
        #expect(tokens.string("access_token") != nil)
        #expect(await harness.send(.token, parameters).errorCodes == [55000])
    }

    @Test("refresh tokens rotate; a reused one is refused (70000) and revokes its family")
    func refreshRotation() async throws {
        let harness = try Harness()
        try await harness.signUp("bo@contoso.com", password: strongPassword)
        let first = try #require(
            try await harness.signIn("bo@contoso.com", password: strongPassword).string("refresh_token"))
        let rotated = await harness.send(.token, ["grant_type": "refresh_token", "refresh_token": first])
        #expect(rotated.status == 200)
        let second = try #require(rotated.string("refresh_token"))
        #expect(second != first)
        #expect(rotated.string("scope") == "openid profile offline_access")
        let reused = await harness.send(.token, ["grant_type": "refresh_token", "refresh_token": first])
        #expect(reused.error == "invalid_grant")
        #expect(reused.errorCodes == [70000])
        let revoked = await harness.send(.token, ["grant_type": "refresh_token", "refresh_token": second])
        #expect(revoked.errorCodes == [70000])
        let unknown = await harness.send(.token, ["grant_type": "refresh_token", "refresh_token": "made-up"])
        #expect(unknown.error == "invalid_grant")
    }

    @Test("an expired refresh token gives expired_refresh_token")
    func expiredRefreshToken() async throws {
        let harness = try Harness(.testing { $0.tokens.refreshTokenLifetime = 3600 })
        try await harness.signUp("cy@contoso.com", password: strongPassword)
        let refresh = try #require(
            try await harness.signIn("cy@contoso.com", password: strongPassword).string("refresh_token"))
        harness.clock.advance(3601)
        let answer = await harness.send(.token, ["grant_type": "refresh_token", "refresh_token": refresh])
        #expect(answer.error == "expired_refresh_token")
    }

    @Test("unknown grant types and bad scopes are refused")
    func grantAndScopeErrors() async throws {
        let harness = try Harness()
        #expect(await harness.send(.token, ["grant_type": "client_credentials"]).error == "unsupported_grant_type")
        #expect(
            await harness.send(.token, ["grant_type": "refresh_token", "scope": "openid \"x\""]).error
                == "invalid_scope")
        #expect(await harness.send(.token, [:]).errorCodes == [90100])
    }

    @Test("the ID token verifies with the JWKS key and carries oid, tid, preferred_username; client_info matches")
    func idTokenVerifies() async throws {
        let configuration = TenantConfiguration.testing {
            $0.signUp.optionalAttributes = [
                AttributeRequirement(name: "displayName", required: false),
                AttributeRequirement(name: "city", required: false),
            ]
            $0.tokens.attributeClaims = ["city"]
        }
        let harness = try Harness(configuration)
        try await harness.signUp(
            "dee@contoso.com", password: strongPassword, attributes: #"{"displayName":"Dee","city":"Oslo"}"#)
        let tokens = try await harness.signIn("dee@contoso.com", password: strongPassword)
        let idToken = try #require(tokens.string("id_token"))
        let jwks = String(decoding: try JSONEncoder().encode(try await harness.emulator.jwks()), as: UTF8.self)
        let keys = try await JWTKeyCollection().add(jwksJSON: jwks)
        let claims = try await keys.verify(idToken, as: IDTokenClaims.self)
        let user = try #require(try await harness.emulator.store.user(named: "dee@contoso.com"))
        #expect(claims.oid == user.id)
        #expect(claims.sub.value == user.id)
        #expect(claims.tid == configuration.tenantID)
        #expect(claims.preferredUsername == "dee@contoso.com")
        #expect(claims.name == "Dee")
        #expect(claims.city == "Oslo")
        #expect(claims.iss.value == harness.emulator.issuer)
        #expect(claims.aud.value == [clientID])
        let accessToken = try #require(tokens.string("access_token"))
        _ = try await keys.verify(accessToken, as: IDTokenClaims.self)
        let clientInfoText = try #require(tokens.string("client_info"))
        let clientInfo = try #require(base64URLDecode(clientInfoText))
        let info = try JSONDecoder().decode([String: String].self, from: clientInfo)
        #expect(info == ["uid": user.id, "utid": configuration.tenantID])
        // Header and claims are written by JSONWriter: keys sorted, slashes as they are (as Entra writes them).
        let segments = idToken.split(separator: ".").map(String.init)
        let header = String(decoding: try #require(base64URLDecode(segments[0])), as: UTF8.self)
        #expect(header.hasPrefix(#"{"alg":"RS256","kid":""#) && header.hasSuffix(#","typ":"JWT"}"#), "\(header)")
        let payload = try #require(base64URLDecode(segments[1]))
        #expect(JSONWriter.encode(.object(try #require(JSONObjectReader.read(payload)))) == Array(payload))
        #expect(String(decoding: payload, as: UTF8.self).contains(#""iss":"https://"#))
        let tampered = String(idToken.dropLast(4)) + (idToken.hasSuffix("AAAA") ? "BBBB" : "AAAA")
        await #expect(throws: (any Error).self) { try await keys.verify(tampered, as: IDTokenClaims.self) }
    }

    @Test("the signing key persists in the store and is an RSA 2048 key signing RS256")
    func signingKeyPersists() async throws {
        let store = try EmulatorStore.inMemory()
        let first = try await NativeAuthEmulator(configuration: .testing(), store: store).jwks()
        let second = try await NativeAuthEmulator(configuration: .testing(), store: store).jwks()
        #expect(first == second)
        guard case .list(let keys) = first["keys"], let key = keys.first else {
            Issue.record("no keys in \(first)")
            return
        }
        #expect(keys.count == 1)
        #expect(key[field: "kty"] == .string("RSA"))
        #expect(key[field: "alg"] == .string("RS256"))
        #expect(key[field: "use"] == .string("sig"))
        #expect(key[field: "n"]?.stringValue.flatMap(base64URLDecode)?.count == 256)
        #expect(key[field: "d"] == nil)
        // As Entra's: a certificate of the key (x5c, standard base64 DER) and its SHA-1 thumbprint (x5t).
        guard case .list(let chain) = key[field: "x5c"], chain.count == 1,
            let certificate = chain[0].stringValue.flatMap({ Data(base64Encoded: $0) })
        else {
            Issue.record("no x5c in \(key)")
            return
        }
        let thumbprint = Data(Crypto.Insecure.SHA1.hash(data: certificate))
        #expect(key[field: "x5t"]?.stringValue.flatMap(base64URLDecode) == thumbprint)
        #expect(certificate.range(of: try #require(key[field: "n"]?.stringValue.flatMap(base64URLDecode))) != nil)
    }
}
