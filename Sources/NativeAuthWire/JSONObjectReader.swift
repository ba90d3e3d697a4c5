import FlowrunFoundation

/// A direct reader for the JSON objects the native-auth API answers with, into `FlowrunFoundation.Value`, for the
/// common case only: objects, arrays, strings with the short escapes (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`,
/// `\t`), integers that fit in `Int`, `true`, `false` and `null`. Anything else (a fraction or exponent, a
/// `\u` escape, a repeated key, invalid UTF-8, deep nesting, a syntax error) makes it give up (nil), and the
/// caller decodes with `JSONDecoder` as before; so the answer is always `JSONDecoder`'s.
public enum JSONObjectReader {
    /// The object, or nil when the text is not in the common subset (or not JSON at all).
    public static func read(_ bytes: some Collection<UInt8>) -> [String: Value]? {
        var reader = Reader(bytes: Array(bytes))
        reader.skipWhitespace()
        guard reader.peek == UInt8(ascii: "{"), let object = reader.object(depth: 0) else { return nil }
        reader.skipWhitespace()
        return reader.index == reader.bytes.count ? object : nil
    }

    /// Any JSON value (an object, a list, a string…) in the same subset; nil outside it. With `fractions`, a number
    /// with a fraction (`-12.5`; not `1e3`, nor `2.0`, which `JSONDecoder` reads as an integer) is read too, as a
    /// `Double`.
    public static func readValue(_ bytes: some Collection<UInt8>, fractions: Bool = false) -> Value? {
        var reader = Reader(bytes: Array(bytes), fractions: fractions)
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipWhitespace()
        return reader.index == reader.bytes.count ? value : nil
    }

    private struct Reader {
        let bytes: [UInt8]
        var fractions = false
        var index = 0

        static let maximumDepth = 64

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func expect(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        mutating func value(depth: Int) -> Value? {
            skipWhitespace()
            guard let byte = peek else { return nil }
            switch byte {
            case UInt8(ascii: "{"): return object(depth: depth + 1).map(Value.object)
            case UInt8(ascii: "["): return list(depth: depth + 1).map(Value.list)
            case UInt8(ascii: "\""): return string().map(Value.string)
            case UInt8(ascii: "t"): return literal("true") ? .boolean(true) : nil
            case UInt8(ascii: "f"): return literal("false") ? .boolean(false) : nil
            case UInt8(ascii: "n"): return literal("null") ? .null : nil
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
            default: return nil
            }
        }

        mutating func object(depth: Int) -> [String: Value]? {
            guard depth <= Self.maximumDepth, expect(UInt8(ascii: "{")) else { return nil }
            var fields: [String: Value] = [:]
            skipWhitespace()
            if expect(UInt8(ascii: "}")) { return fields }
            // Room for the protocol's answers (up to eight fields) at once, rather than growing three times.
            fields.reserveCapacity(8)
            while true {
                skipWhitespace()
                guard let key = string() else { return nil }
                skipWhitespace()
                guard expect(UInt8(ascii: ":")), let field = value(depth: depth) else { return nil }
                guard fields.updateValue(field, forKey: key) == nil else { return nil }
                skipWhitespace()
                if expect(UInt8(ascii: ",")) { continue }
                return expect(UInt8(ascii: "}")) ? fields : nil
            }
        }

        mutating func list(depth: Int) -> [Value]? {
            guard depth <= Self.maximumDepth, expect(UInt8(ascii: "[")) else { return nil }
            var items: [Value] = []
            skipWhitespace()
            if expect(UInt8(ascii: "]")) { return items }
            while true {
                guard let item = value(depth: depth) else { return nil }
                items.append(item)
                skipWhitespace()
                if expect(UInt8(ascii: ",")) { continue }
                return expect(UInt8(ascii: "]")) ? items : nil
            }
        }

        mutating func string() -> String? {
            guard expect(UInt8(ascii: "\"")) else { return nil }
            // Most strings have no escape: find the closing quote and decode the bytes before it at once.
            var end = index
            while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
                bytes[end] >= 0x20
            {
                end += 1
            }
            if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
                defer { index = end + 1 }
                return UTF8Text.decode(bytes[index..<end])
            }
            var output: [UInt8] = Array(bytes[index..<end])
            index = end
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return UTF8Text.decode(output)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { return nil }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escaped)
                    case UInt8(ascii: "b"): output.append(0x08)
                    case UInt8(ascii: "f"): output.append(0x0C)
                    case UInt8(ascii: "n"): output.append(0x0A)
                    case UInt8(ascii: "r"): output.append(0x0D)
                    case UInt8(ascii: "t"): output.append(0x09)
                    default: return nil  // `\u` and invalid escapes: JSONDecoder's business
                    }
                case 0x00..<0x20:
                    return nil
                default:
                    output.append(byte)
                }
            }
            return nil
        }

        mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            let matches = word.withUTF8Buffer { expected in
                (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
            }
            if matches { index += count }
            return matches
        }

        /// An integer; with ``fractions``, also one with a fraction, as a `Double`.
        mutating func number() -> Value? {
            let start = index
            if let integer = integer() { return .integer(integer) }
            guard fractions else { return nil }
            index = start
            _ = expect(UInt8(ascii: "-"))
            guard digits(allowingLeadingZero: false), expect(UInt8(ascii: ".")), digits(allowingLeadingZero: true)
            else { return nil }
            if let byte = peek, byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return nil }
            // A whole number (`2.0`) JSONDecoder reads as an integer: left to it.
            guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)),
                number != number.rounded(.towardZero)
            else { return nil }
            return .number(number)
        }

        /// One or more digits; without a leading zero unless it is the only one, when not `allowingLeadingZero`.
        mutating func digits(allowingLeadingZero: Bool) -> Bool {
            let start = index
            while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            let count = index - start
            return count > 0 && (allowingLeadingZero || count == 1 || bytes[start] != UInt8(ascii: "0"))
        }

        /// `-?(0|[1-9][0-9]*)` fitting in `Int`, not followed by a fraction or exponent.
        mutating func integer() -> Int? {
            var negative = false
            if expect(UInt8(ascii: "-")) { negative = true }
            let start = index
            var magnitude: Int = 0
            while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                let (times, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                guard !overflow1, !overflow2 else { return nil }
                magnitude = sum
                index += 1
            }
            let digits = index - start
            guard digits > 0, !(digits > 1 && bytes[start] == UInt8(ascii: "0")) else { return nil }
            if let byte = peek, byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                return nil
            }
            return negative ? -magnitude : magnitude
        }
    }
}
