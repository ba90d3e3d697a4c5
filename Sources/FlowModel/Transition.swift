/// Where a step goes next: a step, or an inline end; optionally with a message and an attempt limit.
public struct Transition: Sendable, Hashable {
    /// The destination of a transition.
    public enum Target: Sendable, Hashable {
        case step(Located<String>)
        case end(EndSpec)
    }

    public var position: SourcePosition {
        get { mark.position }
        set { mark = SourceMark(newValue) }
    }
    private var mark: SourceMark
    public var target: Target
    /// Shown when the transition is taken.
    public var message: Template?
    /// How many times the transition may be taken in one session before `exhausted` is taken instead.
    public var attempts: Located<Int>?
    /// Why no scenario is expected to take this transition (`untested:`): coverage leaves it out and says so.
    public var untested: Located<String>?
    private var exhaustedStorage: [Transition]

    public init(
        position: SourcePosition, target: Target, message: Template? = nil, attempts: Located<Int>? = nil,
        exhausted: Transition? = nil
    ) {
        self.mark = SourceMark(position)
        self.target = target
        self.message = message
        self.attempts = attempts
        self.exhaustedStorage = exhausted.map { [$0] } ?? []
    }

    /// Taken instead once `attempts` are used up; present exactly when `attempts` is.
    public var exhausted: Transition? {
        get { exhaustedStorage.first }
        set { exhaustedStorage = newValue.map { [$0] } ?? [] }
    }
}

/// How a flow ends: `success`, `failure` (with a reason), or a named end such as `browser_required`.
public enum EndKind: Sendable, Hashable, Codable, CustomStringConvertible {
    case success
    case failure
    case named(String)

    public init(name: String) {
        switch name {
        case "success": self = .success
        case "failure": self = .failure
        default: self = .named(name)
        }
    }

    /// The name a `use` step's `on:` maps: `success`, `failure`, or the named end.
    public var name: String {
        switch self {
        case .success: return "success"
        case .failure: return "failure"
        case .named(let name): return name
        }
    }

    public var description: String { name }

    public init(from decoder: any Decoder) throws {
        self.init(name: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes as its name: `"success"`, `"failure"` or the named end.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}

/// An `end` step or an inline end of a transition (the message is the step's or the transition's).
public struct EndSpec: Sendable, Hashable {
    public var kind: Located<EndKind>
    /// `failure` only: a machine-readable reason.
    public var reason: Located<String>?
    /// Data handed to a calling flow, or shown as the result.
    public var output: [NamedValue]

    public init(kind: Located<EndKind>, reason: Located<String>? = nil, output: [NamedValue] = []) {
        self.kind = kind
        self.reason = reason
        self.output = output
    }
}
