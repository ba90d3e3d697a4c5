import FlowModel
import Yams

/// Scalars: core-schema resolution and where each character of a string is in the source.
extension YAMLTreeBuilder {
    func value(of scalar: Node.Scalar, at position: SourcePosition) -> TreeNode.Value {
        let tag = scalar.tag.rawValue
        let isString =
            tag == Tag.Name.str.rawValue || tag == Tag.Name.nonSpecific.rawValue
            || (tag == Tag.Name.implicit.rawValue && scalar.style != .plain)
        if !isString, let resolved = YAMLScalar.resolvePlain(scalar.string) {
            return resolved
        }
        return .string(stringScalar(scalar, at: position))
    }

    /// The string with where its characters are in the source: exact for plain and one-line quoted scalars
    /// written without escapes, otherwise all placed at the scalar's start.
    private func stringScalar(_ scalar: Node.Scalar, at position: SourcePosition) -> StringScalar {
        let text = scalar.string
        let fallback = StringScalar(text: text, contentStart: position, isVerbatim: false)
        guard var offset = source.offset(of: position) else { return fallback }
        var contentStart = position
        let bytes = source.bytes
        let quote: UInt8?
        switch scalar.style {
        case .plain: quote = nil
        case .singleQuoted: quote = UInt8(ascii: "'")
        case .doubleQuoted: quote = UInt8(ascii: "\"")
        default: return fallback
        }
        if let quote {
            guard offset < bytes.count, bytes[offset] == quote else { return fallback }
            if quote == UInt8(ascii: "'"), text.contains("'") { return fallback }
            if quote == UInt8(ascii: "\""), text.contains("\\") || text.contains("\"") { return fallback }
            offset += 1
            contentStart.column += 1
        }
        let utf8 = Array(text.utf8)
        let end = offset + utf8.count
        guard end <= bytes.count, bytes[offset..<end].elementsEqual(utf8),
            !utf8.indices.contains(where: { SourceText.isBreak(utf8, at: $0) })
        else { return fallback }
        if let quote, end >= bytes.count || bytes[end] != quote { return fallback }
        return StringScalar(text: text, contentStart: contentStart, isVerbatim: true)
    }
}
