import Crypto
import FlowEngine
import Foundation
import JWTKit

/// Claims of any shape for jwt-kit.
struct TokenClaims: JWTPayload {
    var claims: [String: Value]

    init(_ claims: [String: Value]) {
        self.claims = claims
    }

    init(from decoder: any Decoder) throws {
        self.claims = try decoder.singleValueContainer().decode([String: Value].self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(claims)
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// Signs ID and access tokens (ES256, jwt-kit) with the key persisted in the store, created on first use.
actor TokenIssuer {
    private struct Signer {
        var keys: JWTKeyCollection
        var kid: String
        var jwk: [String: Value]
    }

    private let store: EmulatorStore
    private let now: @Sendable () -> Date
    private var signer: Signer?

    init(store: EmulatorStore, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.now = now
    }

    /// The public key as a JWK set.
    func jwks() async throws -> [String: Value] {
        ["keys": .list([.object(try await loadSigner().jwk)])]
    }

    /// The 200 token body for a grant.
    func body(for grant: TokenGrant, configuration: TenantConfiguration) async throws -> [String: Value] {
        let signer = try await loadSigner()
        let issuedAt = Self.seconds(grant.issuedAt)
        let user = grant.user
        var common: [String: Value] = [:]
        for claim in configuration.tokens.attributeClaims {
            if let value = user.attributes[claim] { common[claim] = .string(value) }
        }
        if let name = user.attributes["displayName"] { common["name"] = .string(name) }
        let standard: [String: Value] = [
            "iss": .string(configuration.issuer), "aud": .string(grant.clientID), "sub": .string(user.id),
            "oid": .string(user.id), "tid": .string(configuration.tenantID),
            "preferred_username": .string(user.username), "iat": .integer(issuedAt), "nbf": .integer(issuedAt),
            "ver": .string("2.0"),
        ]
        common.merge(standard) { _, reserved in reserved }
        var access = common
        access["exp"] = .integer(Self.adding(issuedAt, configuration.tokens.accessTokenLifetime))
        access["scp"] = .string(grant.scopes.joined(separator: " "))
        access["azp"] = .string(grant.clientID)
        access["uti"] = .string(Base64URL.encode(CodeGenerator.bytes(16)))
        let kid = JWKIdentifier(string: signer.kid)
        var body: [String: Value] = [
            "token_type": .string("Bearer"), "scope": .string(grant.scopes.joined(separator: " ")),
            "expires_in": .integer(configuration.tokens.accessTokenLifetime),
            "ext_expires_in": .integer(configuration.tokens.accessTokenLifetime),
            "access_token": .string(try await signer.keys.sign(TokenClaims(access), kid: kid)),
            "client_info": .string(Self.clientInfo(uid: user.id, utid: configuration.tenantID)),
        ]
        if grant.scopes.contains("openid") {
            var id = common
            id["exp"] = .integer(Self.adding(issuedAt, configuration.tokens.idTokenLifetime))
            body["id_token"] = .string(try await signer.keys.sign(TokenClaims(id), kid: kid))
        }
        if let refreshToken = grant.refreshToken {
            body["refresh_token"] = .string(refreshToken)
        }
        return body
    }

    /// Whole seconds, clamped to `Int`'s range (never traps on odd clocks or lifetimes).
    static func seconds(_ value: Double) -> Int {
        guard value.isFinite else { return value > 0 ? Int.max : 0 }
        if value >= 9.0e18 { return Int.max }
        if value <= -9.0e18 { return Int.min }
        return Int(value)
    }

    /// `lhs + rhs`, saturating instead of trapping.
    static func adding(_ lhs: Int, _ rhs: Int) -> Int {
        let (sum, overflow) = lhs.addingReportingOverflow(rhs)
        return overflow ? (rhs > 0 ? Int.max : Int.min) : sum
    }

    /// base64url of `{"uid": …, "utid": …}`.
    static func clientInfo(uid: String, utid: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(["uid": uid, "utid": utid])) ?? Data()
        return Base64URL.encode(data)
    }

    private func loadSigner() async throws -> Signer {
        if let signer { return signer }
        let created = now().timeIntervalSince1970
        let pem = try await store.writer.write { db in try Keys.signingKeyPEM(db, now: created) }
        let key = try P256.Signing.PrivateKey(pemRepresentation: pem)
        let raw = Array(key.publicKey.rawRepresentation)
        let kid = String(Base64URL.encode(Array(SHA256.hash(data: raw))).prefix(16))
        let keys = JWTKeyCollection()
        await keys.add(ecdsa: try ES256PrivateKey(pem: pem), kid: JWKIdentifier(string: kid))
        let jwk: [String: Value] = [
            "kty": .string("EC"), "crv": .string("P-256"), "use": .string("sig"), "alg": .string("ES256"),
            "kid": .string(kid), "x": .string(Base64URL.encode(raw.prefix(32))),
            "y": .string(Base64URL.encode(raw.suffix(32))),
        ]
        let loaded = Signer(keys: keys, kid: kid, jwk: jwk)
        if let signer { return signer }
        signer = loaded
        return loaded
    }
}
