/// A place in a flow file: 1-based line and column (columns count Unicode scalars).
public struct SourcePosition: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The start of a file.
    public static let start = SourcePosition(line: 1, column: 1)

    public var description: String { "\(line):\(column)" }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A position kept as provenance: every two marks are equal, so model values compare by meaning and a flow
/// written in YAML equals the same flow written in JSON.
public struct SourceMark: Sendable, Hashable {
    public var position: SourcePosition

    public init(_ position: SourcePosition) {
        self.position = position
    }

    public static func == (lhs: SourceMark, rhs: SourceMark) -> Bool { true }

    public func hash(into hasher: inout Hasher) {}
}

/// A value together with the position where the author wrote it. Equality looks at the value only.
public struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
    public var value: Value
    private var mark: SourceMark

    public init(_ value: Value, at position: SourcePosition) {
        self.value = value
        self.mark = SourceMark(position)
    }

    public var position: SourcePosition {
        get { mark.position }
        set { mark = SourceMark(newValue) }
    }
}
