import Crypto
import Foundation

/// The secrets kept in `keys`, created on first use.
enum Keys {
    private static let continuationName = "continuation-hmac"
    private static let signingName = "es256-signing"
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

    /// The ES256 signing key as PEM.
    static func signingKeyPEM(_ store: any StoreTransaction, now: Double) throws -> String {
        if let pem = try store.key(named: signingName)?.pem,
            (try? P256.Signing.PrivateKey(pemRepresentation: pem)) != nil
        {
            return pem
        }
        let pem = P256.Signing.PrivateKey().pemRepresentation
        try store.save(KeyRecord(name: signingName, secret: nil, pem: pem, createdAt: now))
        return pem
    }
}
