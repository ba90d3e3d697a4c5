import FlowEngine
import Foundation

/// The client's state between actions of one run, kept in `AuthorityContinuation` fields: which flow the
/// continuation token belongs to, the step it allows, the token itself, the username, the scopes asked for
/// at the start of a sign-in, the strong-auth methods of an MFA or registration step, and how many pages of
/// attributes a sign-up has asked for. Never a password, a code, or an access, ID or refresh token.
struct ContinuationState: Sendable, Hashable {
    enum Flow: String, Sendable {
        case signUp = "signup"
        case signIn = "signin"
        case resetPassword = "resetpassword"
        case mfa
        case register
    }

    enum Step: String, Sendable {
        /// A code was sent; the next call verifies it.
        case code
        /// The server wants a password next.
        case password
        /// The server wants attributes next.
        case attributes
        /// An MFA or registration challenge must be requested next.
        case challenge
        /// The flow completed; the token (if any) may sign the user in.
        case completed
    }

    /// A strong-auth method of an introspect answer, as far as later calls need it.
    struct Method: Sendable, Hashable {
        var id: String
        var channel: String

        /// Characters a method's channel or id keeps as they are in its field; others are percent-encoded.
        private static let plain = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))

        init(id: String, channel: String) {
            self.id = id
            self.channel = channel
        }

        /// The method as one word of the `methods` field: `channel:id`, each percent-encoded.
        var field: String {
            let encode = { (text: String) in text.addingPercentEncoding(withAllowedCharacters: Self.plain) ?? "" }
            return "\(encode(channel)):\(encode(id))"
        }

        /// The method a word of the `methods` field names; nil when it is none.
        init?(field: Substring) {
            let parts = field.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let channel = parts[0].removingPercentEncoding,
                let id = parts[1].removingPercentEncoding
            else { return nil }
            self.init(id: id, channel: channel)
        }
    }

    var flow: Flow
    var step: Step
    var token: String?
    var username: String
    var scopes: [String] = []
    var methods: [Method] = []
    /// How many `attributes_required` answers this sign-up has had: the page of attributes being asked.
    var attributePage = 0

    init(
        flow: Flow, step: Step, token: String?, username: String, scopes: [String] = [], methods: [Method] = []
    ) {
        self.flow = flow
        self.step = step
        self.token = token
        self.username = username
        self.scopes = scopes
        self.methods = methods
    }

    private enum Key {
        static let flow = "flow"
        static let step = "step"
        static let token = "continuationToken"
        static let username = "username"
        static let scopes = "scopes"
        static let methods = "methods"
        static let attributePage = "attributePage"
    }

    /// Reads the state of a continuation; `nil` when it holds no flow of this client.
    init?(_ continuation: AuthorityContinuation?) {
        guard let continuation, let flow = continuation[Key.flow].flatMap(Flow.init(rawValue:)),
            let step = continuation[Key.step].flatMap(Step.init(rawValue:))
        else { return nil }
        self.flow = flow
        self.step = step
        self.token = continuation[Key.token].flatMap { $0.isEmpty ? nil : $0 }
        self.username = continuation[Key.username] ?? ""
        self.scopes = (continuation[Key.scopes] ?? "").split(separator: " ").map(String.init)
        self.attributePage = continuation[Key.attributePage].flatMap { Int($0) } ?? 0
        self.methods = (continuation[Key.methods] ?? "").split(separator: " ").compactMap(Method.init(field:))
    }

    /// The state as continuation fields.
    var continuation: AuthorityContinuation {
        var fields = [Key.flow: flow.rawValue, Key.step: step.rawValue, Key.username: username]
        if let token { fields[Key.token] = token }
        if !scopes.isEmpty { fields[Key.scopes] = scopes.joined(separator: " ") }
        if attributePage > 0 { fields[Key.attributePage] = String(attributePage) }
        if !methods.isEmpty { fields[Key.methods] = methods.map(\.field).joined(separator: " ") }
        return AuthorityContinuation(fields)
    }

    /// The same flow at another step with another token.
    func moving(to step: Step, token: String?) -> ContinuationState {
        var state = self
        state.step = step
        state.token = token
        return state
    }
}
