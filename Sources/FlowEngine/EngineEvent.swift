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

/// Why a run could not go on: a ``reason`` to switch on and a message for people. Messages never contain a
/// secret.
public struct EngineError: Error, Sendable, Hashable, CustomStringConvertible {
    public var reason: Reason
    public var message: String

    public init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    public var description: String { message }

    /// Why a run could not go on, as an app tells cases apart.
    public enum Reason: Sendable, Hashable {
        /// A saved session cannot resume this program: it belongs to another flow, to this flow before its
        /// files changed, to another session format, or to a step the program does not have. Start again.
        case flowChanged
        /// The authority's catalog is not the one the program was checked against (`Program.catalogDigest`
        /// against `ActionCatalog.digest`): check the flow against the authority's catalog.
        case catalogMismatch(checked: String, authority: String)
        /// ``FlowRunner/start(params:)`` was not given these declared params.
        case missingParams([String])
        /// The authority threw instead of answering this action (no answer arrived).
        case authorityUnavailable(action: String)
        /// The input source threw at this `ask` step: no answer can come.
        case inputEnded(step: String)
        /// The authority answered this action with an outcome the program's catalog does not declare.
        case undeclaredOutcome(action: String, outcome: String)
        /// A variable has no value, e.g. a secret asked before a suspend (secrets are not saved).
        case missingValue(String)
        /// More transitions than ``FlowRunner/maxTransitionsWithoutInput`` without an answer of the user.
        case tooManyTransitions(Int)
        /// The program or session contradicts itself (a program not built by the checker, a session edited by
        /// hand): a checked program run from its start or from its own session never gets here.
        case inconsistent
    }
}
