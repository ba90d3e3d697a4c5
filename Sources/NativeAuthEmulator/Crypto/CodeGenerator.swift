import FlowrunFoundation

/// Random values from the system's secure generator (``SecureRandom``), 8 bytes per draw: a code in one draw, byte
/// strings a word at a time.
enum CodeGenerator {
    /// A one-time passcode of `length` decimal digits (4 to 12), uniformly drawn.
    static func code(length: Int) -> String {
        let digits = min(max(length, 4), 12)
        var bound: UInt64 = 1
        for _ in 0..<digits { bound *= 10 }
        var generator = SecureRandom()
        let number = String(UInt64.random(in: 0..<bound, using: &generator))
        return String(repeating: "0", count: digits - number.count) + number
    }

    /// `count` random bytes.
    static func bytes(_ count: Int) -> [UInt8] {
        var generator = SecureRandom()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(count, 0))
        while bytes.count < count {
            withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0.prefix(count - bytes.count)) }
        }
        return bytes
    }
}
