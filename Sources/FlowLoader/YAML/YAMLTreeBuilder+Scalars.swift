internal import CYaml
import FlowModel
import Foundation

/// Scalars: core-schema resolution and where each character of a string is in the source.
extension YAMLTreeBuilder {
    /// The value of a scalar event. Quoted scalars and scalars tagged `!!str` or `!` are strings; other scalars
    /// are resolved by the YAML 1.2 core schema (so `!!int 5` is an integer, and `yes` a string).
    mutating func value(
        of scalar: ScalarEventData, bytes: UnsafeBufferPointer<UInt8>, mark: yaml_mark_t
    ) -> TreeNode.Value {
        if !Self.isString(scalar), let resolved = YAMLScalar.resolvePlain(bytes) {
            return resolved
        }
        return .string(placer.place(bytes, style: scalar.style, at: mark))
    }

    /// Whether the scalar's tag makes it a string, as the loader decided when it read YAML through Yams: `!!str`
    /// (also what libyaml reports for an untagged quoted scalar), the non-specific `!`, or no tag on a scalar
    /// that is not plain.
    private static func isString(_ scalar: ScalarEventData) -> Bool {
        if scalar.quoted_implicit == 1 { return true }
        guard let tag = scalar.tag else { return scalar.style != YAML_PLAIN_SCALAR_STYLE }
        return matches(tag, strTag) || matches(tag, nonSpecificTag)
            || (tag.pointee == 0 && scalar.style != YAML_PLAIN_SCALAR_STYLE)
    }

    private static let strTag = Array("tag:yaml.org,2002:str".utf8)
    private static let nonSpecificTag = Array("!".utf8)

    /// Whether the NUL-terminated `tag` is exactly `expected`.
    private static func matches(_ tag: UnsafePointer<yaml_char_t>, _ expected: [UInt8]) -> Bool {
        for (index, byte) in expected.enumerated() where tag[index] != byte { return false }
        return tag[expected.count] == 0
    }
}

typealias ScalarEventData = yaml_event_t.__Unnamed_union_data.__Unnamed_struct_scalar

/// Places the characters of string scalars in the source: where a scalar written on one line without escapes
/// starts, so that character `n` of its text is at column `start + n`.
///
/// libyaml marks count Unicode scalars from the start of the text; the placer turns them into byte offsets,
/// directly when the text is ASCII and otherwise with a cursor that moves with the events.
struct ScalarPlacer {
    let bytes: [UInt8]
    private let isASCII: Bool
    /// A scalar index and the byte offset where that scalar starts.
    private var cursor = (scalar: 0, byte: 0)

    init(bytes: [UInt8]) {
        self.bytes = bytes
        self.isASCII = !bytes.contains { $0 >= 0x80 }
    }

    /// The byte offset of the scalar at `index` (counted in Unicode scalars).
    private mutating func offset(ofScalar index: Int) -> Int {
        if isASCII { return min(index, bytes.count) }
        var (scalar, byte) = cursor
        while scalar < index, byte < bytes.count {
            byte += SourceText.scalarLength(lead: bytes[byte])
            scalar += 1
        }
        while scalar > index, byte > 0 {
            byte -= 1
            while byte > 0, bytes[byte] & 0xC0 == 0x80 { byte -= 1 }
            scalar -= 1
        }
        cursor = (scalar, min(byte, bytes.count))
        return cursor.byte
    }

    /// The string with where its characters are in the source: exact for plain and one-line quoted scalars
    /// written without escapes, otherwise all placed at the scalar's start (its anchor or tag, if it has one).
    mutating func place(_ utf8: UnsafeBufferPointer<UInt8>, style: yaml_scalar_style_t, at mark: yaml_mark_t)
        -> StringScalar
    {
        let text = String(decoding: utf8, as: UTF8.self)
        let position = LibYAMLParser.position(mark)
        let fallback = StringScalar(text: text, contentStart: position, isVerbatim: false)
        var offset = offset(ofScalar: mark.index)
        var contentStart = position
        let quote: UInt8?
        switch style {
        case YAML_PLAIN_SCALAR_STYLE: quote = nil
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: quote = UInt8(ascii: "'")
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: quote = UInt8(ascii: "\"")
        default: return fallback
        }
        if let quote {
            guard offset < bytes.count, bytes[offset] == quote else { return fallback }
            if quote == UInt8(ascii: "'"), utf8.contains(UInt8(ascii: "'")) { return fallback }
            if quote == UInt8(ascii: "\""), utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == quote }) {
                return fallback
            }
            offset += 1
            contentStart.column += 1
        }
        let end = offset + utf8.count
        guard end <= bytes.count, Self.equal(bytes, from: offset, utf8), !Self.hasBreak(utf8) else { return fallback }
        if let quote, end >= bytes.count || bytes[end] != quote { return fallback }
        return StringScalar(text: text, contentStart: contentStart, isVerbatim: true)
    }

    /// Whether `bytes[offset...]` starts with `utf8`.
    private static func equal(_ bytes: [UInt8], from offset: Int, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard offset + utf8.count <= bytes.count else { return false }
        guard let other = utf8.baseAddress else { return true }
        return bytes.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return false }
            return memcmp(base + offset, other, utf8.count) == 0
        }
    }

    /// Whether the text holds a line break (including NEL, LS and PS).
    private static func hasBreak(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in utf8.indices {
            switch utf8[index] {
            case 0x0A, 0x0D: return true
            case 0xC2 where index + 1 < utf8.count && utf8[index + 1] == 0x85: return true
            case 0xE2
            where index + 2 < utf8.count && utf8[index + 1] == 0x80
                && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                return true
            default: continue
            }
        }
        return false
    }
}
