import FlowModel

/// Checks on the raw text that come before any parsing.
enum TextChecks {
    /// Whether the text holds nothing but whitespace and (for YAML) `#` comments.
    static func isBlank(_ bytes: [UInt8], allowComments: Bool) -> Bool {
        var index = 0
        var inComment = false
        while index < bytes.count {
            let byte = bytes[index]
            let breakLength = SourceText.breakLength(bytes, at: index, unicodeBreaks: false)
            if breakLength > 0 {
                inComment = false
                index += breakLength
                continue
            }
            if !inComment {
                if byte == UInt8(ascii: "#"), allowComments {
                    inComment = true
                } else if byte != 0x20, byte != 0x09 {
                    return false
                }
            }
            index += 1
        }
        return true
    }

    /// The byte offset and value of the first character YAML does not allow in a stream (C0 controls other
    /// than tab and line breaks, DEL, C1 controls other than NEL, surrogates, U+FFFE and U+FFFF).
    static func firstForbiddenYAMLCharacter(in bytes: [UInt8]) -> (offset: Int, scalar: UInt32)? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = SourceText.scalarLength(lead: lead)
            var value = UInt32(lead)
            if length > 1 {
                value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for next in 1..<length where index + next < bytes.count {
                    value = value << 6 | UInt32(bytes[index + next] & 0x3F)
                }
            }
            let allowed =
                value == 0x09 || value == 0x0A || value == 0x0D || (0x20...0x7E).contains(value) || value == 0x85
                || (0xA0...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value)
                || (0x10000...0x10FFFF).contains(value)
            if !allowed { return (index, value) }
            index += length
        }
        return nil
    }

    /// `U+0007` style.
    static func scalarName(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
