extension [Diagnostic] {
    /// The diagnostics without repeats of the same (file, line, column, code), the first kept, order kept;
    /// two spellings of one file count as the same file. The one place findings are de-duplicated: the loader
    /// (an aliased part of a YAML document is checked once per use), the compiler (loader and checker, several
    /// files sharing a sub-flow) and everything above it rely on it.
    public func deduplicated() -> [Diagnostic] {
        var seen: Set<DiagnosticKey> = []
        return filter { diagnostic in
            seen.insert(
                DiagnosticKey(
                    file: FlowPath.identity(of: diagnostic.file), line: diagnostic.position?.line,
                    column: diagnostic.position?.column, code: diagnostic.code)
            ).inserted
        }
    }
}

private struct DiagnosticKey: Hashable {
    var file: String
    var line: Int?
    var column: Int?
    var code: RuleCode
}
