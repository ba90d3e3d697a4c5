import Crypto
import CryptoExtras
import FlowrunFoundation
import Foundation
import NativeAuthWire

/// PBKDF2-SHA256 password hashes stored as `pbkdf2-sha256$iterations$salt$hash` (salt and hash in base64).
enum PasswordHasher {
    private static let scheme = "pbkdf2-sha256"
    private static let hashLength = 32

    /// Hashes `password` with a fresh random 16-byte salt.
    static func hash(_ password: String, iterations: Int) throws -> String {
        let salt = CodeGenerator.bytes(16)
        let derived = try derive(password, salt: salt, iterations: iterations)
        return [scheme, String(iterations), Data(salt).base64EncodedString(), Data(derived).base64EncodedString()]
            .joined(separator: "$")
    }

    /// Whether `password` matches `encoded`; false for any malformed hash. The comparison is constant-time.
    static func verify(_ password: String, against encoded: String) -> Bool {
        let parts = encoded.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == scheme, let iterations = Int(parts[1]),
            (1...10_000_000).contains(iterations),
            let salt = Data(base64Encoded: String(parts[2])), let expected = Data(base64Encoded: String(parts[3])),
            expected.count == hashLength,
            let derived = try? derive(password, salt: Array(salt), iterations: iterations)
        else { return false }
        return ConstantTime.equal(derived, Array(expected))
    }

    private static func derive(_ password: String, salt: [UInt8], iterations: Int) throws -> [UInt8] {
        let key = try KDF.Insecure.PBKDF2.deriveKey(
            from: Array(password.utf8), salt: salt, using: .sha256, outputByteCount: hashLength,
            unsafeUncheckedRounds: iterations)
        return key.withUnsafeBytes { Array($0) }
    }
}
