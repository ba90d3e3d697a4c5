import FlowModel

/// Checks one document whose sub-flows are already checked, and builds its program.
struct DocumentChecker {
    let document: FlowDocument
    let catalog: ActionCatalog?
    let subprograms: [String: Program]
    /// Rules whose findings are dropped.
    let disabledRules: Set<RuleCode>
    var diagnostics: [Diagnostic] = []

    /// Step indices by name (the first step of a name wins; the loader rejects duplicates).
    let stepIndex: [String: Int]
    var steps: [ProgramStep] = []
    var edges: [ProgramEdge] = []
    /// Per edge: the step it leads to, or nil for an inline end or an undefined step.
    var edgeDestination: [Int?] = []
    /// Each FR101 with a suggestion: its index in ``diagnostics``, the name referred to and the near-miss.
    private var misspelledReferences: [(diagnostic: Int, name: String, suggestion: String)] = []
    /// Per edge: whether it leads to a step that does not exist (analyses stay quiet about such edges).
    var edgeIsBroken: [Bool] = []
    /// Per edge: the variables set when the edge is taken.
    var edgeAssigns: [Set<String>] = []
    /// Per edge: whether taking it waits for the user (it leaves an `ask`, or runs a sub-flow that asks).
    var edgeWaitsForUser: [Bool] = []
    /// Variable reads to prove after the data-flow analysis.
    var reads: [VariableRead] = []
    /// Every variable some part of the flow can set, with its type where known.
    var variableTypes: [String: ValueType] = [:]
    /// Whether some step's outcomes are unknown, so that the flow may set variables the checker cannot see.
    var variablesAreIncomplete = false
    /// The catalog actions the document calls, as the rules use them.
    var actionFactsByName: [String: ActionFacts] = [:]

    init(
        document: FlowDocument, catalog: ActionCatalog?, subprograms: [String: Program],
        disabledRules: Set<RuleCode> = []
    ) {
        self.document = document
        self.catalog = catalog
        self.subprograms = subprograms
        self.disabledRules = disabledRules
        var index: [String: Int] = [:]
        for offset in document.steps.indices where index[document.steps[offset].name.value] == nil {
            index[document.steps[offset].name.value] = offset
        }
        self.stepIndex = index
    }

    var file: String { document.file }

    mutating func report(
        _ code: RuleCode, _ message: String, at position: SourcePosition?, hint: String? = nil
    ) {
        diagnostics.append(Diagnostic(code, message, file: file, at: position, hint: hint))
    }

    /// Runs every rule; returns the program when this document has no error.
    mutating func run() -> Program? {
        declareVariables()
        if stepIndex[document.start.value] == nil {
            reportUndefinedStep(document.start)
        }
        // Most steps have one or two transitions: room for them all at once instead of growing step by step.
        steps.reserveCapacity(document.steps.count)
        reserveEdges(2 * document.steps.count)
        for (index, step) in document.steps.enumerated() {
            steps.append(ProgramStep(name: step.name, message: step.message, kind: build(step, at: index)))
            recordReads(of: step.message, step: index)
        }
        pointMisspelledDefinitions()
        checkDeclarationsAreUsed()
        let analysis = GraphAnalysis(checker: self)
        let ends = reachableEnds(analysis)
        // Path rules need a known start and known targets; without them they would only echo FR101.
        if stepIndex[document.start.value] != nil, !edgeIsBroken.contains(true) {
            reportUnreachableSteps(analysis)
            reportStepsThatCannotEnd(analysis)
            reportUnboundedLoops(analysis)
            reportLoopsWithoutLimit(analysis)
            checkDefiniteAssignment(analysis)
            if !ends.keys.contains(.success) {
                report(
                    .noSuccess, "no path from `\(document.start.value)` reaches a success end",
                    at: document.start.position)
            }
        }
        reportExposedValues()
        reportAccountEnumeration()
        reportControlCharacters()
        reportMachineCodes()
        diagnostics.removeAll { disabledRules.contains($0.code) }
        applyAcknowledgements()
        guard !diagnostics.hasErrors, let start = stepIndex[document.start.value] else { return nil }
        return Program(
            file: document.file, id: document.id.value, title: document.title, description: document.description,
            authority: document.authority.value, params: document.params, inputs: document.inputs, start: start,
            steps: steps, edges: edges, subflows: subprograms, ends: ends, outputTypes: outputTypes(),
            constantParams: constantParams(), actions: calledActions(), catalogDigest: catalog?.digest ?? "",
            serve: document.serve)
    }

    /// The catalog's declaration of every action the program calls, for the engine.
    private func calledActions() -> [String: ProgramAction] {
        var actions: [String: ProgramAction] = [:]
        for step in steps {
            guard case .action(let name, _, _) = step.kind, let declared = catalog?.actions[name] else { continue }
            actions[name] = ProgramAction(declared)
        }
        return actions
    }

    /// Makes room for `count` edges in the edge arrays.
    private mutating func reserveEdges(_ count: Int) {
        edges.reserveCapacity(count)
        edgeDestination.reserveCapacity(count)
        edgeIsBroken.reserveCapacity(count)
        edgeAssigns.reserveCapacity(count)
        edgeWaitsForUser.reserveCapacity(count)
    }

    mutating func reportUndefinedStep(_ name: Located<String>) {
        let suggestion = Spelling.suggestion(for: name.value, among: stepIndex.keys)
        if let suggestion { misspelledReferences.append((diagnostics.count, name.value, suggestion)) }
        report(
            .undefinedStep, "step `\(name.value)` does not exist", at: name.position,
            hint: suggestion.map { "did you mean `\($0)`?" })
    }

    /// A reference to a missing step whose near-miss is a step nothing leads to: the typo is more likely in that
    /// step's definition, so the hint says to rename it rather than spread its spelling to every reference.
    private mutating func pointMisspelledDefinitions() {
        var referenced = Set(edgeDestination.compactMap { $0 })
        if let start = stepIndex[document.start.value] { referenced.insert(start) }
        for (diagnostic, name, suggestion) in misspelledReferences {
            guard let defined = stepIndex[suggestion], !referenced.contains(defined) else { continue }
            diagnostics[diagnostic].hint =
                "nothing leads to the step defined as `\(suggestion)`: if that name is the typo, rename the "
                + "definition `\(suggestion):` to `\(name):`"
        }
    }
}

/// A variable read by a template or condition, with where the read happens.
struct VariableRead {
    var name: String
    var position: SourcePosition
    var step: Int
    /// Set when the read happens while taking this edge (a transition's message or inline end's output).
    var edge: Int?
}

extension DocumentChecker {
    /// Records the reads of every variable of `template`.
    mutating func recordReads(of template: Template?, step: Int, edge: Int? = nil) {
        for reference in template?.variables ?? [] {
            reads.append(VariableRead(name: reference.name, position: reference.position, step: step, edge: edge))
        }
    }

    /// Records the reads of every variable of `values`.
    mutating func recordReads(of values: [NamedValue], step: Int, edge: Int? = nil) {
        for value in values {
            for reference in value.value.variables {
                reads.append(VariableRead(name: reference.name, position: reference.position, step: step, edge: edge))
            }
        }
    }
}
