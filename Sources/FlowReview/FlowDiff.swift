import FlowModel

/// What changes for the users of a flow between two checked versions of it: compared on the programs (step
/// names, transitions, outcomes), never on the text, so reformatting or reordering a file changes nothing.
public struct FlowDiff: Sendable, Hashable {
    /// The flow's file (the new one; the old one when the flow was removed) and id.
    public var file: String
    public var flow: String
    /// Every change, those that strand saved sessions first, then in the new flow's step order.
    public var changes: [FlowChange]

    /// The changes from `old` to `new`; a nil side is a flow added or removed.
    public init(old: Program?, new: Program?, file: String) {
        self.file = file
        self.flow = new?.id ?? old?.id ?? file
        var changes: [FlowChange] = []
        switch (old, new) {
        case (nil, let new?):
            changes.append(FlowChange(.flowAdded, step: nil, "flow `\(new.id)` is new"))
        case (let old?, nil):
            let waits = old.steps.contains { $0.keyword == "ask" }
            changes.append(
                FlowChange(
                    .flowRemoved, step: nil,
                    "flow `\(old.id)` is gone" + (waits ? ": sessions waiting in it cannot resume" : ""),
                    strandsSessions: waits))
        case (let old?, let new?):
            changes = ProgramComparison(old: old, new: new).changes()
        case (nil, nil):
            break
        }
        self.changes = changes.filter(\.strandsSessions) + changes.filter { !$0.strandsSessions }
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { changes.isEmpty }
}
