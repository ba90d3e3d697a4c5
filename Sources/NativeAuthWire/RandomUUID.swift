/// Random (version 4) UUIDs as lowercase text, from the system's secure random generator. Foundation's `UUID()`
/// opens and reads `/dev/urandom` for each one on Linux, which costs more than the rest of a request's ids.
public enum RandomUUID {
    /// A new UUID, e.g. `0f8fad5b-d9cb-469f-a165-70867728950e`.
    public static func lowercased() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = (generator.next() as UInt64) & ~0xF000 | 0x4000  // the version nibble: 4
        let low = (generator.next() as UInt64) & ~(0xC0 << 56) | (0x80 << 56)  // the variant bits: 10
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, shift) in stride(from: 60, through: 0, by: -4).enumerated() {
            if index == 8 || index == 12 { text.append(UInt8(ascii: "-")) }
            text.append(hexDigits[Int(high >> UInt64(shift) & 0xF)])
        }
        for (index, shift) in stride(from: 60, through: 0, by: -4).enumerated() {
            if index == 0 || index == 4 { text.append(UInt8(ascii: "-")) }
            text.append(hexDigits[Int(low >> UInt64(shift) & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
