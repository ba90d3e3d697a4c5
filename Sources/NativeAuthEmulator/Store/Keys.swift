import Foundation
import NativeAuthTenant

/// The secrets kept in `keys`, created on first use.
enum Keys {
    private static let continuationName = "continuation-hmac"
    /// The ES256 key of stores made by 0.1.0, moved to ``currentSigningName`` or ``previousSigningName`` on open.
    private static let legacySigningName = "es256-signing"
    private static let currentSigningName = "signing-key"
    private static let previousSigningName = "previous-signing-key"
    private static let tenantName = "tenant"

    /// Records `tenantID` as the store's tenant on first use; throws when the store belongs to another tenant.
    static func bindTenant(_ store: any StoreTransaction, tenantID: String, now: Double) throws {
        if let bound = try store.key(named: tenantName)?.pem {
            guard bound.lowercased() == tenantID.lowercased() else {
                throw EmulatorStoreError(
                    message: "this state folder holds the authority of tenant \(bound), not of tenant \(tenantID) "
                        + "(its users, keys and tokens belong to that tenant); use another --state-dir")
            }
            return
        }
        try store.save(KeyRecord(name: tenantName, secret: nil, pem: tenantID, createdAt: now))
    }

    /// The 32-byte HMAC key of continuation tokens.
    static func continuationSecret(_ store: any StoreTransaction, now: Double) throws -> Data {
        if let secret = try store.key(named: continuationName)?.secret, secret.count == 32 {
            return secret
        }
        let secret = Data(CodeGenerator.bytes(32))
        try store.save(KeyRecord(name: continuationName, secret: secret, pem: nil, createdAt: now))
        return secret
    }

    /// The store's token signing keys as PEM: the current key, created with `fresh` when the store has none of
    /// `algorithm` yet (a store that signed with the other algorithm, or a 0.1.0 store's ES256 key, gets the
    /// new key and keeps the old one as the previous key, retired `now`). Nil when a key is needed and `fresh` is
    /// nil: the caller makes one outside the transaction (an RSA key takes a while) and asks again.
    static func signingKeys(
        _ store: any StoreTransaction, algorithm: TokenSigningAlgorithm, fresh: String?, now: Double
    ) throws -> StoredSigningKeys? {
        if let current = try store.key(named: currentSigningName), let pem = current.pem,
            SigningKey.algorithm(ofPEM: pem) == algorithm
        {
            return StoredSigningKeys(current: pem, previous: try previousSigningKey(store))
        }
        if let legacy = try store.key(named: legacySigningName), let pem = legacy.pem {
            if algorithm == .es256, SigningKey.algorithm(ofPEM: pem) == .es256 {
                try store.save(KeyRecord(name: currentSigningName, secret: nil, pem: pem, createdAt: legacy.createdAt))
                try store.save(KeyRecord(name: legacySigningName, secret: nil, pem: nil, createdAt: now))
                return StoredSigningKeys(current: pem, previous: try previousSigningKey(store))
            }
            guard let fresh else { return nil }
            try store.save(KeyRecord(name: currentSigningName, secret: nil, pem: pem, createdAt: legacy.createdAt))
            try store.save(KeyRecord(name: legacySigningName, secret: nil, pem: nil, createdAt: now))
            return try rotate(store, to: fresh, now: now)
        }
        guard let fresh else { return nil }
        return try rotate(store, to: fresh, now: now)
    }

    /// Makes `fresh` the current signing key; the current one, if any, becomes the previous key, retired `now`
    /// (a key retired earlier is dropped).
    static func rotate(_ store: any StoreTransaction, to fresh: String, now: Double) throws -> StoredSigningKeys {
        var previous: RetiredSigningKey?
        if let current = try store.key(named: currentSigningName)?.pem, SigningKey.algorithm(ofPEM: current) != nil {
            try store.save(KeyRecord(name: previousSigningName, secret: nil, pem: current, createdAt: now))
            previous = RetiredSigningKey(pem: current, retiredAt: now)
        }
        try store.save(KeyRecord(name: currentSigningName, secret: nil, pem: fresh, createdAt: now))
        return StoredSigningKeys(current: fresh, previous: previous)
    }

    private static func previousSigningKey(_ store: any StoreTransaction) throws -> RetiredSigningKey? {
        guard let record = try store.key(named: previousSigningName), let pem = record.pem else { return nil }
        return RetiredSigningKey(pem: pem, retiredAt: record.createdAt)
    }
}

/// The signing keys kept in the store, as PEM.
struct StoredSigningKeys: Sendable, Equatable {
    /// The key new tokens are signed with.
    var current: String
    /// The key signed with before the last rotation; published while tokens it signed may live.
    var previous: RetiredSigningKey?
}

/// A signing key no longer signing.
struct RetiredSigningKey: Sendable, Equatable {
    var pem: String
    /// When it stopped signing (seconds since 1970).
    var retiredAt: Double
}
