import FlowModel
import FlowrunFoundation

/// A program as the bound search walks it: per step, what entering it counts and the options a run has there,
/// each with what taking it counts and the edges it may take (its edge, then the `exhausted` edges once the
/// attempts are used up).
struct RunGraph {
    /// One way a run may leave a step: an outcome, a choice, `next`, a branch or a sub-flow's end.
    struct Option {
        /// The primary edge; the edges taken instead once its attempts are used up follow from it.
        var edge: Program.EdgeIndex
        /// The sub-flow's end this option follows (a `use` step).
        var subflowEnd: String?
        /// What taking the option counts, per measure, before the next step is entered (a code sent).
        var weight: [Int]
    }

    let program: Program
    /// What entering each step counts, per measure.
    private(set) var entry: [[Int]]
    var options: [[Option]]
    /// The counter slot of each edge with `attempts:`; nil for the others.
    private(set) var slot: [Int?]
    /// The number of counter slots.
    private(set) var slotCount = 0

    /// `known`: params that hold these values for the whole run (a `use` that passes constants); a `choose`
    /// on them takes only the branch the engine would.
    init(program: Program, catalog: ActionCatalog?, known: [String: Value] = [:]) {
        self.program = program
        let zero = [Int](repeating: 0, count: BoundMeasure.allCases.count)
        entry = []
        options = []
        slot = []
        for edge in program.edges {
            if edge.attempts != nil {
                slot.append(slotCount)
                slotCount += 1
            } else {
                slot.append(nil)
            }
        }
        for step in program.steps {
            entry.append(Self.entryWeight(of: step, catalog: catalog))
            options.append(Self.options(of: step, program: program, known: known, zero: zero))
        }
    }

    /// The edges an option may take, in order: its own, then each `exhausted` edge.
    func chain(of option: Option) -> [Program.EdgeIndex] {
        var edges = [option.edge]
        var seen: Set<Program.EdgeIndex> = [option.edge]
        while let next = program.edges[edges[edges.count - 1]].exhausted, seen.insert(next).inserted {
            edges.append(next)
        }
        return edges
    }

    /// The step an edge leads to; nil for an inline end.
    func destination(of edge: Program.EdgeIndex) -> Program.StepIndex? {
        if case .step(let next) = program.edges[edge].target, program.steps.indices.contains(next) { return next }
        return nil
    }

    /// Whether the edge has no attempt limit.
    func isUnlimited(_ edge: Program.EdgeIndex) -> Bool { slot[edge] == nil }

    /// The edge taken for `option` with the attempts used so far, and the counters after it; nil when the
    /// attempts are used up and no `exhausted` edge follows.
    func resolve(_ option: Option, counters: [Int]) -> (edge: Program.EdgeIndex, counters: [Int])? {
        var edge = option.edge
        var seen: Set<Program.EdgeIndex> = [edge]
        while let slot = slot[edge], let limit = program.edges[edge].attempts, counters[slot] >= limit {
            guard let next = program.edges[edge].exhausted, seen.insert(next).inserted else { return nil }
            edge = next
        }
        guard let slot = slot[edge] else { return (edge, counters) }
        var counters = counters
        counters[slot] += 1
        return (edge, counters)
    }

    private static func entryWeight(of step: ProgramStep, catalog: ActionCatalog?) -> [Int] {
        var weight = [Int](repeating: 0, count: BoundMeasure.allCases.count)
        func add(_ measure: BoundMeasure) { weight[measure.index] += 1 }
        add(.steps)
        switch step.kind {
        case .ask:
            add(.asks)
        case .action(let name, let arguments, _):
            add(.authorityCalls)
            let types = Set(arguments.compactMap { catalog?.actions[name]?.parameters[$0.name.value]?.type })
            if types.contains(.password) { add(.passwordAttempts) }
            if types.contains(.code) { add(.codeAttempts) }
        case .choose, .set, .use, .end:
            break
        }
        return weight
    }

    private static func options(of step: ProgramStep, program: Program, known: [String: Value], zero: [Int])
        -> [Option]
    {
        switch step.kind {
        case .ask(_, _, let choices, let next):
            return choices.sorted { $0.key < $1.key }.map { Option(edge: $0.value, weight: zero) }
                + [Option(edge: next, weight: zero)]
        case .action(let name, _, let outcomes):
            // Outcomes that share an edge and count alike are one option.
            var seen: Set<[Int]> = []
            var options: [Option] = []
            for (outcome, edge) in outcomes.sorted(by: { $0.key < $1.key }) {
                var weight = zero
                if program.actions[name]?.outcomeData[outcome]?[BoundMeasure.codeSentDatum] != nil {
                    weight[BoundMeasure.codesSent.index] = 1
                }
                if seen.insert([edge] + weight).inserted { options.append(Option(edge: edge, weight: weight)) }
            }
            return options
        case .choose(let branches, let otherwise):
            var edges: [Program.EdgeIndex] = []
            for branch in branches {
                guard known[branch.condition.rootVariable] != nil else {
                    edges.append(branch.edge)
                    continue
                }
                if Conditions.holds(branch.condition, in: known) {
                    return (edges + [branch.edge]).map { Option(edge: $0, weight: zero) }
                }
            }
            return (edges + [otherwise]).map { Option(edge: $0, weight: zero) }
        case .set(_, let next):
            return [Option(edge: next, weight: zero)]
        case .use(_, _, let ends):
            return ends.sorted { $0.key < $1.key }.map { Option(edge: $0.value, subflowEnd: $0.key, weight: zero) }
        case .end:
            return []
        }
    }
}

extension BoundMeasure {
    /// The measure's place in weight vectors.
    var index: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
