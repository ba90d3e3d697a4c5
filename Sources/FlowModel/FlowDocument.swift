/// A flow file as the author wrote it, typed, with the position of every part. The loader produces it;
/// the checker turns it into a ``Program``.
public struct FlowDocument: Sendable, Hashable {
    /// The file as named by the user or resolved from a `use` path.
    public var file: String
    public var formatVersion: Located<Int>
    public var id: Located<String>
    public var title: String?
    public var description: String?
    /// `serve:`: whether `flowrun serve --flows` offers the flow to people; nil when the file does not say.
    public var serve: Bool?
    /// The action catalog the flow is written against (`native-auth` when omitted).
    public var authority: Located<String>
    public var params: [ParamDeclaration]
    public var inputs: [InputDeclaration]
    public var start: Located<String>
    public var steps: [StepDeclaration]

    public init(
        file: String, formatVersion: Located<Int>, id: Located<String>, title: String? = nil,
        description: String? = nil, serve: Bool? = nil, authority: Located<String>, params: [ParamDeclaration] = [],
        inputs: [InputDeclaration] = [], start: Located<String>, steps: [StepDeclaration]
    ) {
        self.file = file
        self.formatVersion = formatVersion
        self.id = id
        self.title = title
        self.description = description
        self.serve = serve
        self.authority = authority
        self.params = params
        self.inputs = inputs
        self.start = start
        self.steps = steps
    }
}

/// The kinds of value an input or param holds.
public enum InputType: String, Sendable, Hashable, Codable, CaseIterable {
    case email
    case password
    case code
    case text
    case attributes
    /// A list of words, such as scopes: answered or passed as one text, split at spaces and commas.
    case list

    /// Passwords and codes are secret unless a flow says otherwise.
    public var isSecretByDefault: Bool { self == .password || self == .code }
}

/// A value the caller supplies before the first step (`params:`).
public struct ParamDeclaration: Sendable, Hashable {
    public var name: Located<String>
    public var type: InputType
    public var secret: Bool

    public init(name: Located<String>, type: InputType, secret: Bool) {
        self.name = name
        self.type = type
        self.secret = secret
    }
}

/// Something an `ask` step collects from the user (`inputs:`).
public struct InputDeclaration: Sendable, Hashable {
    public var name: Located<String>
    public var type: InputType
    public var label: Template?
    public var hint: Template?
    public var secret: Bool
    /// The whole answer must match this regular expression.
    public var pattern: Located<String>?
    public var patternMessage: Template?
    /// `attributes` inputs: the source of the form.
    public var attributes: AttributeSource?

    public init(
        name: Located<String>, type: InputType, label: Template? = nil, hint: Template? = nil, secret: Bool,
        pattern: Located<String>? = nil, patternMessage: Template? = nil, attributes: AttributeSource? = nil
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

/// Where an `attributes` input gets its fields.
public enum AttributeSource: Sendable, Hashable {
    /// A fixed form written in the flow.
    case fields([AttributeField])
    /// The attribute descriptors held by a variable, e.g. `requiredAttributes`.
    case variable(Located<String>)
}

/// One field of a fixed attributes form.
public struct AttributeField: Sendable, Hashable {
    public var name: Located<String>
    public var label: Template?
    public var pattern: Located<String>?
    public var required: Bool

    public init(name: Located<String>, label: Template? = nil, pattern: Located<String>? = nil, required: Bool = true) {
        self.name = name
        self.label = label
        self.pattern = pattern
        self.required = required
    }
}
