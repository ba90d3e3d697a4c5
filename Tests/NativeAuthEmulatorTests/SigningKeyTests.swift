import Crypto
import FlowrunFoundation
import Foundation
import GRDB
import JWTKit
import NativeAuthEmulator
import NativeAuthTenant
import NativeAuthWire
import TestSupport
import Testing

/// The claims every issued token carries that these tests check.
private struct SignedClaims: JWTPayload {
    var sub: SubjectClaim
    var exp: ExpirationClaim

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

@Suite("Signing keys")
struct SigningKeyTests {
    @Test("a rotated key stays in the JWKS for the longest token lifetime; new tokens carry the new kid")
    func rotationKeepsThePreviousKeyWhileItsTokensLive() async throws {
        let harness = try Harness(.testing { $0.tokens.idTokenLifetime = 7200 })
        try await harness.signUp("ann@contoso.com", password: strongPassword)
        let before = try #require(try await harness.signIn("ann@contoso.com", password: strongPassword).idToken)
        let newKid = try await harness.emulator.rotateSigningKey()
        let after = try #require(try await harness.signIn("ann@contoso.com", password: strongPassword).idToken)
        #expect(try header(of: after)["kid"] == newKid)
        #expect(try header(of: before)["kid"] != newKid)
        #expect(try header(of: after)["alg"] == "RS256")

        harness.clock.advance(7100)
        let keys = try await harness.keys()
        _ = try await keys.verify(before, as: SignedClaims.self)
        _ = try await keys.verify(after, as: SignedClaims.self)
        #expect(try await harness.kids() == [newKid, try header(of: before)["kid"]])

        harness.clock.advance(200)
        #expect(try await harness.kids() == [newKid])
    }

    @Test("a server sharing the store signs with a key another server rotated to within a minute")
    func sharedStorePicksUpARotation() async throws {
        let store = try EmulatorStore.inMemory()
        let rotating = try Harness(store: store)
        let other = try Harness(store: store)
        try await rotating.signUp("ann@contoso.com", password: strongPassword)
        let oldKid = try header(
            of: try #require(try await other.signIn("ann@contoso.com", password: strongPassword).idToken))["kid"]
        let newKid = try await rotating.emulator.rotateSigningKey()
        let soon = try #require(try await other.signIn("ann@contoso.com", password: strongPassword).idToken)
        #expect(try header(of: soon)["kid"] == oldKid)
        other.clock.advance(60)
        let later = try #require(try await other.signIn("ann@contoso.com", password: strongPassword).idToken)
        #expect(try header(of: later)["kid"] == newKid)
        _ = try await other.keys().verify(soon, as: SignedClaims.self)
    }

    @Test("a 0.1.0 store's ES256 key gets an RSA key beside it; tokens the old key signed keep verifying")
    func legacyKeyMigrates() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("flowrun-keys-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try EmulatorStore(directory: directory)
        let legacyKey = P256.Signing.PrivateKey()
        let legacyKid = String(
            Base64URL.encode(Array(SHA256.hash(data: Array(legacyKey.publicKey.rawRepresentation)))).prefix(16))
        let database = try DatabaseQueue(path: try #require(store.path))
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO keys (name, secret, pem, created_at) VALUES ('es256-signing', NULL, ?, 0)",
                arguments: [legacyKey.pemRepresentation])
        }
        let legacyToken = try await JWTKeyCollection()
            .add(ecdsa: try ES256PrivateKey(backing: legacyKey), kid: JWKIdentifier(string: legacyKid))
            .sign(
                SignedClaims(sub: "ann", exp: ExpirationClaim(value: Date().addingTimeInterval(3000))),
                kid: JWKIdentifier(string: legacyKid))

        let harness = try Harness(store: store)
        try await harness.signUp("ann@contoso.com", password: strongPassword)
        let fresh = try #require(try await harness.signIn("ann@contoso.com", password: strongPassword).idToken)
        #expect(try header(of: fresh)["alg"] == "RS256")
        let kids = try await harness.kids()
        #expect(kids.count == 2)
        #expect(kids.last == legacyKid)
        let keys = try await harness.keys()
        _ = try await keys.verify(legacyToken, as: SignedClaims.self)
        _ = try await keys.verify(fresh, as: SignedClaims.self)
        let legacyRow = try await database.read { db in
            try String.fetchOne(db, sql: "SELECT pem FROM keys WHERE name = 'es256-signing'")
        }
        #expect(legacyRow == nil)
    }

    @Test("tokens.signingAlgorithm ES256 signs with a P-256 key; switching to RS256 keeps the ES256 key published")
    func es256OptionAndSwitchingBack() async throws {
        let store = try EmulatorStore.inMemory()
        let es256 = try Harness(.testing { $0.tokens.signingAlgorithm = .es256 }, store: store)
        try await es256.signUp("ann@contoso.com", password: strongPassword)
        let ecToken = try #require(try await es256.signIn("ann@contoso.com", password: strongPassword).idToken)
        #expect(try header(of: ecToken)["alg"] == "ES256")
        _ = try await es256.keys().verify(ecToken, as: SignedClaims.self)

        let rs256 = try Harness(store: store)
        let rsaToken = try #require(try await rs256.signIn("ann@contoso.com", password: strongPassword).idToken)
        #expect(try header(of: rsaToken)["alg"] == "RS256")
        let keys = try await rs256.keys()
        _ = try await keys.verify(ecToken, as: SignedClaims.self)
        _ = try await keys.verify(rsaToken, as: SignedClaims.self)
    }

    /// The JOSE header of a compact JWS.
    private func header(of token: String) throws -> [String: String] {
        let data = try #require(base64URLDecode(String(token.prefix { $0 != "." })))
        return try JSONDecoder().decode([String: String].self, from: data)
    }
}

extension Harness {
    /// The emulator's JWKS in a jwt-kit key collection.
    fileprivate func keys() async throws -> JWTKeyCollection {
        let jwks = String(decoding: try JSONEncoder().encode(try await emulator.jwks()), as: UTF8.self)
        return try await JWTKeyCollection().add(jwksJSON: jwks)
    }

    /// The `kid`s of the emulator's JWKS, in order.
    fileprivate func kids() async throws -> [String?] {
        guard case .list(let keys) = try await emulator.jwks()["keys"] else { return [] }
        return keys.map { $0[field: "kid"]?.stringValue }
    }
}

extension WireResponse {
    fileprivate var idToken: String? { string("id_token") }
}
