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
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            let count = buffer.count
            while index < count {
                let lead = buffer[index]
                if lead < 0x80 {
                    // Printable ASCII, tab and line breaks; not the other C0 controls nor DEL.
                    let allowed = lead >= 0x20 ? lead != 0x7F : (lead == 0x09 || lead == 0x0A || lead == 0x0D)
                    guard allowed else { return (index, UInt32(lead)) }
                    index += 1
                    continue
                }
                let length = SourceText.scalarLength(lead: lead)
                var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for next in 1..<length where index + next < count {
                    value = value << 6 | UInt32(buffer[index + next] & 0x3F)
                }
                let allowed =
                    value == 0x85 || (0xA0...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value)
                    || (0x10000...0x10FFFF).contains(value)
                if !allowed { return (index, value) }
                index += length
            }
            return nil
        }
    }

    /// `U+0007` style.
    static func scalarName(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
