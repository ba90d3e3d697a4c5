import Crypto
import FlowrunFoundation
import Foundation

extension ConstantTime {
    /// Compares the SHA-256 digests of two strings, so neither the content nor the length leaks.
    static func equalStrings(_ lhs: String, _ rhs: String) -> Bool {
        equal(Array(SHA256.hash(data: Data(lhs.utf8))), Array(SHA256.hash(data: Data(rhs.utf8))))
    }
}
