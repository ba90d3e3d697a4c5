import FlowrunFoundation

/// `application/x-www-form-urlencoded` bodies, the request format of the native-auth API (protocol
/// reference, section 1). Encoding writes spaces as `+`; decoding accepts `+` and `%20`.
public enum FormBody {
    /// Encodes fields in name order, e.g. `["a": "b c"]` → `a=b+c`.
    public static func encode(_ fields: [String: String]) -> String {
        encode(pairs: fields.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) })
    }

    /// Encodes fields in the given order.
    public static func encode(pairs: [(name: String, value: String)]) -> String {
        var body: [UInt8] = []
        body.reserveCapacity(pairs.reduce(0) { $0 + 3 * ($1.name.utf8.count + $1.value.utf8.count) + 2 })
        for (index, pair) in pairs.enumerated() {
            if index > 0 { body.append(UInt8(ascii: "&")) }
            escape(pair.name, into: &body)
            body.append(UInt8(ascii: "="))
            escape(pair.value, into: &body)
        }
        return String(decoding: body, as: UTF8.self)
    }

    /// Decodes a body into fields; `nil` when an escape is malformed, the text is not UTF-8 or a field
    /// name repeats (which of the values would win is ambiguous, so none does).
    public static func decode(_ body: String) -> [String: String]? {
        guard let pairs = decodePairs(body) else { return nil }
        var fields: [String: String] = [:]
        for pair in pairs {
            guard fields.updateValue(pair.value, forKey: pair.name) == nil else { return nil }
        }
        return fields
    }

    /// Decodes a body into its fields in order; `nil` when an escape is malformed or the text is not UTF-8.
    /// Empty segments (`a=1&&b=2`) are skipped; a segment without `=` is a field with an empty value.
    public static func decodePairs(_ body: String) -> [(name: String, value: String)]? {
        let segments = body.pieces(separatedBy: "&")
        var pairs: [(name: String, value: String)] = []
        pairs.reserveCapacity(segments.count)
        for segment in segments where !segment.isEmpty {
            let parts = segment.pieces(separatedBy: "=", maxSplits: 1)
            guard let name = unescape(parts[0]) else { return nil }
            let value = parts.count > 1 ? unescape(parts[1]) : ""
            guard let value else { return nil }
            pairs.append((name: name, value: value))
        }
        return pairs
    }

    /// Appends `text` to `escaped`, percent-encoding everything but `A–Z a–z 0–9 - . _ *` and writing a space as
    /// `+`.
    private static func escape(_ text: String, into escaped: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "*"):
                escaped.append(byte)
            case UInt8(ascii: " "):
                escaped.append(UInt8(ascii: "+"))
            default:
                escaped.append(UInt8(ascii: "%"))
                escaped.append(hexBytes[Int(byte >> 4)])
                escaped.append(hexBytes[Int(byte & 0x0F)])
            }
        }
    }

    /// Undoes ``escape(_:into:)``: `+` is a space and `%XX` a byte; `nil` when an escape is malformed or the
    /// bytes are not UTF-8.
    static func unescape(_ text: Substring) -> String? {
        // Without `+` or `%` there is nothing to undo, and the text is already valid UTF-8.
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue)
                else { return nil }
                bytes.append(high << 4 | low)
            default:
                bytes.append(byte)
            }
        }
        return UTF8Text.decode(bytes)
    }

    private static let hexBytes: [UInt8] = Array("0123456789ABCDEF".utf8)

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
