import FlowModel

/// The ends a run can reach in each version, and the last transitions that reach each.
struct EndComparison {
    /// A transition that ends a run, or leads to an end step: ``step` on `label``.
    struct Way: Hashable {
        var step: String
        var text: String
    }

    let old: Program
    let new: Program

    func changes() -> [FlowChange] {
        let before = Self.ways(old)
        let after = Self.ways(new)
        var changes: [FlowChange] = []
        for end in after.keys.sorted() {
            let ways = after[end] ?? []
            guard let waysBefore = before[end] else {
                changes.append(
                    FlowChange(.endReachable, step: nil, "`\(end)` can now be reached: from \(Self.list(ways))"))
                continue
            }
            let added = ways.filter { !waysBefore.contains($0) }
            if !added.isEmpty {
                changes.append(
                    FlowChange(.newWayToEnd, step: nil, "`\(end)` can now also be reached from \(Self.list(added))"))
            }
            // Ways from a step that is gone are said by its removal.
            let removed = waysBefore.filter { !ways.contains($0) && new.step(named: $0.step) != nil }
            if !removed.isEmpty {
                changes.append(
                    FlowChange(.wayToEndRemoved, step: nil, "`\(end)` is no longer reached from \(Self.list(removed))"))
            }
        }
        for end in before.keys.sorted() where after[end] == nil {
            changes.append(FlowChange(.endUnreachable, step: nil, "`\(end)` can no longer be reached"))
        }
        changes += bypassedSteps(ends: after.keys.filter { before[$0] != nil }.sorted())
        return changes
    }

    /// The most steps for which ``bypassedSteps(ends:)`` searches the flow once per step.
    static let bypassLimit = 500

    /// Steps every run to an end passed before, which a run of the new version can now avoid: ``end: success` is
    /// now reached without `submit_code``.
    private func bypassedSteps(ends: [String]) -> [FlowChange] {
        guard old.steps.count <= Self.bypassLimit, new.steps.count <= Self.bypassLimit else { return [] }
        var changes: [FlowChange] = []
        for end in ends {
            for step in old.steps.indices
            where !Self.reaches(old, end, avoiding: step) {
                let name = old.steps[step].name.value
                guard let now = new.steps.firstIndex(where: { $0.name.value == name }),
                    Self.reaches(new, end, avoiding: now)
                else { continue }
                changes.append(
                    FlowChange(
                        .stepNoLongerRequired, step: name,
                        "`\(end)` can now be reached without passing `\(name)`, which every run to it passed before"))
            }
        }
        return changes
    }

    /// Whether a run can reach `end` without entering `avoided`.
    private static func reaches(_ program: Program, _ end: String, avoiding avoided: Int) -> Bool {
        guard program.steps.indices.contains(program.start), program.start != avoided else { return false }
        var outgoing = [[Program.EdgeIndex]](repeating: [], count: program.steps.count)
        for (index, edge) in program.edges.enumerated() where outgoing.indices.contains(edge.from) {
            outgoing[edge.from].append(index)
        }
        var reached: Set<Int> = [program.start]
        var pending = [program.start]
        while let step = pending.popLast() {
            if case .end(let spec) = program.steps[step].kind, Describe.end(spec) == end { return true }
            for edge in outgoing[step] {
                switch program.edges[edge].target {
                case .end(let spec):
                    if Describe.end(spec) == end { return true }
                case .step(let next):
                    if next != avoided, program.steps.indices.contains(next), reached.insert(next).inserted {
                        pending.append(next)
                    }
                }
            }
        }
        return false
    }

    private static func list(_ ways: [Way]) -> String {
        ways.map(\.text).joined(separator: "; ")
    }

    /// Per end a run can reach (`end: success`, `fail: reason`…), the transitions that lead to it from a step a
    /// run can enter, in program order.
    static func ways(_ program: Program) -> [String: [Way]] {
        guard program.steps.indices.contains(program.start) else { return [:] }
        var outgoing = [[Program.EdgeIndex]](repeating: [], count: program.steps.count)
        for (index, edge) in program.edges.enumerated() where outgoing.indices.contains(edge.from) {
            outgoing[edge.from].append(index)
        }
        var reached: Set<Int> = [program.start]
        var pending = [program.start]
        while let step = pending.popLast() {
            for edge in outgoing[step] {
                if case .step(let next) = program.edges[edge].target, program.steps.indices.contains(next),
                    reached.insert(next).inserted
                {
                    pending.append(next)
                }
            }
        }
        var ways: [String: [Way]] = [:]
        func add(_ end: String, _ way: Way) {
            if ways[end]?.contains(way) != true { ways[end, default: []].append(way) }
        }
        for (index, edge) in program.edges.enumerated() where reached.contains(edge.from) {
            let step = program.steps[edge.from].name.value
            let way = Way(step: step, text: "`\(step)` on `\(EdgeKeys.label(index, program))`")
            switch edge.target {
            case .end(let spec):
                add(Describe.end(spec), way)
            case .step(let next):
                if program.steps.indices.contains(next), case .end(let spec) = program.steps[next].kind {
                    add(Describe.end(spec), way)
                }
            }
        }
        if case .end(let spec) = program.steps[program.start].kind {
            add(Describe.end(spec), Way(step: program.steps[program.start].name.value, text: "the start"))
        }
        return ways
    }
}
