import FlowModel

/// The longest paths over a program's run states: the group of unlimited edges a run is in and the attempts it
/// has used of each limited edge. Taking a limited edge adds an attempt, and unlimited edges between groups
/// lead down the groups' acyclic order, so the states form an acyclic graph.
struct StateWalk {
    /// A way out of a state: from `step` of its group by `option` (an end step stops with option -1).
    private struct Move {
        var step: Int
        var option: Int
        var edge: Int
        var weight: [Int]
        /// The next state, or nil when the move ends the run.
        var next: [Int]?
        /// For a move that ends the run: whether the end counts.
        var endCounts: Bool
    }

    private let search: BoundSearch
    private let groups: StronglyConnectedComponents
    private let unlimited: [[Int]]
    private var values: [[Int]: [Int?]] = [:]
    private var best: [[Int]: [Move?]] = [:]
    /// The ways out of states looked at so far.
    private var work = 0
    private var graph: RunGraph { search.graph }
    private var start: [Int] { [groups.component[graph.program.start]] + Array(repeating: 0, count: graph.slotCount) }

    init(search: BoundSearch, groups: StronglyConnectedComponents, unlimited: [[Int]]) {
        self.search = search
        self.groups = groups
        self.unlimited = unlimited
    }

    /// Computes the worst case of every measure from every state reached; false when there are more states
    /// than ``BoundSolver/stateLimit``, or more ways out of them than ``BoundSolver/workLimit``.
    mutating func solve() -> Bool {
        let count = BoundMeasure.allCases.count
        var stack: [(state: [Int], expanded: Bool)] = [(start, false)]
        var found: [[Int]: [Move]] = [:]
        while let (state, expanded) = stack.popLast() {
            guard values[state] == nil else { continue }
            if !expanded {
                let moves = self.moves(from: state)
                work += moves.count + groups.components[state[0]].count
                if work > BoundSolver.workLimit { return false }
                found[state] = moves
                stack.append((state, true))
                for move in moves { if let next = move.next, values[next] == nil { stack.append((next, false)) } }
                if values.count + stack.count > BoundSolver.stateLimit { return false }
                continue
            }
            let moves = found.removeValue(forKey: state) ?? []
            var value = [Int?](repeating: nil, count: count)
            var chosen = [Move?](repeating: nil, count: count)
            for move in moves {
                for measure in 0..<count {
                    let rest: Int?
                    if let next = move.next {
                        rest = values[next]?[measure] ?? nil
                    } else {
                        rest = move.endCounts ? 0 : nil
                    }
                    guard let rest else { continue }
                    let total = rest.plus(move.weight[measure])
                    if value[measure].map({ total > $0 }) ?? true {
                        value[measure] = total
                        chosen[measure] = move
                    }
                }
            }
            values[state] = value
            best[state] = chosen
        }
        return true
    }

    /// The worst case of `measure` and the path that reaches it.
    func bound(_ measure: BoundMeasure, exact: Bool) -> Bound {
        let index = measure.index
        let first = graph.program.start
        guard let rest = values[start]?[index] ?? nil else { return .bounded(count: 0, path: [], exact: exact) }
        var total = graph.entry[first][index]
        var path = [search.boundStep(first, total: total)]
        var current = first
        var state = start
        while let move = best[state]?[index] ?? nil {
            for step in search.path(from: current, to: move.step, within: groups, unlimited: unlimited).dropFirst() {
                path.append(search.boundStep(step, total: total))
            }
            guard move.option >= 0 else { break }
            let useName = graph.program.steps[move.step].name.value
            for inner in search.subflowPath(step: move.step, option: move.option, measure: index) {
                path.append(
                    BoundStep(
                        name: useName + "/" + inner.name, file: inner.file, position: inner.position,
                        total: total.plus(inner.total)))
            }
            total = total.plus(move.weight[index])
            guard let next = move.next, let destination = graph.destination(of: move.edge) else {
                path.append(endStep(of: move.edge, total: total))
                break
            }
            path.append(search.boundStep(destination, total: total))
            current = destination
            state = next
        }
        return .bounded(count: max(total, rest.plus(graph.entry[first][index])), path: path, exact: exact)
    }

    private func endStep(of edge: Int, total: Int) -> BoundStep {
        let programEdge = graph.program.edges[edge]
        var name = "end"
        if case .end(let spec) = programEdge.target { name = Describe.end(spec) }
        return BoundStep(name: name, file: graph.program.file, position: programEdge.position, total: total)
    }

    private func moves(from state: [Int]) -> [Move] {
        let group = state[0]
        let counters = Array(state.dropFirst())
        var moves: [Move] = []
        let zero = [Int](repeating: 0, count: BoundMeasure.allCases.count)
        for step in groups.components[group].sorted() {
            if case .end(let spec) = graph.program.steps[step].kind {
                moves.append(
                    Move(
                        step: step, option: -1, edge: -1, weight: zero, next: nil,
                        endCounts: search.counts(spec.kind.value)))
            }
            for (number, option) in graph.options[step].enumerated() {
                guard let (edge, after) = graph.resolve(option, counters: counters) else { continue }
                guard let destination = graph.destination(of: edge) else {
                    var counts = true
                    if case .end(let spec) = graph.program.edges[edge].target {
                        counts = search.counts(spec.kind.value)
                    }
                    moves.append(
                        Move(
                            step: step, option: number, edge: edge, weight: option.weight, next: nil, endCounts: counts)
                    )
                    continue
                }
                let target = groups.component[destination]
                if graph.isUnlimited(edge) && target == group { continue }
                let weight = zip(option.weight, graph.entry[destination]).map { $0.plus($1) }
                moves.append(
                    Move(
                        step: step, option: number, edge: edge, weight: weight, next: [target] + after, endCounts: false
                    ))
            }
        }
        return moves
    }
}
