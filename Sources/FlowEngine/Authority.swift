import FlowModel
import FlowrunFoundation

/// The identity authority a flow talks to: it performs catalog actions and answers with an outcome.
/// `NativeAuthClient` is the native-auth implementation; tests may script one.
public protocol Authority: Sendable {
    /// The actions this authority offers. Flows are checked against it; a runner compares its
    /// `ActionCatalog.digest` with the program's once per run and refuses another catalog. The engine reads
    /// nothing else of it: what it needs (secret and shown outcome data) the program carries.
    var catalog: ActionCatalog { get }

    /// Performs `action` with its arguments. `continuation` is what the previous action of the same run left
    /// (nil at the start of a run). Thrown errors are transport failures the flow cannot handle; every answer
    /// the authority gives, errors included, is an ``ActionResult``.
    func perform(_ action: String, arguments: [String: Value], continuation: AuthorityContinuation?) async throws
        -> ActionResult
}

/// What an action answered: the outcome name of the catalog, the outcome's data, and where to continue.
public struct ActionResult: Sendable, Hashable {
    public var outcome: String
    public var data: [String: Value]
    /// The state the next action needs; `nil` keeps the previous continuation.
    public var continuation: AuthorityContinuation?

    public init(outcome: String, data: [String: Value] = [:], continuation: AuthorityContinuation? = nil) {
        self.outcome = outcome
        self.data = data
        self.continuation = continuation
    }
}

/// The authority's state between actions of one run (for native auth: the continuation token, the username
/// and which flow the token belongs to). It is saved with a suspended session, so it never holds a password,
/// a code or an access or refresh token.
public struct AuthorityContinuation: Sendable, Hashable, Codable {
    public var fields: [String: String]

    public init(_ fields: [String: String] = [:]) {
        self.fields = fields
    }

    public subscript(key: String) -> String? {
        get { fields[key] }
        set { fields[key] = newValue }
    }
}
