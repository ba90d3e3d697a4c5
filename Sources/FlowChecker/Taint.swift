import FlowModel

/// What a taint follows: values that must not reach the user as they are.
enum TaintSource {
    /// Secret inputs and params, and the secret data of outcomes (a password, a code, a token).
    case secret
    /// The authority's own error text: the `error` and `errorDescription` data of error outcomes.
    case errorText

    /// The outcome data that carry the authority's raw error text.
    static let errorTextData: Set<String> = ["error", "errorDescription"]

    /// The variables that are tainted before any propagation.
    func seeds(params: [ParamDeclaration], inputs: [InputDeclaration], outcomes: [CatalogOutcome]) -> Set<String> {
        switch self {
        case .secret:
            var names = Set(inputs.filter(\.secret).map(\.name.value))
            names.formUnion(params.filter(\.secret).map(\.name.value))
            for outcome in outcomes { names.formUnion(outcome.data.filter(\.value.secret).keys) }
            return names
        case .errorText:
            var names: Set<String> = []
            for outcome in outcomes where outcome.error {
                names.formUnion(outcome.data.keys.filter(Self.errorTextData.contains))
            }
            return names
        }
    }
}

/// Which variables of a flow may hold a tainted value, found without running it: the seeds, `set` names
/// whose value reads a tainted variable, and the outputs of sub-flows built from tainted values. Like the
/// engine's secret tracking, a name once tainted stays tainted on every path.
struct Taint {
    let source: TaintSource
    let catalog: ActionCatalog?
    /// Tainted output names by sub-flow file, computed once per file.
    private var outputsByFile: [String: Set<String>] = [:]

    init(source: TaintSource, catalog: ActionCatalog?) {
        self.source = source
        self.catalog = catalog
    }

    /// The tainted variables of a flow made of these declarations, steps and edges.
    mutating func variables(
        params: [ParamDeclaration], inputs: [InputDeclaration], authority: String, steps: [ProgramStep],
        subflows: [String: Program]
    ) -> Set<String> {
        var outcomes: [CatalogOutcome] = []
        var actionsSeen: Set<String> = []
        var assignments: [NamedValue] = []
        var tainted: Set<String> = []
        for index in steps.indices {
            switch steps[index].kind {
            case .action(let name, _, _):
                // A sub-flow of another authority has no catalog here; only its declarations seed it.
                if catalog?.authority == authority, actionsSeen.insert(name).inserted,
                    let action = catalog?.actions[name]
                {
                    outcomes += action.outcomes.values
                }
            case .set(let values, _):
                assignments += values
            case .use(let file, _, _):
                if let program = subflows[file] { tainted.formUnion(outputs(of: program)) }
            case .ask, .choose, .end:
                break
            }
        }
        tainted.formUnion(source.seeds(params: params, inputs: inputs, outcomes: outcomes))
        var changed = true
        while changed {
            changed = false
            for assignment in assignments
            where !tainted.contains(assignment.name.value) && reads(assignment.value, tainted) {
                tainted.insert(assignment.name.value)
                changed = true
            }
        }
        return tainted
    }

    /// The outputs of `program`'s ends that may hold a tainted value.
    private mutating func outputs(of program: Program) -> Set<String> {
        if let known = outputsByFile[program.file] { return known }
        outputsByFile[program.file] = []  // `use` cycles are errors already; stay finite regardless
        let tainted = variables(
            params: program.params, inputs: program.inputs, authority: program.authority, steps: program.steps,
            subflows: program.subflows)
        var ends: [EndSpec] = []
        for step in program.steps { if case .end(let end) = step.kind { ends.append(end) } }
        for edge in program.edges { if case .end(let end) = edge.target { ends.append(end) } }
        let names = Set(ends.flatMap(\.output).filter { reads($0.value, tainted) }.map(\.name.value))
        outputsByFile[program.file] = names
        return names
    }

    private func reads(_ value: ValueExpression, _ tainted: Set<String>) -> Bool {
        guard !tainted.isEmpty else { return false }
        switch value {
        case .template(let template):
            return template.parts.contains { part in
                if case .variable(let reference) = part { return tainted.contains(reference.name) }
                return false
            }
        case .list(let items):
            return items.contains { reads($0, tainted) }
        case .integer, .number, .boolean:
            return false
        }
    }
}
