import FlowModel
import FlowrunFoundation

/// The worst case of each measure over the runs of one program.
///
/// A run is a walk over the steps in which an edge with `attempts: N` is taken at most N times (then its
/// `exhausted` edge instead). Edges without a limit form loops a run can repeat at will: a measure that such a
/// loop adds to is unbounded. Otherwise the walk's states — the strongly connected group of unlimited edges it
/// is in, and the attempts used per limited edge — form an acyclic graph, whose longest path is the exact
/// worst case.
struct BoundSearch {
    private(set) var graph: RunGraph
    /// The end the runs must reach, or any when nil.
    let end: String?
    /// Whether a count may exceed every run's (a shared sub-flow, or a use step on a loop).
    private var inexact = false
    /// The worst paths through each `use` option's sub-flow, by step, option and measure.
    private var subflowPaths: [Int: [Int: [Int: [BoundStep]]]] = [:]
    /// Measures a sub-flow makes unbounded, with the use step and the sub-flow's loop.
    private var subflowLoops: [Int: (step: Int, loop: [BoundStep])] = [:]

    /// The params whose values hold for the whole run (``RunGraph`` decides `choose` steps on them).
    var known: [String: Value] = [:]

    private var program: Program { graph.program }
    private let measures = BoundMeasure.allCases

    init(graph: RunGraph, end: String?) {
        self.graph = graph
        self.end = end
    }

    /// Gives each `use` option the sub-flow's worst case for the end it follows.
    mutating func addSubflows(solver: BoundSolver) {
        for step in program.steps.indices {
            guard case .use(let file, let arguments, _) = program.steps[step].kind,
                let subflow = program.subflows[file]
            else { continue }
            var constants: [String: Value] = [:]
            for argument in arguments {
                if let value = argument.value.constantValue(given: known) { constants[argument.name.value] = value }
            }
            if solver.sharedSubflows.contains(file) { inexact = true }
            for (number, option) in graph.options[step].enumerated() {
                let bounds = solver.bounds(of: subflow, toEnd: option.subflowEnd, given: constants)
                for measure in measures {
                    switch bounds[measure] {
                    case .bounded(let count, let path, let exact):
                        graph.options[step][number].weight[measure.index] = count
                        subflowPaths[step, default: [:]][number, default: [:]][measure.index] = path
                        if !exact { inexact = true }
                    case .unbounded(let loop):
                        if subflowLoops[measure.index] == nil { subflowLoops[measure.index] = (step, loop) }
                    case nil:
                        break
                    }
                }
            }
        }
    }

    func run() -> [BoundMeasure: Bound] {
        guard program.steps.indices.contains(program.start) else {
            return Dictionary(
                uniqueKeysWithValues: measures.map { ($0, Bound.bounded(count: 0, path: [], exact: true)) })
        }
        let reachable = reachableSteps()
        var unlimited = [[Int]](repeating: [], count: program.steps.count)
        var inside: [(from: Int, option: Int, to: Int)] = []
        var everyEdge = [[Int]](repeating: [], count: program.steps.count)
        for step in reachable.sorted() {
            for (number, option) in graph.options[step].enumerated() {
                for edge in graph.chain(of: option) {
                    guard let next = graph.destination(of: edge) else { continue }
                    everyEdge[step].append(next)
                    if graph.isUnlimited(edge) {
                        unlimited[step].append(next)
                        inside.append((step, number, next))
                    }
                }
            }
        }
        let groups = StronglyConnectedComponents(successors: unlimited)
        let loops = StronglyConnectedComponents(successors: everyEdge)
        var inexact = self.inexact
        // A sub-flow run again shares its attempt counters; a `choose` met again, or on a param that holds for the
        // whole run, takes branches that depend on each other; the search counts each freely.
        for step in reachable where isOnLoop(step, loops, everyEdge) && (isUse(step) || isChoose(step)) {
            inexact = true
        }
        for step in reachable where testsConstantParam(step) { inexact = true }

        var result: [BoundMeasure: Bound] = [:]
        for measure in measures {
            if let loop = unboundedLoop(measure, inside: inside, groups: groups, unlimited: unlimited) {
                result[measure] = .unbounded(loop: loop)
            }
        }
        var walk = StateWalk(search: self, groups: groups, unlimited: unlimited)
        if walk.solve() {
            for measure in measures where result[measure] == nil {
                result[measure] = walk.bound(measure, exact: !inexact)
            }
        } else {
            for measure in measures where result[measure] == nil {
                result[measure] = coarseBound(measure, reachable: reachable)
            }
        }
        return result
    }

    /// Steps a run can enter, whatever the attempts used.
    private func reachableSteps() -> Set<Int> {
        var reached: Set<Int> = [program.start]
        var pending = [program.start]
        while let step = pending.popLast() {
            for option in graph.options[step] {
                for edge in graph.chain(of: option) {
                    if let next = graph.destination(of: edge), reached.insert(next).inserted { pending.append(next) }
                }
            }
        }
        return reached
    }

    private func isUse(_ step: Int) -> Bool {
        if case .use = program.steps[step].kind { return true }
        return false
    }

    /// A `choose` with more than one way out (one decided by known params has one).
    private func isChoose(_ step: Int) -> Bool {
        if case .choose = program.steps[step].kind { return graph.options[step].count > 1 }
        return false
    }

    private func testsConstantParam(_ step: Int) -> Bool {
        guard case .choose(let branches, _) = program.steps[step].kind else { return false }
        return branches.contains {
            program.constantParams.contains($0.condition.rootVariable) && known[$0.condition.rootVariable] == nil
        }
    }

    private func isOnLoop(_ step: Int, _ loops: StronglyConnectedComponents, _ successors: [[Int]]) -> Bool {
        loops.components[loops.component[step]].count > 1 || successors[step].contains(step)
    }

    /// A loop of unlimited edges that adds to `measure` on every round, first step repeated at the end.
    private func unboundedLoop(
        _ measure: BoundMeasure, inside: [(from: Int, option: Int, to: Int)], groups: StronglyConnectedComponents,
        unlimited: [[Int]]
    ) -> [BoundStep]? {
        if let (step, loop) = subflowLoops[measure.index] {
            let prefix = program.steps[step].name.value + "/"
            return [boundStep(step, total: 0)]
                + loop.map { BoundStep(name: prefix + $0.name, file: $0.file, position: $0.position, total: 0) }
        }
        for (from, option, to) in inside where groups.component[from] == groups.component[to] {
            let weight = graph.options[from][option].weight[measure.index].plus(graph.entry[to][measure.index])
            guard weight > 0 else { continue }
            // The loop from its first step in the file, that step again at the end.
            var loop = [from] + path(from: to, to: from, within: groups, unlimited: unlimited).dropLast()
            if let first = loop.indices.min(by: { loop[$0] < loop[$1] }) {
                loop = Array(loop[first...] + loop[..<first])
            }
            return (loop + loop.prefix(1)).map { boundStep($0, total: 0) }
        }
        return nil
    }

    /// The steps from `start` to `target` over unlimited edges inside their group, both included.
    func path(from start: Int, to target: Int, within groups: StronglyConnectedComponents, unlimited: [[Int]]) -> [Int]
    {
        guard start != target else { return [start] }
        let group = groups.component[start]
        var previous: [Int: Int] = [start: start]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let step = queue[head]
            head += 1
            for next in unlimited[step] where groups.component[next] == group && previous[next] == nil {
                previous[next] = step
                if next == target {
                    var steps = [target]
                    var current = target
                    while let before = previous[current], before != current {
                        steps.append(before)
                        current = before
                    }
                    return steps.reversed()
                }
                queue.append(next)
            }
        }
        return [start, target]
    }

    /// A sound bound for a flow too large to search run by run: a run takes at most as many limited edges as
    /// the limits add up to, and between two of them passes each group of unlimited edges at most once.
    private func coarseBound(_ measure: BoundMeasure, reachable: Set<Int>) -> Bound {
        var limited: Set<Int> = []
        var perStretch = 0
        for step in reachable {
            var most = 0
            for option in graph.options[step] {
                most = max(most, option.weight[measure.index])
                for edge in graph.chain(of: option) where !graph.isUnlimited(edge) { limited.insert(edge) }
            }
            perStretch = perStretch.plus(graph.entry[step][measure.index].plus(most))
        }
        let attempts = limited.reduce(0) { $0.plus(program.edges[$1].attempts ?? 0) }
        return .bounded(count: attempts.plus(1).times(perStretch), path: [], exact: false)
    }

    /// The step as a path element.
    func boundStep(_ step: Int, total: Int) -> BoundStep {
        let name = program.steps[step].name
        return BoundStep(name: name.value, file: program.file, position: name.position, total: total)
    }

    /// Whether a run that ends in `kind` counts (``end`` nil counts every end).
    func counts(_ kind: EndKind) -> Bool { end == nil || end == kind.name }

    /// The worst path through the sub-flow of a `use` option, for one measure.
    func subflowPath(step: Int, option: Int, measure: Int) -> [BoundStep] {
        subflowPaths[step]?[option]?[measure] ?? []
    }
}
