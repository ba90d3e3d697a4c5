import FlowModel

/// An edge `test --explore` did not take, and why.
public struct UnreachedEdge: Sendable, Hashable {
    /// The flow file of the edge.
    public var file: String
    public var edge: EdgeDescription
    /// Why no run took it: the authority never answers that for the inputs tried, a condition cannot hold, or
    /// a limit of the explorer stopped it.
    public var reason: String
}

/// Why the explorer stopped deriving scenarios.
enum ExplorationStop: Sendable {
    /// Every edge it heads for is taken.
    case done
    /// It derived its most scenarios.
    case scenarioLimit(Int)
    /// A run heading for an edge not taken yet started again its most times.
    case restartLimit(Int)
    /// A run heading for an edge not taken yet took none.
    case noNewEdge

    /// Whether one of the explorer's limits stopped it (it may have taken more edges without).
    var isLimit: Bool {
        switch self {
        case .scenarioLimit, .restartLimit: return true
        case .done, .noNewEdge: return false
        }
    }

    /// The limit that stopped the explorer, as the end of a sentence.
    var note: String {
        switch self {
        case .done: return "no run heading for it got there"
        case .scenarioLimit(let most): return "the explorer stopped at its limit of \(most) scenarios"
        case .restartLimit(let most):
            return "a run heading for it was started again \(most) times (the limit) without taking a new edge"
        case .noNewEdge: return "the last run heading for it took no new edge, so the explorer stopped"
        }
    }
}

/// Explains each edge the explorer did not take: those it headed for, and those of a shared sub-flow that the
/// flow's constant params rule out.
struct UnreachedEdges {
    let graph: ExplorationGraph
    let covered: Set<EdgeID>
    let stop: ExplorationStop
    /// The addresses the runs answered email inputs with.
    let emails: [String]
    /// The authority whose actions the embedded authority answers; other catalogs' outcomes are all injected.
    let baseAuthority: String

    /// Every edge not taken and not marked `untested:`, with why.
    func explained() -> [UnreachedEdge] {
        let targets = Set(graph.targets)
        return graph.edges.filter { !covered.contains($0) }.compactMap { id in
            guard let program = graph.programs[id.file], program.edges.indices.contains(id.index),
                program.edges[id.index].untested == nil
            else { return nil }
            let why =
                targets.contains(id)
                ? reason(id.index, in: program)
                : "no run of this flow can take it: the constant params it passes to the sub-flow rule it out "
                    + "(explore a flow that passes other values)"
            return UnreachedEdge(file: id.file, edge: EdgeDescription(program, id.index), reason: why)
        }
    }

    private func reason(_ index: Int, in program: Program) -> String {
        let edge = program.edges[index]
        guard program.steps.indices.contains(edge.from) else { return stop.note }
        let step = program.steps[edge.from]
        guard reached(edge.from, in: program) else {
            return "no run reached step `\(step.name.value)`: \(stop.note)"
        }
        switch (edge.label, step.kind) {
        case (.exhausted, _):
            return "it needs every attempt to fail in one run: \(stop.note)"
        case (.branch, .choose) where !stop.isLimit, (.otherwise, .choose) where !stop.isLimit:
            return "its condition never held for the values the runs gave, and no outcome data the explorer "
                + "can inject makes it hold"
        case (.outcome(let outcome), .action(let action, _, _)):
            let users = emails.map { "`\($0)`" }.joined(separator: " and ")
            let answered =
                program.authority == baseAuthority
                ? "the authority never answered `\(outcome)` to `\(action)` for the inputs tried (users \(users))"
                : "`\(action)` is answered only by injected outcomes"
            return "\(answered), and \(stop.note)"
        default:
            return "runs reached step `\(step.name.value)` but none took this edge: \(stop.note)"
        }
    }

    /// Whether a run entered the step: the flow's first step of a flow some run went into, or the target or
    /// source of an edge taken.
    private func reached(_ step: Int, in program: Program) -> Bool {
        let taken = covered.filter { $0.file == program.file }.map(\.index)
        if step == program.start && (!taken.isEmpty || graph.edges.first?.file == program.file) { return true }
        return taken.contains { index in
            program.edges[index].from == step || program.edges[index].target == .step(step)
        }
    }
}
