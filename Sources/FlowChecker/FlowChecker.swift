import FlowModel

/// Proves the rules of the flow language over a loaded `FlowSet` and resolves it into a `Program`.
public struct FlowChecker: Sendable {
    /// Action catalogs by authority name.
    public var catalogs: [String: ActionCatalog]
    /// Rules not to apply: their findings are dropped and do not keep the program from being built. Meant for
    /// tests that must run flows the security lint rejects (to prove the engine masks secrets anyway).
    public var disabledRules: Set<RuleCode>

    public init(catalogs: [ActionCatalog], disabledRules: Set<RuleCode> = []) {
        self.catalogs = Dictionary(catalogs.map { ($0.authority, $0) }, uniquingKeysWith: { first, _ in first })
        self.disabledRules = disabledRules
    }

    /// Checks the root flow and every sub-flow it uses. The program is present only when no error was found
    /// anywhere in the set.
    public func check(_ flows: FlowSet) -> CheckResult {
        var session = CheckSession(flows: flows, catalogs: catalogs, disabledRules: disabledRules)
        let program = session.program(for: flows.root, usedAt: nil)
        let diagnostics = session.diagnostics.sortedForReport()
        return CheckResult(program: diagnostics.hasErrors ? nil : program, diagnostics: diagnostics)
    }
}

/// The outcome of checking: diagnostics, and the program when there is no error.
public struct CheckResult: Sendable {
    public var program: Program?
    public var diagnostics: [Diagnostic]

    public init(program: Program?, diagnostics: [Diagnostic]) {
        self.program = program
        self.diagnostics = diagnostics
    }
}

/// Checks each document of a set once, in `use` order, and finds cycles of sub-flows.
private struct CheckSession {
    let flows: FlowSet
    let catalogs: [String: ActionCatalog]
    let disabledRules: Set<RuleCode>
    var diagnostics: [Diagnostic] = []
    private var finished: [String: Program?] = [:]
    private var inProgress: [String] = []

    init(flows: FlowSet, catalogs: [String: ActionCatalog], disabledRules: Set<RuleCode>) {
        self.flows = flows
        self.catalogs = catalogs
        self.disabledRules = disabledRules
    }

    /// The checked program of `file`, or nil when it has errors, is missing or is part of a cycle.
    mutating func program(for file: String, usedAt use: (file: String, position: SourcePosition)?) -> Program? {
        if let cycleStart = inProgress.firstIndex(of: file) {
            let cycle = (inProgress[cycleStart...] + [file]).joined(separator: " → ")
            if let use {
                diagnostics.append(
                    Diagnostic(
                        .subflowCycle, "sub-flows use each other in a cycle: \(cycle)", file: use.file, at: use.position
                    ))
            }
            return nil
        }
        if let done = finished[file] { return done }
        guard let document = flows.documents[file] else { return nil }  // the loader reported why
        inProgress.append(file)
        var subprograms: [String: Program] = [:]
        for index in document.steps.indices {
            guard case .use(let use) = document.steps[index].kind else { continue }
            if let program = program(for: use.resolvedFile, usedAt: (file, use.path.position)) {
                subprograms[use.resolvedFile] = program
            } else if case .some(.none) = finished[use.resolvedFile] {
                // Checked, with errors: the parent cannot be built either, and says so where it uses it.
                diagnostics.append(
                    Diagnostic(
                        .brokenSubflow,
                        "sub-flow `\(use.path.value)` has errors (reported "
                            + "under its own file), so this flow cannot run",
                        file: document.file, at: use.path.position))
            }
        }
        inProgress.removeLast()
        let catalog = catalogs[document.authority.value]
        if catalog == nil {
            let known = catalogs.keys.sorted().map { "`\($0)`" }.joined(separator: ", ")
            diagnostics.append(
                Diagnostic(
                    .unknownAuthority, "no action catalog for authority `\(document.authority.value)`; known: \(known)",
                    file: document.file, at: document.authority.position))
        }
        var checker = DocumentChecker(
            document: document, catalog: catalog, subprograms: subprograms, disabledRules: disabledRules)
        let program = checker.run()
        diagnostics += checker.diagnostics
        finished[file] = program
        return program
    }
}
