import FlowModel
import FlowrunFoundation

/// Where the answers to `ask` steps come from: a terminal, a script of answers, or an app.
public protocol InputSource: Sendable {
    /// Answers one `ask` step. Throw only when no answer can ever come (e.g. a script ran out of answers).
    func answer(_ request: InputRequest) async throws -> InputAnswer
}

/// What an `ask` step asks for. Its JSON form (`Codable`) is the one representation of an ask that every
/// consumer gets: the `--json` event stream, the flow-runner API and an embedding app.
public struct InputRequest: Sendable, Hashable, Codable {
    public var flowID: String
    public var step: String
    public var fields: [InputField]
    /// The step's rendered hint.
    public var hint: String?
    /// Alternatives the user may pick instead of answering, e.g. `resend`.
    public var choices: [String]
    /// Why the previous answer was refused, when this is a repeated ask.
    public var problem: String?
    /// The input (a field's `name`) the refusal concerns, when it concerns one.
    public var problemField: String?

    public init(
        flowID: String, step: String, fields: [InputField], hint: String? = nil, choices: [String] = [],
        problem: String? = nil, problemField: String? = nil
    ) {
        self.flowID = flowID
        self.step = step
        self.fields = fields
        self.hint = hint
        self.choices = choices
        self.problem = problem
        self.problemField = problemField
    }
}

/// One input of an `ask` step, with what is needed to prompt for it and check it.
public struct InputField: Sendable, Hashable, Codable {
    public var name: String
    public var type: InputType
    public var label: String
    public var hint: String?
    /// Mask it when typed; it is never logged or saved.
    public var secret: Bool
    public var pattern: String?
    public var patternMessage: String?
    /// The attributes to collect, for an `attributes` input.
    public var attributes: [AttributeRequest]

    public init(
        name: String, type: InputType, label: String, hint: String? = nil, secret: Bool = false,
        pattern: String? = nil, patternMessage: String? = nil, attributes: [AttributeRequest] = []
    ) {
        self.name = name
        self.type = type
        self.label = label
        self.hint = hint
        self.secret = secret
        self.pattern = pattern
        self.patternMessage = patternMessage
        self.attributes = attributes
    }
}

/// One attribute of an `attributes` input.
public struct AttributeRequest: Sendable, Hashable, Codable {
    public var name: String
    public var label: String
    public var required: Bool
    public var pattern: String?

    public init(name: String, label: String, required: Bool = true, pattern: String? = nil) {
        self.name = name
        self.label = label
        self.required = required
        self.pattern = pattern
    }
}

/// The answer to an `ask` step.
public enum InputAnswer: Sendable, Hashable {
    /// A value per field (an `attributes` field answers with an object of strings).
    case values([String: Value])
    /// One of the request's `choices`.
    case choice(String)
    /// The user gave up (Ctrl-C, Ctrl-D): the run ends as cancelled.
    case cancel
    /// Stop here and hand back the session, to be resumed later (e.g. while waiting for an email).
    case suspend
}
