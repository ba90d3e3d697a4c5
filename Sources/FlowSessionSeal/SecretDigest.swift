import Crypto
import Foundation

/// The SHA-256 digest of a bearer secret (a flow session id), as 64 lower-case hex digits: a store keeps and
/// looks up only the digest, so a copy of the store does not hold the secret that acts on a row.
public enum SecretDigest {
    /// The hex SHA-256 of the UTF-8 bytes of `secret`.
    public static func hex(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).map { byte in
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined()
    }
}
