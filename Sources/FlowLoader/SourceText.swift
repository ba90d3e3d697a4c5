import FlowModel

/// The bytes of one file as text: validated as UTF-8, without a leading byte order mark, with the byte offset
/// of every line so that positions (1-based lines, columns counted in Unicode scalars) map to bytes and back.
struct SourceText: Sendable {
    /// The bytes, without a leading UTF-8 byte order mark.
    let bytes: [UInt8]
    /// The byte offset where each line starts; `lineStarts[0] == 0`.
    let lineStarts: [Int]

    /// Wraps bytes already known to be valid UTF-8. `unicodeBreaks` also counts NEL, LS and PS as line breaks,
    /// as YAML does.
    init(validUTF8 bytes: [UInt8], unicodeBreaks: Bool) {
        self.bytes = bytes
        self.lineStarts = Self.lineStarts(of: bytes, upTo: bytes.count, unicodeBreaks: unicodeBreaks)
    }

    /// The byte offset of a 1-based position, or `nil` when the line or column does not exist.
    func offset(of position: SourcePosition) -> Int? {
        guard position.line >= 1, position.line <= lineStarts.count, position.column >= 1 else { return nil }
        var offset = lineStarts[position.line - 1]
        var column = 1
        while column < position.column {
            guard offset < bytes.count, !Self.isBreak(bytes, at: offset) else { return nil }
            offset += Self.scalarLength(lead: bytes[offset])
            column += 1
        }
        return offset <= bytes.count ? offset : nil
    }

    /// The 1-based position of a byte offset.
    func position(ofByte offset: Int) -> SourcePosition {
        Self.position(ofByte: offset, in: bytes, lineStarts: lineStarts)
    }

    // MARK: - Static helpers shared with the readers

    /// Drops a leading UTF-8 byte order mark.
    static func droppingBOM(_ bytes: [UInt8]) -> [UInt8] {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            return Array(bytes[3...])
        }
        return bytes
    }

    /// The offset of the first byte that does not start a valid UTF-8 sequence (overlong forms, surrogates and
    /// values above U+10FFFF are invalid), or `nil` when all bytes are valid.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                upper = 0x9F
            case 0xF0:
                length = 4
                lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                upper = 0x8F
            default: return index
            }
            guard index + length <= count else { return index }
            let second = bytes[index + 1]
            guard second >= lower, second <= upper else { return index }
            for next in 2..<length where bytes[index + next] & 0xC0 != 0x80 {
                return index
            }
            index += length
        }
        return nil
    }

    /// The number of bytes of the UTF-8 sequence that starts with `lead` (1 for a stray continuation byte).
    static func scalarLength(lead: UInt8) -> Int {
        switch lead {
        case 0xF0...0xFF: return 4
        case 0xE0...0xEF: return 3
        case 0xC0...0xDF: return 2
        default: return 1
        }
    }

    /// The length in bytes of the line break at `offset`, or 0 when there is none. `\r\n` counts as one break;
    /// NEL, LS and PS only with `unicodeBreaks`.
    static func breakLength(_ bytes: [UInt8], at offset: Int, unicodeBreaks: Bool = true) -> Int {
        guard offset < bytes.count else { return 0 }
        switch bytes[offset] {
        case 0x0A: return 1
        case 0x0D: return offset + 1 < bytes.count && bytes[offset + 1] == 0x0A ? 2 : 1
        case 0xC2 where unicodeBreaks:
            return offset + 1 < bytes.count && bytes[offset + 1] == 0x85 ? 2 : 0
        case 0xE2 where unicodeBreaks:
            if offset + 2 < bytes.count, bytes[offset + 1] == 0x80,
                bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9
            {
                return 3
            }
            return 0
        default: return 0
        }
    }

    static func isBreak(_ bytes: [UInt8], at offset: Int) -> Bool {
        breakLength(bytes, at: offset) > 0
    }

    /// The byte offsets where lines start, scanning bytes `0..<end`.
    static func lineStarts(of bytes: [UInt8], upTo end: Int, unicodeBreaks: Bool) -> [Int] {
        var starts = [0]
        var offset = 0
        while offset < end {
            let length = breakLength(bytes, at: offset, unicodeBreaks: unicodeBreaks)
            if length > 0 {
                offset += length
                starts.append(offset)
            } else {
                offset += 1
            }
        }
        return starts
    }

    /// The 1-based position of a byte offset given the line starts.
    static func position(ofByte offset: Int, in bytes: [UInt8], lineStarts: [Int]) -> SourcePosition {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var index = lineStarts[low]
        let end = min(offset, bytes.count)
        while index < end {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourcePosition(line: low + 1, column: column)
    }

    /// The position of a byte offset in bytes whose lines have not been indexed (e.g. before validation).
    static func position(ofByte offset: Int, in bytes: [UInt8], unicodeBreaks: Bool) -> SourcePosition {
        let starts = lineStarts(of: bytes, upTo: min(offset, bytes.count), unicodeBreaks: unicodeBreaks)
        return position(ofByte: offset, in: bytes, lineStarts: starts)
    }
}
