import FlowModel

/// What ``FlowLoader/load(file:)`` produced: the documents that loaded, and every finding.
public struct LoadResult: Sendable {
    /// The root document and every sub-flow that loaded; `nil` when the root file could not be loaded.
    public var flows: FlowSet?
    /// Every finding, in the order found; errors among them mean some file did not load.
    public var diagnostics: [Diagnostic]
    /// A digest of the bytes of every file read (see ``flows``), to tell when a flow changed; `nil` with no flows.
    public var digest: String?

    public init(flows: FlowSet?, diagnostics: [Diagnostic], digest: String? = nil) {
        self.flows = flows
        self.diagnostics = diagnostics
        self.digest = digest
    }
}
