import FlowModel

/// Proves the rules of the flow language over a loaded ``FlowSet`` and resolves it into a ``Program``.
public struct FlowChecker: Sendable {
    /// Action catalogs by authority name.
    public var catalogs: [String: ActionCatalog]

    public init(catalogs: [ActionCatalog]) {
        self.catalogs = Dictionary(catalogs.map { ($0.authority, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Checks the root flow and every sub-flow it uses. The program is present only when no error was found.
    public func check(_ flows: FlowSet) -> CheckResult {
        CheckResult(program: nil, diagnostics: [])
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
