import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation

/// What the runner keeps of a session between requests, and what the API shows of it. It holds the engine's
/// `Session` (which never encodes a secret), the ask it waits on, or how it ended.
public struct SessionRecord: Sendable, Codable, Hashable {
    /// Where the session stands.
    public enum State: String, Sendable, Codable {
        /// Waiting on ``ask``.
        case asking
        /// The flow reached an end (``end``).
        case ended
        /// A client cancelled it.
        case cancelled
        /// The run could not go on (``reason``).
        case failed
    }

    /// The session id: the client's credential. The store keeps only its SHA-256 digest.
    public var id: String
    public var flow: String
    public var state: State
    /// The ask it waits on, with the reason the last answer was refused (`problem`), when it was.
    public var ask: InputRequest?
    /// The texts the flow showed since the last answer (or since the start).
    public var messages: [String]
    /// Whether the last answer led, through an error outcome, to an ask with messages: the flow refused it (a wrong
    /// code, a password the authority refused), and ``messages`` say why. Nil in a record stored before it was kept.
    var refused: Bool?
    public var end: EndResult?
    /// Why a failed session could not go on.
    public var reason: String?
    /// The engine's session while asking; nil once the session is over.
    var session: Session?
    /// The engine's session as stored, its continuation sealed (nil in memory).
    var sealedSession: SealedSession?
    /// Incremented by every change, so two answers racing for one ask cannot both be taken.
    var version: Int
    /// When the answers of the last minute came (seconds since 1970), for the per-session answer limit.
    var answeredAt: [Double]?
    /// Who started the session; nil in a record stored before it was kept (which no browser may adopt).
    var creator: SessionCreator?
    /// The authorize request the session answers, until it has been answered (a code or an error sent to the
    /// client's redirect URI); nil for a session started otherwise.
    var authorization: AuthorizationRequest?
    /// The account the session last signed in at the authority; the sign-in pages issue a code for it once the
    /// flow ended in success.
    var account: SignedInAccount?
    /// The flow API's client the session returns tokens to when it ends signed in, until it has; the record never
    /// holds the tokens.
    var tokensFor: APITokenRequest?

    /// How a session that is over ended, for metrics: the end's kind, `cancelled` or `failed`; nil while asking.
    public var outcome: String? {
        switch state {
        case .asking: return nil
        case .ended: return end?.kind.description ?? "ended"
        case .cancelled, .failed: return state.rawValue
        }
    }

    /// This record failed, `reason` saying why; it keeps no session and no ask.
    func failing(because reason: String) -> SessionRecord {
        var failed = self
        failed.state = .failed
        failed.reason = reason
        failed.session = nil
        failed.sealedSession = nil
        failed.ask = nil
        return failed
    }

    /// The stored record `data` with its id replaced by `id`; nil when `data` is no record.
    static func encoded(_ data: Data, id: String) -> Data? {
        guard var record = try? JSONDecoder().decode(SessionRecord.self, from: data) else { return nil }
        record.id = id
        return try? JSONEncoder().encode(record)
    }

    /// The JSON the API answers: everything but the engine's session and the version.
    var view: SessionView {
        SessionView(id: id, flow: flow, state: state, ask: ask, messages: messages, end: end, reason: reason)
    }
}

/// A session as the API shows it.
struct SessionView: Sendable {
    var id: String
    var flow: String
    var state: SessionRecord.State
    var ask: InputRequest?
    var messages: [String]
    var end: EndResult?
    var reason: String?
    /// The token endpoint's body, in the one answer that ended the session signed in for a client that gave its
    /// `client_id` at the start.
    var tokens: [String: Value]?
}
