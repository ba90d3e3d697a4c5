/// A set of ASCII characters as a 128-bit mask. Checking text against it reads the text's bytes: no
/// `Set<Character>` to build and no character to hash on each request.
package struct ASCIISet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// The ASCII characters of `characters` (any other is left out).
    package init(_ characters: String) {
        for byte in characters.utf8 where byte < 0x80 {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
    }

    package func contains(_ byte: UInt8) -> Bool {
        if byte < 64 { return low & (1 << UInt64(byte)) != 0 }
        return byte < 128 && high & (1 << UInt64(byte - 64)) != 0
    }

    /// Whether every character of `text` is in the set; a character that is not ASCII (or carries a combining
    /// mark) never is.
    package func containsAll(of text: some StringProtocol) -> Bool {
        text.utf8.allSatisfy(contains)
    }
}

extension StringProtocol {
    /// Whether the text is ASCII only (so that Unicode normalization leaves it as it is).
    package var isASCII: Bool { utf8.allSatisfy { $0 < 0x80 } }
}
