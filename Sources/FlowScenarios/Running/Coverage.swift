import FlowModel

/// Transition coverage of one flow file: the edges of its checked program the scenarios took.
public struct FlowCoverage: Sendable, Hashable {
    public var file: String
    /// Every edge expected to be covered: each `next`, choice, branch, outcome route and attempt exhaustion,
    /// except those marked `untested:`.
    public var total: Int
    public var covered: Set<Int>
    /// The edges no scenario took, in source order.
    public var uncovered: [EdgeDescription]
    /// The edges marked `untested:`, left out of the count, in source order (a scenario may still take one).
    public var untested: [EdgeDescription] = []

    /// Covered edges as a percentage (100 for a flow without edges).
    public var percent: Double {
        total == 0 ? 100 : Double(covered.count) * 100 / Double(total)
    }
}

/// An edge as reports show it: where it is written and where it goes.
public struct EdgeDescription: Sendable, Hashable {
    public var index: Int
    public var position: SourcePosition
    /// `submit_code: invalidCode → ask_code`, `submit_code: invalidCode (exhausted) → failure too_many_attempts`.
    public var text: String
    /// Why no scenario is expected to take the edge, when it is marked `untested:`.
    public var untestedReason: String?
    /// Why `test --explore` did not take the edge, when it explored the flow.
    public var unreachedReason: String?

    init(_ program: Program, _ index: Int) {
        let edge = program.edges[index]
        self.index = index
        position = edge.position
        let from = program.steps.indices.contains(edge.from) ? program.steps[edge.from].name.value : "?"
        var label = edge.label.description
        if case .exhausted(let of) = edge.label, program.edges.indices.contains(of) {
            label = "\(program.edges[of].label.description) (attempts exhausted)"
        }
        let target: String
        switch edge.target {
        case .step(let step): target = program.steps.indices.contains(step) ? program.steps[step].name.value : "?"
        case .end(let end): target = "end \(end.kind.value.name)" + (end.reason.map { " \($0.value)" } ?? "")
        }
        text = "\(from): \(label) → \(target)"
        untestedReason = edge.untested
    }
}

/// Adds up the edges scenarios took, per flow file.
public enum CoverageCounter {
    /// Coverage of every program given (flows under test and, once each, their sub-flows) from the edges of
    /// `results`.
    public static func coverage(of programs: [Program], results: [ScenarioResult]) -> [FlowCoverage] {
        var taken: [String: Set<Int>] = [:]
        for result in results {
            for (file, edges) in result.edges { taken[file, default: []].formUnion(edges) }
        }
        var seen: Set<String> = []
        var coverage: [FlowCoverage] = []
        for program in programs.flatMap(ScenarioChecker.programs) where seen.insert(program.file).inserted {
            let expected = program.edges.indices.filter { program.edges[$0].untested == nil }
            let covered = (taken[program.file] ?? []).filter { expected.contains($0) }
            let uncovered = expected.filter { !covered.contains($0) }.map { EdgeDescription(program, $0) }
            let untested = program.edges.indices.filter { program.edges[$0].untested != nil }.map {
                EdgeDescription(program, $0)
            }
            coverage.append(
                FlowCoverage(
                    file: program.file, total: expected.count, covered: covered, uncovered: uncovered,
                    untested: untested))
        }
        return coverage.sorted { $0.file < $1.file }
    }

    /// Covered and total edges over all flows.
    public static func totals(_ coverage: [FlowCoverage]) -> (covered: Int, total: Int, percent: Double) {
        let covered = coverage.reduce(0) { $0 + $1.covered.count }
        let total = coverage.reduce(0) { $0 + $1.total }
        return (covered, total, total == 0 ? 100 : Double(covered) * 100 / Double(total))
    }
}
