import FlowModel

/// What changes for the users of a flow between two checked versions of it: compared on the programs (step
/// names, transitions, outcomes), never on the text, so reformatting or reordering a file changes nothing.
public struct FlowDiff: Sendable, Hashable {
    /// The flow's file (the new one; the old one when the flow was removed) and id.
    public var file: String
    public var flow: String
    /// Every change: those that strand saved sessions first, then the steps' (in the new flow's order, then the
    /// steps removed), the transitions', the inputs', the ends' and the worst cases'.
    public var changes: [FlowChange]

    /// The changes from `old` to `new`; a nil side is a flow added or removed. With `catalogs` (those the
    /// programs were checked against), a change of the worst case of one run (``FlowBounds``) is one too.
    public init(old: Program?, new: Program?, file: String, catalogs: [ActionCatalog] = []) {
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
            if !catalogs.isEmpty {
                changes += Self.worstCases(
                    FlowBounds(program: old, catalogs: catalogs), FlowBounds(program: new, catalogs: catalogs))
            }
        case (nil, nil):
            break
        }
        self.changes = changes.filter(\.strandsSessions) + changes.filter { !$0.strandsSessions }
    }

    /// Measures whose worst case differs: `codes sent: 4 → 6`.
    private static func worstCases(_ before: FlowBounds, _ after: FlowBounds) -> [FlowChange] {
        BoundMeasure.allCases.compactMap { measure in
            let old = describe(before.bounds[measure])
            let new = describe(after.bounds[measure])
            guard old != new else { return nil }
            return FlowChange(.worstCaseChanged, step: nil, "\(measure.title) in one run: \(new) (was \(old))")
        }
    }

    /// `4`, `at most 40` for an upper bound, or `unbounded`.
    private static func describe(_ bound: Bound?) -> String {
        switch bound {
        case .bounded(let count, _, let exact): return exact ? "\(count)" : "at most \(count)"
        case .unbounded: return "unbounded"
        case nil: return "unknown"
        }
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { changes.isEmpty }
}
