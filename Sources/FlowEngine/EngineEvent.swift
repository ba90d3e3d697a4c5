import FlowModel
import FlowrunFoundation

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
        /// The user cancelled at an `ask` (written by the CLI, which sees how a run stopped).
        case cancelled
        /// The run was saved to resume later (written by the CLI, with the session file).
        case suspended
        /// The run could not go on (written by the CLI, with the message).
        case error
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
    /// The whole ask of an `inputRequested` event: what a client needs to render it.
    public var request: InputRequest?
    /// The input an `inputRejected` event concerns.
    public var field: String?
    /// An `outcome`'s data; values the catalog marks secret (or does not declare) are masked.
    public var data: [String: Value]?
    /// The file a `suspended` run was saved to.
    public var session: String?
    /// The event's number in its stream, from 1 (set by the stream's writer).
    public var seq: Int?
    /// When the event was written, ISO 8601 in UTC (set by the stream's writer).
    public var time: String?

    public init(
        _ event: Kind, flow: String, step: String? = nil, action: String? = nil, outcome: String? = nil,
        inputs: [String]? = nil, message: String? = nil, edge: Int? = nil, end: EndResult? = nil,
        request: InputRequest? = nil, field: String? = nil, data: [String: Value]? = nil, session: String? = nil
    ) {
        self.request = request
        self.field = field
        self.data = data
        self.session = session
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
