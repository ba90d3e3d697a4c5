import FlowModel

/// The shape of a document's step graph: what `start` reaches, and what can reach an end.
struct GraphAnalysis {
    /// Steps a run can enter.
    let reachable: StepSet
    /// Edges a run can take (they leave a reachable step).
    let reachableEdges: [Int]
    /// Steps from which some end can be reached.
    let canEnd: StepSet
    /// Outgoing edges per step.
    let outgoing: [[Int]]

    init(checker: DocumentChecker) {
        var outgoing = [[Int]](repeating: [], count: checker.steps.count)
        for index in checker.edges.indices { outgoing[checker.edges[index].from].append(index) }
        self.outgoing = outgoing

        var reachable = StepSet(count: checker.steps.count)
        if let start = checker.stepIndex[checker.document.start.value] {
            var stack = [start]
            reachable.insert(start)
            while let step = stack.popLast() {
                for edge in outgoing[step] {
                    if let next = checker.edgeDestination[edge], reachable.insert(next).inserted { stack.append(next) }
                }
            }
        }
        self.reachable = reachable
        self.reachableEdges = checker.edges.indices.filter { reachable.contains(checker.edges[$0].from) }

        // A step can end if it is an end, has an edge to an inline end or a missing step (reported already),
        // or an edge to a step that can end.
        var incoming = [[Int]](repeating: [], count: checker.steps.count)
        var canEnd = StepSet(count: checker.steps.count)
        var stack: [Int] = []
        for index in checker.edges.indices {
            let from = checker.edges[index].from
            if let destination = checker.edgeDestination[index] {
                incoming[destination].append(from)
            } else if canEnd.insert(from).inserted {
                stack.append(from)
            }
        }
        for index in checker.steps.indices {
            if case .end = checker.steps[index].kind, canEnd.insert(index).inserted { stack.append(index) }
        }
        while let step = stack.popLast() {
            for previous in incoming[step] where canEnd.insert(previous).inserted { stack.append(previous) }
        }
        self.canEnd = canEnd
    }
}

extension DocumentChecker {
    mutating func reportUnreachableSteps(_ analysis: GraphAnalysis) {
        for index in document.steps.indices where !analysis.reachable.contains(index) {
            let step = document.steps[index]
            report(
                .unreachableStep, "step `\(step.name.value)` is never reached from `\(document.start.value)`",
                at: step.name.position)
        }
    }

    mutating func reportStepsThatCannotEnd(_ analysis: GraphAnalysis) {
        for index in document.steps.indices
        where analysis.reachable.contains(index) && !analysis.canEnd.contains(index) {
            let step = document.steps[index]
            report(
                .noWayToEnd, "no end can be reached from step `\(step.name.value)`: every path from it loops forever",
                at: step.name.position)
        }
    }

    /// Reports each cycle of reachable steps that needs no user input and has no attempt limit on any edge.
    mutating func reportUnboundedLoops(_ analysis: GraphAnalysis) {
        var successors = [[Int]](repeating: [], count: steps.count)
        for edge in analysis.reachableEdges
        where !edgeWaitsForUser[edge] && edges[edge].attempts == nil {
            if let destination = edgeDestination[edge] { successors[edges[edge].from].append(destination) }
        }
        for component in StronglyConnectedComponents(successors: successors).components {
            let isLoop = component.count > 1 || component.first.map { successors[$0].contains($0) } ?? false
            guard isLoop, let first = component.min() else { continue }
            let names = component.sorted().map { "`\(document.steps[$0].name.value)`" }.joined(separator: " → ")
            report(
                .unboundedLoop,
                "steps \(names) can repeat forever without asking the user and without an attempt limit",
                at: document.steps[first].name.position)
        }
    }

    /// The ends a run can reach, each with the output names every such end provides.
    func reachableEnds(_ analysis: GraphAnalysis) -> [EndKind: Set<String>] {
        var ends: [EndKind: Set<String>] = [:]
        func add(_ end: EndSpec) {
            let names = Set(end.output.map(\.name.value))
            ends[end.kind.value] = ends[end.kind.value].map { $0.intersection(names) } ?? names
        }
        for index in analysis.reachable.sorted() {
            if case .end(let end) = steps[index].kind { add(end) }
        }
        for edge in analysis.reachableEdges {
            if case .end(let end) = edges[edge].target { add(end) }
        }
        return ends
    }
}

/// A set of step indices of one document, as one flag per step.
struct StepSet {
    private var flags: [Bool]

    init(count: Int) {
        flags = Array(repeating: false, count: count)
    }

    func contains(_ step: Int) -> Bool { flags[step] }

    /// Adds `step`; whether it was not in the set before.
    @discardableResult
    mutating func insert(_ step: Int) -> (inserted: Bool, memberAfterInsert: Int) {
        let inserted = !flags[step]
        flags[step] = true
        return (inserted, step)
    }

    /// The steps in the set, in ascending order.
    func sorted() -> [Int] { flags.indices.filter { flags[$0] } }
}
