import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation
import JWTKit
import NativeAuth
import NativeAuthEmulator
import NativeAuthWire
import TestSupport
import Testing

/// The claims checked in a served ID token.
private struct IDClaims: JWTPayload {
    var iss: IssuerClaim
    var aud: AudienceClaim
    var sub: SubjectClaim
    var exp: ExpirationClaim
    var oid: String
    var tid: String
    var preferredUsername: String

    enum CodingKeys: String, CodingKey {
        case iss, aud, sub, exp, oid, tid
        case preferredUsername = "preferred_username"
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {
        try exp.verifyNotExpired()
    }
}

/// OpenID discovery, the JWKS and the tokens they verify.
@Suite("Discovery and keys")
struct DiscoveryTests {
    @Test("the id token from /token verifies against the served JWKS and names the discovery issuer")
    func idTokenVerifies() async throws {
        try await TestServer.with { server in
            try await server.signUp("ann@contoso.com")
            let tokens = try await server.signIn("ann@contoso.com")
            let idToken = try #require(tokens.string("id_token"), "\(tokens)")
            let accessToken = try #require(tokens.string("access_token"))

            let discovery = try await server.get("/contoso/v2.0/.well-known/openid-configuration")
            let jwksURI = try #require(discovery.string("jwks_uri"))
            let keysAnswer = try await server.get(String(jwksURI.dropFirst(server.origin.count)))
            #expect(keysAnswer.status == 200)
            let keys = try await JWTKeyCollection().add(jwksJSON: String(decoding: keysAnswer.data, as: UTF8.self))
            let claims = try await keys.verify(idToken, as: IDClaims.self)
            #expect(claims.iss.value == discovery.string("issuer"))
            let tenantID = server.emulator.configuration.tenantID
            #expect(claims.iss.value == "\(server.origin)/\(tenantID)/v2.0")
            #expect(claims.aud.value == [clientID])
            #expect(claims.preferredUsername == "ann@contoso.com")
            #expect(claims.tid == server.emulator.configuration.tenantID)
            _ = try await keys.verify(accessToken, as: IDClaims.self)

            #expect(try Self.header(of: idToken)["alg"] == "RS256")
            // The ID token's header and claims under the access token's signature: same key, wrong signature.
            let forged =
                idToken.split(separator: ".").prefix(2).joined(separator: ".") + "."
                + (accessToken.split(separator: ".").last ?? "")
            await #expect(throws: (any Error).self) { try await keys.verify(forged, as: IDClaims.self) }
        }
    }

    @Test("after a key rotation the served JWKS verifies tokens of the old key and of the new one, by kid")
    func rotationKeepsOldTokensVerifying() async throws {
        try await TestServer.with { server in
            try await server.signUp("ann@contoso.com")
            let before = try #require(try await server.signIn("ann@contoso.com").string("id_token"))
            let newKid = try await server.emulator.rotateSigningKey()
            let after = try #require(try await server.signIn("ann@contoso.com").string("id_token"))
            #expect(try Self.header(of: after)["kid"] == newKid)
            #expect(try Self.header(of: before)["kid"] != newKid)

            let keysAnswer = try await server.get("/contoso/discovery/v2.0/keys")
            guard case .list(let published) = keysAnswer.object["keys"] else {
                Issue.record("no keys in \(keysAnswer)")
                return
            }
            #expect(published.count == 2)
            let keys = try await JWTKeyCollection().add(jwksJSON: String(decoding: keysAnswer.data, as: UTF8.self))
            _ = try await keys.verify(before, as: IDClaims.self)
            _ = try await keys.verify(after, as: IDClaims.self)
        }
    }

    @Test("with tokens.signingAlgorithm ES256 the tokens are ES256 and discovery lists RS256 and ES256")
    func es256Option() async throws {
        try await TestServer.with(.testing { $0.tokens.signingAlgorithm = .es256 }) { server in
            try await server.signUp("ann@contoso.com")
            let idToken = try #require(try await server.signIn("ann@contoso.com").string("id_token"))
            #expect(try Self.header(of: idToken)["alg"] == "ES256")
            let discovery = try await server.get("/contoso/v2.0/.well-known/openid-configuration")
            #expect(discovery.object["id_token_signing_alg_values_supported"] == ["RS256", "ES256"])
            let keysAnswer = try await server.get("/contoso/discovery/v2.0/keys")
            let keys = try await JWTKeyCollection().add(jwksJSON: String(decoding: keysAnswer.data, as: UTF8.self))
            _ = try await keys.verify(idToken, as: IDClaims.self)
        }
    }

    /// The JOSE header of a compact JWS.
    private static func header(of token: String) throws -> [String: String] {
        var base64 = String(token.prefix { $0 != "." })
        base64 = base64.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return try JSONDecoder().decode([String: String].self, from: try #require(Data(base64Encoded: base64)))
    }

    @Test("a configured issuerBaseURL is the discovery issuer, the base of its endpoints and every token's iss")
    func configuredIssuer() async throws {
        try await TestServer.with(.testing { $0.issuerBaseURL = "https://login.contoso.test" }) { server in
            let discovery = try await server.get("/contoso/v2.0/.well-known/openid-configuration")
            let tenantID = server.emulator.configuration.tenantID
            #expect(discovery.string("issuer") == "https://login.contoso.test/\(tenantID)/v2.0")
            #expect(discovery.string("token_endpoint") == "https://login.contoso.test/\(tenantID)/oauth2/v2.0/token")
            try await server.signUp("ann@contoso.com")
            let idToken = try #require(try await server.signIn("ann@contoso.com").string("id_token"))
            let payload = try #require(idToken.split(separator: ".").dropFirst().first.map(String.init))
            var base64 = payload.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            while base64.count % 4 != 0 { base64 += "=" }
            let claims = try JSONDecoder().decode(Value.self, from: try #require(Data(base64Encoded: base64)))
            #expect(claims[field: "iss"]?.stringValue == discovery.string("issuer"))
        }
    }

    @Test("discovery has the fields Entra serves for a CIAM tenant, pointing at this server, for each tenant spelling")
    func discoveryDocument() async throws {
        try await TestServer.with { server in
            let configuration = server.emulator.configuration
            for tenant in [configuration.tenant, "\(configuration.tenant).onmicrosoft.com", configuration.tenantID] {
                let answer = try await server.get("/\(tenant)/v2.0/.well-known/openid-configuration")
                #expect(answer.status == 200)
                #expect(answer.header("content-type") == "application/json; charset=utf-8")
                let authority = "\(server.origin)/\(configuration.tenantID)"
                #expect(answer.string("issuer") == "\(server.origin)/\(configuration.tenantID)/v2.0")
                // What MSAL iOS's CIAM authority resolver requires.
                #expect(answer.string("authorization_endpoint") == authority + "/oauth2/v2.0/authorize")
                #expect(answer.string("token_endpoint") == authority + "/oauth2/v2.0/token")
                #expect(answer.string("end_session_endpoint") == authority + "/oauth2/v2.0/logout")
                #expect(answer.string("jwks_uri") == authority + "/discovery/v2.0/keys")
                #expect(answer.object["id_token_signing_alg_values_supported"] == ["RS256"])
                #expect(answer.object["response_types_supported"] != nil)
                #expect(answer.object["subject_types_supported"] != nil)
                #expect(answer.object["scopes_supported"] == ["openid", "profile", "email", "offline_access"])
                guard case .list(let claims) = answer.object["claims_supported"] else {
                    Issue.record("no claims_supported in \(answer)")
                    continue
                }
                for claim in ["iss", "sub", "oid", "tid", "preferred_username"] {
                    #expect(claims.contains(.string(claim)), "\(claim)")
                }
                #expect(answer.string("tenant_region_scope")?.isEmpty == false)
                guard case .object(let endpoints) = answer.object["native_auth_endpoints"] else {
                    Issue.record("no native_auth_endpoints in \(answer)")
                    continue
                }
                #expect(endpoints.count == NativeAuthEndpoint.allCases.count)
                #expect(endpoints["signup_start"]?.stringValue == authority + "/signup/v1.0/start")
                #expect(
                    endpoints["resetpassword_poll_completion"]?.stringValue
                        == authority + "/resetpassword/v1.0/poll_completion")
                for case .string(let url) in endpoints.values {
                    let path = String(url.dropFirst(server.origin.count))
                    let answer = try await server.post(path, body: "")
                    #expect(answer.status == 400, "\(path): \(answer)")
                    #expect(answer.errorCodes == [90100], "\(path): \(answer)")
                }
            }
            let unknown = try await server.get("/fabrikam/v2.0/.well-known/openid-configuration")
            #expect(unknown.status == 404)
            let keys = try await server.get("/\(configuration.tenantID)/discovery/v2.0/keys")
            guard case .list(let list) = keys.object["keys"], let key = list.first else {
                Issue.record("no keys in \(keys)")
                return
            }
            #expect(key[field: "kty"]?.stringValue == "RSA")
            #expect(key[field: "alg"]?.stringValue == "RS256")
            #expect(key[field: "use"]?.stringValue == "sig")
            #expect(key[field: "e"]?.stringValue == "AQAB")
            #expect(key[field: "n"]?.stringValue?.count == 342)
            for secret in ["d", "p", "q", "dp", "dq", "qi"] { #expect(key[field: secret] == nil, "\(secret)") }
        }
    }
}
