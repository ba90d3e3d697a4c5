/// UUIDs as lowercase text, from the system's secure random generator (``SecureRandom``). Foundation's `UUID()` opens and reads
/// `/dev/urandom` for each one on Linux, which costs more than the rest of a request's ids.
public enum RandomUUID {
    /// A new random (version 4) UUID, e.g. `0f8fad5b-d9cb-469f-a165-70867728950e`.
    public static func lowercased() -> String {
        var generator = SecureRandom()
        let high = (generator.next() as UInt64) & ~0xF000 | 0x4000  // the version nibble: 4
        return text(high: high, low: randomLow(&generator))
    }

    /// A new time-ordered (version 7, RFC 9562) UUID: the milliseconds since 1970 of `seconds`, then 74 random
    /// bits. Rows keyed by these are appended to the end of their index instead of to a random page of it.
    public static func timeOrdered(at seconds: Double) -> String {
        var generator = SecureRandom()
        let milliseconds = seconds > 0 && seconds < 8.9e12 ? UInt64(seconds * 1000) & 0xFFFF_FFFF_FFFF : 0
        let high = milliseconds << 16 | 0x7000 | (generator.next() as UInt64) & 0x0FFF  // the version nibble: 7
        return text(high: high, low: randomLow(&generator))
    }

    /// 64 random bits with the variant bits `10`.
    private static func randomLow(_ generator: inout SecureRandom) -> UInt64 {
        (generator.next() as UInt64) & ~(0xC0 << 56) | (0x80 << 56)
    }

    /// `8-4-4-4-12` hex digits: `high` gives the first 16, `low` the last 16.
    private static func text(high: UInt64, low: UInt64) -> String {
        String(unsafeUninitializedCapacity: 36) { text in
            var written = 0
            writeHex(high, dashesBefore: (8, 12), into: text, at: &written)
            writeHex(low, dashesBefore: (0, 4), into: text, at: &written)
            return written
        }
    }

    /// The 16 hex digits of `word` at `written`, with a dash before the digits at the two positions given.
    private static func writeHex(
        _ word: UInt64, dashesBefore dashes: (Int, Int), into text: UnsafeMutableBufferPointer<UInt8>,
        at written: inout Int
    ) {
        for (index, shift) in stride(from: 60, through: 0, by: -4).enumerated() {
            if index == dashes.0 || index == dashes.1 {
                text[written] = UInt8(ascii: "-")
                written += 1
            }
            text[written] = hexDigits[Int(word >> UInt64(shift) & 0xF)]
            written += 1
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
