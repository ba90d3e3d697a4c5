import FlowModel

/// One expectation a run did not meet: the text shown, where the expectation is written in the scenario
/// file, and what was expected and what happened, when they can be said in one value each.
public struct ExpectationFailure: Sendable, Hashable, CustomStringConvertible {
    /// The readable text (several lines for a path diff).
    public var message: String
    /// The expectation's place in the scenario file; `nil` for a failure of the run as a whole.
    public var position: SourcePosition?
    public var expected: String?
    public var actual: String?

    public init(_ message: String, at position: SourcePosition? = nil, expected: String? = nil, actual: String? = nil) {
        self.message = message
        self.position = position
        self.expected = expected
        self.actual = actual
    }

    public var description: String { message }
}
