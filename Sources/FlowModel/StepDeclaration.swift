/// One named step of a flow document.
public struct StepDeclaration: Sendable, Hashable {
    public var name: Located<String>
    /// Shown when the step is entered.
    public var message: Template?
    public var kind: StepKind
    /// `allow:`: warnings acknowledged at this step, by rule code, each with the author's reason.
    public var allow: [Acknowledgement]

    public init(name: Located<String>, message: Template? = nil, kind: StepKind, allow: [Acknowledgement] = []) {
        self.name = name
        self.message = message
        self.kind = kind
        self.allow = allow
    }
}

/// A warning the author acknowledges at one step (`allow: { FR126: "reason" }`): `--strict` does not fail on
/// it, and `validate` reports it as acknowledged, with the reason.
public struct Acknowledgement: Sendable, Hashable {
    public var code: Located<String>
    public var reason: Located<String>

    public init(code: Located<String>, reason: Located<String>) {
        self.code = code
        self.reason = reason
    }
}

/// What a step does.
public enum StepKind: Sendable, Hashable {
    case ask(AskStep)
    case action(ActionStep)
    case choose(ChooseStep)
    case set(SetStep)
    case use(UseStep)
    case end(EndSpec)

    /// The keyword that introduces the step kind.
    public var keyword: String {
        switch self {
        case .ask: return "ask"
        case .action: return "action"
        case .choose: return "choose"
        case .set: return "set"
        case .use: return "use"
        case .end: return "end"
        }
    }
}

/// `ask`: collect inputs from the user.
public struct AskStep: Sendable, Hashable {
    public var inputs: [Located<String>]
    public var hint: Template?
    /// Alternatives the user may pick instead of answering, by choice name.
    public var choices: [Choice]
    public var next: Transition

    public init(inputs: [Located<String>], hint: Template? = nil, choices: [Choice] = [], next: Transition) {
        self.inputs = inputs
        self.hint = hint
        self.choices = choices
        self.next = next
    }
}

/// A named alternative of an `ask` step.
public struct Choice: Sendable, Hashable {
    public var name: Located<String>
    public var transition: Transition

    public init(name: Located<String>, transition: Transition) {
        self.name = name
        self.transition = transition
    }
}

/// `action`: call the authority and branch on its outcome.
public struct ActionStep: Sendable, Hashable {
    public var action: Located<String>
    public var arguments: [NamedValue]
    public var outcomes: OutcomeMap

    public init(action: Located<String>, arguments: [NamedValue] = [], outcomes: OutcomeMap) {
        self.action = action
        self.arguments = arguments
        self.outcomes = outcomes
    }
}

/// `on:` of an action or `use` step: outcome (or sub-flow end) name → transition, plus `otherwise`.
public struct OutcomeMap: Sendable, Hashable {
    public var position: SourcePosition {
        get { mark.position }
        set { mark = SourceMark(newValue) }
    }
    private var mark: SourceMark
    public var handlers: [OutcomeHandler]
    public var otherwise: Transition?

    public init(position: SourcePosition, handlers: [OutcomeHandler], otherwise: Transition? = nil) {
        self.mark = SourceMark(position)
        self.handlers = handlers
        self.otherwise = otherwise
    }
}

/// One `outcome: transition` entry of `on:`.
public struct OutcomeHandler: Sendable, Hashable {
    public var outcome: Located<String>
    public var transition: Transition

    public init(outcome: Located<String>, transition: Transition) {
        self.outcome = outcome
        self.transition = transition
    }
}

/// `choose`: the first branch whose condition holds, else `otherwise`.
public struct ChooseStep: Sendable, Hashable {
    public var branches: [ChooseBranch]
    public var otherwise: Transition

    public init(branches: [ChooseBranch], otherwise: Transition) {
        self.branches = branches
        self.otherwise = otherwise
    }
}

/// One `if`/`then` branch of `choose`.
public struct ChooseBranch: Sendable, Hashable {
    public var condition: Condition
    public var then: Transition

    public init(condition: Condition, then: Transition) {
        self.condition = condition
        self.then = then
    }
}

/// A simple comparison over one variable.
public struct Condition: Sendable, Hashable {
    /// The comparison applied to the variable's value.
    public enum Test: Sendable, Hashable {
        case equals(ScalarValue)
        case notEquals(ScalarValue)
        case oneOf([ScalarValue])
        case present(Bool)
        case matches(Located<String>)
    }

    /// The variable tested: `name`, or `name.field` to test a field of its value.
    public var variable: Located<String>
    public var test: Test

    /// The variable itself, without fields.
    public var rootVariable: String {
        String(variable.value.prefix { $0 != "." })
    }
    public var position: SourcePosition {
        get { mark.position }
        set { mark = SourceMark(newValue) }
    }
    private var mark: SourceMark

    public init(variable: Located<String>, test: Test, position: SourcePosition) {
        self.variable = variable
        self.test = test
        self.mark = SourceMark(position)
    }
}

/// A literal compared against in a condition.
public enum ScalarValue: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case integer(Int)
    case number(Double)
    case boolean(Bool)

    public var description: String {
        switch self {
        case .string(let value): return value
        case .integer(let value): return String(value)
        case .number(let value): return String(value)
        case .boolean(let value): return String(value)
        }
    }
}

/// `set`: assign variables, then continue.
public struct SetStep: Sendable, Hashable {
    public var assignments: [NamedValue]
    public var next: Transition

    public init(assignments: [NamedValue], next: Transition) {
        self.assignments = assignments
        self.next = next
    }
}

/// `use`: run another flow file and branch on the end it reaches.
public struct UseStep: Sendable, Hashable {
    /// The path as written, relative to the using file.
    public var path: Located<String>
    /// The path resolved by the loader (the key of the sub-flow's document).
    public var resolvedFile: String
    public var arguments: [NamedValue]
    public var ends: OutcomeMap

    public init(path: Located<String>, resolvedFile: String, arguments: [NamedValue] = [], ends: OutcomeMap) {
        self.path = path
        self.resolvedFile = resolvedFile
        self.arguments = arguments
        self.ends = ends
    }
}
