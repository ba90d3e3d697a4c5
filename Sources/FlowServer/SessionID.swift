import FlowrunFoundation

/// Session ids: 128 random bits from the system's secure generator (``SecureRandom``), as 32 lower-case hex digits.
enum SessionID {
    static func make() -> String {
        var generator = SecureRandom()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return hex(high) + hex(low)
    }

    /// Whether `text` has the shape of a session id (checked before any lookup).
    static func isWellFormed(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
