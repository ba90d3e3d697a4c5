import FlowModel
import FlowrunFoundation

/// An edge of a flow or of one of its sub-flows.
struct EdgeID: Hashable, Sendable, Comparable {
    var file: String
    var index: Int

    static func < (lhs: EdgeID, rhs: EdgeID) -> Bool {
        (lhs.file, lhs.index) < (rhs.file, rhs.index)
    }
}

/// The edges of a flow and its sub-flows, with what can follow each: the graph the explorer steers on.
/// Sub-flows are joined to every `use` step that calls them (an over-approximation that is only used to
/// choose where to steer).
struct ExplorationGraph: Sendable {
    let programs: [String: Program]
    /// Every edge, the flow's first, in source order.
    let edges: [EdgeID]
    /// The edges worth heading for: those a run can take with the params it is given (a shared sub-flow's
    /// branches for other constant params are not), except those marked `untested:`.
    let targets: [EdgeID]
    private let following: [EdgeID: [EdgeID]]
    private let preceding: [EdgeID: [EdgeID]]

    init(_ root: Program, params: [String: Value] = [:]) {
        let all = ScenarioChecker.programs(root)
        let programs = Dictionary(all.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
        self.programs = programs
        edges = all.flatMap { program in program.edges.indices.map { EdgeID(file: program.file, index: $0) } }
        let reachable = root.reach(given: params).edges
        targets = edges.filter { edge in
            reachable[edge.file]?.contains(edge.index) == true && programs[edge.file]?.edges[edge.index].untested == nil
        }
        var callers: [String: [(file: String, ends: [String: Int])]] = [:]
        for program in all {
            for step in program.steps {
                if case .use(let file, _, let ends) = step.kind {
                    callers[file, default: []].append((program.file, ends))
                }
            }
        }
        var following: [EdgeID: [EdgeID]] = [:]
        for program in all {
            for (index, edge) in program.edges.enumerated() {
                let id = EdgeID(file: program.file, index: index)
                switch edge.target {
                case .step(let step):
                    following[id] = Self.outEdges(of: step, in: program, programs: self.programs)
                case .end(let end):
                    following[id] = (callers[program.file] ?? []).compactMap { caller in
                        caller.ends[end.kind.value.name].map { EdgeID(file: caller.file, index: $0) }
                    }
                }
            }
        }
        // An end step of a sub-flow continues at its callers' edges for that end.
        for program in all {
            for (stepIndex, step) in program.steps.enumerated() {
                guard case .end(let end) = step.kind else { continue }
                let after = (callers[program.file] ?? []).compactMap { caller in
                    caller.ends[end.kind.value.name].map { EdgeID(file: caller.file, index: $0) }
                }
                for (index, edge) in program.edges.enumerated() where edge.target == .step(stepIndex) {
                    following[EdgeID(file: program.file, index: index)] = after
                }
            }
        }
        var preceding: [EdgeID: [EdgeID]] = [:]
        for (edge, nexts) in following {
            for next in nexts { preceding[next, default: []].append(edge) }
        }
        self.following = following
        self.preceding = preceding
    }

    /// The edges out of a step; entering a `use` step also leads into the sub-flow's first step.
    private static func outEdges(of step: Int, in program: Program, programs: [String: Program]) -> [EdgeID] {
        guard program.steps.indices.contains(step) else { return [] }
        var edges = program.edges.indices.filter { program.edges[$0].from == step }
            .map { EdgeID(file: program.file, index: $0) }
        if case .use(let file, _, _) = program.steps[step].kind, let subflow = programs[file] {
            edges += subflow.edges.indices.filter { subflow.edges[$0].from == subflow.start }
                .map { EdgeID(file: file, index: $0) }
        }
        return edges
    }

    /// How many edges, at least, a run takes from taking each edge to taking the nearest of `targets` (0 for a
    /// target itself, and for an edge whose attempts run out into a target); edges that cannot lead to any are
    /// absent. One breadth-first search backwards from all targets at once.
    func distances(to targets: some Sequence<EdgeID>) -> [EdgeID: Int] {
        var distance: [EdgeID: Int] = [:]
        var queue: [EdgeID] = []
        for target in targets where distance[target] == nil {
            distance[target] = 0
            queue.append(target)
            guard let program = programs[target.file] else { continue }
            for (index, edge) in program.edges.enumerated() where edge.exhausted == target.index {
                let id = EdgeID(file: target.file, index: index)
                if distance[id] == nil {
                    distance[id] = 0
                    queue.append(id)
                }
            }
        }
        var head = 0
        while head < queue.count {
            let edge = queue[head]
            head += 1
            let next = (distance[edge] ?? 0) + 1
            for earlier in preceding[edge] ?? [] where distance[earlier] == nil {
                distance[earlier] = next
                queue.append(earlier)
            }
        }
        return distance
    }
}
