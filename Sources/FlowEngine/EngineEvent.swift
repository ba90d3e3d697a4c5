import FlowModel

/// Something that happened during a run, for reporters (`--json` prints one per line) and coverage.
/// Events never carry the value of a secret.
public struct EngineEvent: Sendable, Hashable, Codable {
    /// The kinds of event.
    public enum Kind: String, Sendable, Hashable, Codable {
        case stepEntered
        case inputRequested
        case inputRejected
        case actionCalled
        case outcome
        case transition
        case attemptsExhausted
        case message
        case subflowStarted
        case subflowEnded
        case ended
    }

    public var event: Kind
    /// The file of the (sub-)flow the event happened in.
    public var flow: String
    public var step: String?
    public var action: String?
    public var outcome: String?
    public var inputs: [String]?
    public var message: String?
    /// The edge taken, by index into the program's edges (for transition coverage).
    public var edge: Int?
    public var end: EndResult?

    public init(
        _ event: Kind, flow: String, step: String? = nil, action: String? = nil, outcome: String? = nil,
        inputs: [String]? = nil, message: String? = nil, edge: Int? = nil, end: EndResult? = nil
    ) {
        self.event = event
        self.flow = flow
        self.step = step
        self.action = action
        self.outcome = outcome
        self.inputs = inputs
        self.message = message
        self.edge = edge
        self.end = end
    }
}

/// How a flow ended: its end kind, reason, the message shown, and its output.
public struct EndResult: Sendable, Hashable, Codable {
    public var kind: EndKind
    public var reason: String?
    public var message: String?
    /// The end's `output`, with secret values masked.
    public var output: [String: Value]

    public init(kind: EndKind, reason: String? = nil, message: String? = nil, output: [String: Value] = [:]) {
        self.kind = kind
        self.reason = reason
        self.message = message
        self.output = output
    }
}

/// How a run stopped.
public enum RunOutcome: Sendable {
    /// The flow reached an end.
    case ended(EndResult)
    /// The user cancelled at an `ask`.
    case cancelled
    /// The input source asked to stop; the session resumes the run later.
    case suspended(Session)
    /// The run could not go on.
    case failed(EngineError)
}

/// Why a run could not go on. Messages never contain a secret.
public struct EngineError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
