/// A flow file and every sub-flow it uses (transitively), as loaded documents keyed by resolved file path.
public struct FlowSet: Sendable, Hashable {
    /// The key of the flow that was asked for.
    public var root: String
    /// Every loaded document, by resolved file path; includes `root`.
    public var documents: [String: FlowDocument]

    public init(root: String, documents: [String: FlowDocument]) {
        self.root = root
        self.documents = documents
    }

    /// The document that was asked for.
    public var rootDocument: FlowDocument? { documents[root] }
}
