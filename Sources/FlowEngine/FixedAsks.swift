import FlowModel

/// The requests of a program's `ask` steps whose labels, hints and forms read no variable: such a step asks the
/// same thing at every visit, so its request is built at the first visit and reused (only the refusal of the
/// previous answer changes).
struct FixedAsks {
    private enum Form {
        case unknown
        case variable
        case fixed(InputRequest)
    }

    private var forms: [Form]

    init(program: Program) {
        forms = Array(repeating: .unknown, count: program.steps.count)
    }

    /// The request built earlier for step `index`, or nil when it is not known yet or reads a variable.
    func request(at index: Int) -> InputRequest? {
        guard case .fixed(let request) = forms[index] else { return nil }
        return request
    }

    /// Keeps `request`, built without a refusal, for step `index` when the step reads no variable.
    mutating func remember(_ request: InputRequest, at index: Int, of program: Program) {
        guard case .unknown = forms[index], case .ask(let names, let hint, _, _) = program.steps[index].kind else {
            return
        }
        forms[index] = Self.readsNoVariable(names, hint: hint, in: program) ? .fixed(request) : .variable
    }

    /// Whether the step's hint and its inputs' labels, hints, pattern messages and attribute forms are plain
    /// text.
    private static func readsNoVariable(_ names: [String], hint: Template?, in program: Program) -> Bool {
        guard isPlain(hint) else { return false }
        for name in names {
            guard let input = program.input(named: name) else { continue }
            guard isPlain(input.label), isPlain(input.hint), isPlain(input.patternMessage) else { return false }
            switch input.attributes {
            case .fields(let declared): if !declared.allSatisfy({ isPlain($0.label) }) { return false }
            case .variable: return false
            case nil: break
            }
        }
        return true
    }

    private static func isPlain(_ template: Template?) -> Bool {
        template?.parts.allSatisfy { if case .text = $0 { true } else { false } } ?? true
    }
}
