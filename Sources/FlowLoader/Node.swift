import FlowModel

/// A value of a parsed YAML or JSON document with its position. Both readers produce this tree, so
/// everything after parsing is shared.
struct TreeNode: Sendable {
    /// Where the value starts (for a YAML value with an anchor or tag, where those start).
    var position: SourcePosition
    var value: Value

    /// The kinds of value a document holds.
    enum Value: Sendable {
        case null
        case bool(Bool)
        case int(Int)
        case double(Double)
        case string(StringScalar)
        case sequence([TreeNode])
        case mapping([TreeEntry])
    }

    init(_ value: Value, at position: SourcePosition) {
        self.value = value
        self.position = position
    }

    /// The value's kind as written in messages: "a string", "a list", …
    var kindDescription: String {
        switch value {
        case .null: return "nothing (null)"
        case .bool: return "a boolean"
        case .int: return "an integer"
        case .double: return "a number"
        case .string: return "a string"
        case .sequence: return "a list"
        case .mapping: return "a map"
        }
    }
}

/// A string value with what is needed to place each character of it in the source.
struct StringScalar: Sendable {
    var text: String
    /// Where the text's first character is in the source (after an opening quote).
    var contentStart: SourcePosition
    /// Whether the text is the source characters from ``contentStart`` on one line, unchanged (no escapes,
    /// no folding), so that character `n` of the text is at column `contentStart.column + n`.
    var isVerbatim: Bool
}

/// One `key: value` entry of a mapping, in source order.
struct TreeEntry: Sendable {
    var key: String
    var keyPosition: SourcePosition
    var value: TreeNode
}
