import FlowrunFoundation
import Foundation
import JWTKit
import NativeAuthTenant
import NativeAuthWire

/// Signs ID and access tokens with jwt-kit (`{"alg":"RS256","kid":…,"typ":"JWT"}` by default, ES256 when the
/// tenant asks) under the current key persisted in the store, created on first use. The JWKS publishes the
/// current key and, after a rotation, the previous one until every token it signed has expired. The keys are read
/// once and again every minute, so that a key rotated by another server sharing the store is picked up.
final class TokenIssuer: Sendable {
    private struct Loaded: Sendable {
        var stored: StoredSigningKeys
        var current: SigningKey
        var previous: (key: SigningKey, retiredAt: Double)?
        var keys: JWTKeyCollection
        /// When the keys were read (seconds since 1970).
        var readAt: Double
    }

    /// Seconds between two reads of the keys.
    static let rereadInterval = 60.0

    private let store: EmulatorStore
    private let now: @Sendable () -> Date
    private let tokens: TokenConfiguration
    private let loaded = Locked<Loaded?>(nil)

    init(store: EmulatorStore, tokens: TokenConfiguration, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.tokens = tokens
        self.now = now
    }

    /// The public keys as a JWK set: the current key, and the previous one while tokens it signed may live.
    func jwks() async throws -> [String: Value] {
        let keys = try await load()
        var published: [Value] = [.object(keys.current.jwk)]
        if let previous = keys.previous,
            now().timeIntervalSince1970 < previous.retiredAt + Double(tokens.longestSignedLifetime)
        {
            published.append(.object(previous.key.jwk))
        }
        return ["keys": .list(published)]
    }

    /// Makes a new current key; the current one is kept in the JWKS until every token it signed has expired.
    /// Returns the new key's `kid`.
    func rotate() async throws -> String {
        let fresh = try SigningKey.generatePEM(tokens.signingAlgorithm)
        let time = now().timeIntervalSince1970
        let stored = try await store.write { store in try Keys.rotate(store, to: fresh, now: time) }
        return try await install(stored, readAt: time).current.kid
    }

    /// The 200 token body for a grant.
    func body(for grant: TokenGrant, configuration: TenantConfiguration) async throws -> [String: Value] {
        let signer = try await load()
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
            "access_token": .string(try await Self.sign(access, with: signer)),
            "client_info": .string(Self.clientInfo(uid: user.id, utid: configuration.tenantID)),
        ]
        if grant.scopes.contains("openid") {
            var id = common
            id["exp"] = .integer(Self.adding(issuedAt, configuration.tokens.idTokenLifetime))
            if let nonce = grant.nonce { id["nonce"] = .string(nonce) }
            body["id_token"] = .string(try await Self.sign(id, with: signer))
        }
        if let refreshToken = grant.refreshToken {
            body["refresh_token"] = .string(refreshToken)
        }
        return body
    }

    private static func sign(_ claims: [String: Value], with signer: Loaded) async throws -> String {
        try await signer.keys.sign(TokenClaims(claims: claims), kid: JWKIdentifier(string: signer.current.kid))
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

    /// The keys, read from the store when not read yet or read over a minute ago. One request reads them again;
    /// the others meanwhile sign with the keys read before, which are also kept when the read fails.
    private func load() async throws -> Loaded {
        let time = now().timeIntervalSince1970
        let (cached, due) = loaded.withLock { current -> (Loaded?, Bool) in
            guard let loaded = current else { return (nil, true) }
            guard abs(time - loaded.readAt) >= Self.rereadInterval else { return (loaded, false) }
            current?.readAt = time
            return (loaded, true)
        }
        if let cached, !due { return cached }
        let stored: StoredSigningKeys
        do {
            stored = try await read(at: time)
        } catch {
            if let cached { return cached }
            throw error
        }
        if let cached, cached.stored == stored { return cached }
        return try await install(stored, readAt: time)
    }

    /// The keys in the store, a key of the tenant's algorithm made first when it has none.
    private func read(at time: Double) async throws -> StoredSigningKeys {
        let algorithm = tokens.signingAlgorithm
        if let stored = try await store.write({ store in
            try Keys.signingKeys(store, algorithm: algorithm, fresh: nil, now: time)
        }) {
            return stored
        }
        let fresh = try SigningKey.generatePEM(algorithm)
        let stored = try await store.write { store in
            try Keys.signingKeys(store, algorithm: algorithm, fresh: fresh, now: time)
        }
        guard let stored else { throw EmulatorError.serverError }
        return stored
    }

    /// Parses `stored` and makes it the keys to sign with.
    private func install(_ stored: StoredSigningKeys, readAt: Double) async throws -> Loaded {
        let current = try SigningKey(pem: stored.current)
        let keys = JWTKeyCollection()
        await current.add(to: keys)
        let previous = try stored.previous.map { (key: try SigningKey(pem: $0.pem), retiredAt: $0.retiredAt) }
        let fresh = Loaded(stored: stored, current: current, previous: previous, keys: keys, readAt: readAt)
        loaded.withLock { $0 = fresh }
        return fresh
    }
}
