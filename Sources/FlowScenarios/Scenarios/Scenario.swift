import FlowEngine
import FlowModel
import FlowrunFoundation
import NativeAuthEmulator
import NativeAuthTenant

/// A scenario file: one flow, the authority it runs against, and the scenarios that run it.
public struct ScenarioFile: Sendable {
    /// The scenario file's path, as given.
    public var file: String
    /// The flow under test, resolved against the scenario file's folder.
    public var flow: Located<String>
    public var authority: AuthoritySetup
    public var scenarios: [Scenario]

    public init(file: String, flow: Located<String>, authority: AuthoritySetup, scenarios: [Scenario]) {
        self.file = file
        self.flow = flow
        self.authority = authority
        self.scenarios = scenarios
    }
}

/// The embedded authority a scenario starts from: tenant settings and the users who already exist.
public struct AuthoritySetup: Sendable {
    public var tenant: TenantConfiguration
    public var users: [UserSeed]
    /// Who is signed in on the device before the run (`signedIn:` names a seeded user): the flow starts with
    /// that user's account in the cache, as after an earlier sign-in.
    public var signedIn: String?
    /// The challenge types the client declares (`--challenge-types`); the client's defaults when `nil`.
    public var challengeTypes: [String]?
    /// The capabilities the client declares (`--capabilities`), such as `mfa_required`.
    public var capabilities: [String]?

    public init(
        tenant: TenantConfiguration = TenantConfiguration(), users: [UserSeed] = [], signedIn: String? = nil,
        challengeTypes: [String]? = nil, capabilities: [String]? = nil
    ) {
        self.tenant = tenant
        self.users = users
        self.signedIn = signedIn
        self.challengeTypes = challengeTypes
        self.capabilities = capabilities
    }
}

/// One run of the flow with its inputs, faults and expectations.
public struct Scenario: Sendable {
    public var name: Located<String>
    public var params: [String: Value]
    /// Answers per input, in the order they are asked.
    public var inputs: [String: [ScriptedAnswer]]
    /// The inputs in the order they are first asked (or written), which a written scenario file keeps.
    public var inputOrder: [String] = []
    public var faults: [Fault]
    public var expect: Expectation

    public init(
        name: Located<String>, params: [String: Value] = [:], inputs: [String: [ScriptedAnswer]] = [:],
        faults: [Fault] = [], expect: Expectation = Expectation()
    ) {
        self.name = name
        self.params = params
        self.inputs = inputs
        self.faults = faults
        self.expect = expect
    }
}

/// One scripted answer to an `ask`.
public enum ScriptedAnswer: Sendable, Hashable {
    /// A value as written (text, or a map of attribute values).
    case value(Value)
    /// The code the authority last sent to this address; `nil` for the code it sent last to anyone.
    case codeSentTo(String?)
    /// A code that is certainly not the one the authority last sent.
    case wrongCode
    /// One of the step's choices, e.g. `resend`.
    case choice(String)
    /// The user gives up (Ctrl-C).
    case cancel
}

/// Something that goes wrong at one call of an action.
public struct Fault: Sendable, Hashable {
    /// The action whose call it hits.
    public var action: Located<String>
    /// Which call of the action, counted from 1 over the whole run.
    public var call: Int
    public var kind: Kind

    public enum Kind: Sendable, Hashable {
        /// The authority answers this outcome (with this data over the catalog's defaults) instead of the real
        /// answer; the real authority is not called.
        case answer(outcome: Located<String>, data: [String: Value])
        /// The server answers HTTP 500 to the call's first `times` requests (the client retries a 5xx once).
        case serverError(times: Int)
        /// No answer at all reaches the client (connection refused).
        case transportFailure
        /// `seconds` pass on the authority's clock before the call.
        case wait(seconds: Int)
        /// The continuation token (and any code) has expired by the time of the call: the authority's clock
        /// moves past both lifetimes.
        case expireContinuation
    }

    public init(action: Located<String>, call: Int = 1, kind: Kind) {
        self.action = action
        self.call = call
        self.kind = kind
    }

    /// The fault as sentences name it: "the 2nd call to signIn.submitCode answers invalidCode".
    public var summary: String {
        let which = "the \(Self.ordinal(call)) call to \(action.value)"
        switch kind {
        case .answer(let outcome, _): return "\(which) answers \(outcome.value)"
        case .serverError(let times): return "\(which) gets HTTP 500 \(times == 1 ? "once" : "\(times) times")"
        case .transportFailure: return "\(which) gets no answer"
        case .wait(let seconds): return "\(seconds) s pass before \(which)"
        case .expireContinuation: return "the continuation has expired at \(which)"
        }
    }

    static func ordinal(_ number: Int) -> String {
        let suffix: String
        switch (number % 10, number % 100) {
        case (1, let tens) where tens != 11: suffix = "st"
        case (2, let tens) where tens != 12: suffix = "nd"
        case (3, let tens) where tens != 13: suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }
}

/// What a scenario expects of its run. Every part is optional; an absent part is not checked.
public struct Expectation: Sendable {
    /// The end kind reached (`success`, `failure`, `browser_required`, …), or `cancelled`.
    public var end: Located<String>?
    public var reason: Located<String>?
    /// The steps entered, exactly (sub-flow steps as `useStep/subStep`).
    public var path: Located<[String]>?
    /// Steps that must be entered in this order, others allowed in between.
    public var pathIncludes: Located<[String]>?
    /// Steps that must not be entered.
    public var pathExcludes: Located<[String]>?
    /// Texts each shown (as a substring of a message, hint-problem or end message), in this order.
    public var messages: Located<[String]>?
    /// Values the end's output must hold (maps compared key by key, other keys allowed).
    public var output: Located<[String: Value]>?
    /// The authority's users afterwards.
    public var users: [UserExpectation]
    /// Who is signed in on the device afterwards; `.some(nil)` for nobody.
    public var signedIn: Located<String?>?

    public init(
        end: Located<String>? = nil, reason: Located<String>? = nil, path: Located<[String]>? = nil,
        pathIncludes: Located<[String]>? = nil, pathExcludes: Located<[String]>? = nil,
        messages: Located<[String]>? = nil, output: Located<[String: Value]>? = nil, users: [UserExpectation] = [],
        signedIn: Located<String?>? = nil
    ) {
        self.end = end
        self.reason = reason
        self.path = path
        self.pathIncludes = pathIncludes
        self.pathExcludes = pathExcludes
        self.messages = messages
        self.output = output
        self.users = users
        self.signedIn = signedIn
    }
}

/// What a scenario expects of one user of the authority after the run.
public struct UserExpectation: Sendable {
    public var username: Located<String>
    public var exists: Bool
    /// A password the user's password must now be.
    public var password: String?
    /// A password the user's password must no longer be.
    public var notPassword: String?
    /// Attribute values the user must have.
    public var attributes: [String: String]

    public init(
        username: Located<String>, exists: Bool = true, password: String? = nil, notPassword: String? = nil,
        attributes: [String: String] = [:]
    ) {
        self.username = username
        self.exists = exists
        self.password = password
        self.notPassword = notPassword
        self.attributes = attributes
    }
}
