import Crypto
import FlowrunFoundation
import Foundation
import NativeAuthTenant
import NativeAuthWire

/// Signs ID and access tokens (ES256 over the JWS compact serialization, `{"alg":"ES256","kid":…,"typ":"JWT"}`,
/// which jwt-kit and any JOSE library verify with the JWKS) with the key persisted in the store, created on first
/// use. After the key is loaded, signing takes no lock and no actor hop, so concurrent requests sign in parallel.
final class TokenIssuer: Sendable {
    private struct Signer: Sendable {
        var key: P256.Signing.PrivateKey
        var kid: String
        /// base64url of the JWS protected header.
        var header: String
        var jwk: [String: Value]
    }

    private let store: EmulatorStore
    private let now: @Sendable () -> Date
    private let signer = Locked<Signer?>(nil)

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
        var body: [String: Value] = [
            "token_type": .string("Bearer"), "scope": .string(grant.scopes.joined(separator: " ")),
            "expires_in": .integer(configuration.tokens.accessTokenLifetime),
            "ext_expires_in": .integer(configuration.tokens.accessTokenLifetime),
            "access_token": .string(try Self.sign(access, with: signer)),
            "client_info": .string(Self.clientInfo(uid: user.id, utid: configuration.tenantID)),
        ]
        if grant.scopes.contains("openid") {
            var id = common
            id["exp"] = .integer(Self.adding(issuedAt, configuration.tokens.idTokenLifetime))
            if let nonce = grant.nonce { id["nonce"] = .string(nonce) }
            body["id_token"] = .string(try Self.sign(id, with: signer))
        }
        if let refreshToken = grant.refreshToken {
            body["refresh_token"] = .string(refreshToken)
        }
        return body
    }

    /// `header.payload.signature`: the ES256 signature is the raw `r || s` of ECDSA P-256 over SHA-256
    /// (RFC 7518 §3.4).
    private static func sign(_ claims: [String: Value], with signer: Signer) throws -> String {
        guard let payload = JSONWriter.encode(.object(claims)) else { throw EmulatorError.serverError }
        let input = signer.header + "." + Base64URL.encode(payload)
        let signature = try signer.key.signature(for: Array(input.utf8))
        return input + "." + Base64URL.encode(signature.rawRepresentation)
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

    /// base64url of `{"uid": …, "utid": …}` (keys sorted).
    static func clientInfo(uid: String, utid: String) -> String {
        Base64URL.encode(JSONWriter.encode(.object(["uid": .string(uid), "utid": .string(utid)])) ?? [])
    }

    private func loadSigner() async throws -> Signer {
        if let signer = signer.value { return signer }
        let created = now().timeIntervalSince1970
        let pem = try await store.write { store in try Keys.signingKeyPEM(store, now: created) }
        let key = try P256.Signing.PrivateKey(pemRepresentation: pem)
        let raw = Array(key.publicKey.rawRepresentation)
        let kid = String(Base64URL.encode(Array(SHA256.hash(data: raw))).prefix(16))
        let header: Value = ["alg": "ES256", "kid": .string(kid), "typ": "JWT"]
        let jwk: [String: Value] = [
            "kty": .string("EC"), "crv": .string("P-256"), "use": .string("sig"), "alg": .string("ES256"),
            "kid": .string(kid), "x": .string(Base64URL.encode(raw.prefix(32))),
            "y": .string(Base64URL.encode(raw.suffix(32))),
        ]
        let loaded = Signer(key: key, kid: kid, header: Base64URL.encode(JSONWriter.encode(header) ?? []), jwk: jwk)
        return signer.withLock { current in
            if let current { return current }
            current = loaded
            return loaded
        }
    }
}
