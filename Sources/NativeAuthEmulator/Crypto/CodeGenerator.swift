import Crypto

/// Random values from a cryptographically secure generator. Each draw from `SystemRandomNumberGenerator` is a
/// system call for 8 bytes, so a code takes one draw and byte strings come from swift-crypto's generator.
enum CodeGenerator {
    /// A one-time passcode of `length` decimal digits (4 to 12), uniformly drawn.
    static func code(length: Int) -> String {
        let digits = min(max(length, 4), 12)
        var bound: UInt64 = 1
        for _ in 0..<digits { bound *= 10 }
        var generator = SystemRandomNumberGenerator()
        let number = String(UInt64.random(in: 0..<bound, using: &generator))
        return String(repeating: "0", count: digits - number.count) + number
    }

    /// `count` random bytes.
    static func bytes(_ count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        return SymmetricKey(size: SymmetricKeySize(bitCount: count * 8)).withUnsafeBytes { Array($0) }
    }
}
