import FlowrunFoundation

/// A direct JSON writer for `FlowrunFoundation.Value`: the same text as Foundation's `JSONEncoder` with
/// `[.sortedKeys, .withoutEscapingSlashes]`, without its per-call set-up and boxing (response bodies, token
/// claims and continuation tokens are written on every request).
public enum JSONWriter {
    /// The UTF-8 JSON text of `value`, object keys sorted; nil when it holds a non-finite number (which JSON
    /// cannot represent and `JSONEncoder` refuses too).
    public static func encode(_ value: Value) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        guard write(value, into: &output) else { return nil }
        return output
    }

    /// Appends `value`; false when it holds a non-finite number.
    public static func write(_ value: Value, into output: inout [UInt8]) -> Bool {
        switch value {
        case .string(let text):
            writeString(text, into: &output)
        case .integer(let number):
            output.append(contentsOf: String(number).utf8)
        case .number(let number):
            guard number.isFinite else { return false }
            var text = String(number)
            if text.hasSuffix(".0") { text.removeLast(2) }
            output.append(contentsOf: text.utf8)
        case .boolean(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null:
            output.append(contentsOf: "null".utf8)
        case .list(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                guard write(item, into: &output) else { return false }
            }
            output.append(UInt8(ascii: "]"))
        case .object(let fields):
            output.append(UInt8(ascii: "{"))
            for (index, key) in fields.keys.sorted().enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeString(key, into: &output)
                output.append(UInt8(ascii: ":"))
                guard let field = fields[key], write(field, into: &output) else { return false }
            }
            output.append(UInt8(ascii: "}"))
        }
        return true
    }

    /// Appends `text` as a JSON string: `"` and `\` escaped, control characters as `\n`, `\r`, `\t`, `\b`, `\f`
    /// or `\u00XX`; everything else (`/` and non-ASCII included) as it is, in UTF-8.
    public static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escape: copied at once.
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }) {
            output.append(contentsOf: text.utf8)
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x00..<0x20:
                output.append(contentsOf: Array("\\u00".utf8))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
