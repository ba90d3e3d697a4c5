import FlowModel

/// What ``FlowCompiler`` made of a flow: the program when no error was found, and every finding.
public struct CompiledFlow: Sendable {
    /// The checked program, ready to run; `nil` when any file has an error.
    public var program: Program?
    /// A digest of the bytes of every file read, to tell a saved session's flow changed; `nil` when the flow
    /// did not load, or was compiled from memory.
    public var digest: String?
    /// The files of the flow as the loader keys them: the root file, then its sub-flows.
    public var files: [String]
    /// Every finding of the loader and the checker, each once, in the order found.
    public var diagnostics: [Diagnostic]

    /// Keeps each of `diagnostics` once (`deduplicated()`, FlowModel), in the order given.
    public init(program: Program?, digest: String?, files: [String], diagnostics: [Diagnostic]) {
        self.program = program
        self.digest = digest
        self.files = files
        self.diagnostics = diagnostics.deduplicated()
    }
}
