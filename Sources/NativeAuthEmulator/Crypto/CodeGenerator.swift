/// Random values from the system CSPRNG (`SystemRandomNumberGenerator`).
enum CodeGenerator {
    /// A one-time passcode of `length` decimal digits, each uniformly drawn.
    static func code(length: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = (0..<min(max(length, 4), 12)).map { _ in
            String(UInt8.random(in: 0...9, using: &generator))
        }
        return digits.joined()
    }

    /// `count` random bytes.
    static func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
