import Crypto
import Foundation

/// The SHA-256 digest of a bearer secret (a flow session id), as 64 lower-case hex digits: a store keeps and
/// looks up only the digest, so a copy of the store does not hold the secret that acts on a row.
public enum SecretDigest {
    /// The hex SHA-256 of the UTF-8 bytes of `secret`.
    public static func hex(_ secret: String) -> String {
        var digits: [UInt8] = []
        digits.reserveCapacity(2 * SHA256.byteCount)
        for byte in SHA256.hash(data: Array(secret.utf8)) {
            digits.append(hexDigits[Int(byte >> 4)])
            digits.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: digits, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
