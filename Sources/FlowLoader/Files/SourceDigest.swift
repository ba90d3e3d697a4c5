/// A digest of the bytes of every file of a flow (the root, then each sub-flow in load order), so that a saved
/// session can tell whether its flow changed. 64-bit FNV-1a: it detects edits, it is not a security check
/// (sessions carry no authority; the authority's own continuation tokens are signed).
struct SourceDigest {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: [UInt8]) {
        for byte in bytes {
            state ^= UInt64(byte)
            state &*= 0x0000_0100_0000_01B3
        }
        // Separate files, so that moving bytes from one file to the next changes the digest.
        state ^= UInt64(bytes.count)
        state &*= 0x0000_0100_0000_01B3
    }

    /// The digest as 16 hexadecimal digits.
    var hex: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
