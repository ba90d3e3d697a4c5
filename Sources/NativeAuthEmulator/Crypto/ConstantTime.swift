import Crypto
import Foundation

/// Comparisons whose time does not depend on where the inputs differ.
enum ConstantTime {
    /// Byte-wise XOR fold; only the lengths leak.
    static func equal(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }

    /// Compares the SHA-256 digests of two strings, so neither the content nor the length leaks.
    static func equalStrings(_ lhs: String, _ rhs: String) -> Bool {
        equal(Array(SHA256.hash(data: Data(lhs.utf8))), Array(SHA256.hash(data: Data(rhs.utf8))))
    }
}
