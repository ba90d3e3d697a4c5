import FlowrunFoundation

/// What a run of a program can reach when some params hold constant values for the whole run (a `use` that
/// gives `purpose: signUp`): `choose` branches that test such a param are decided as the engine decides them.
public struct ProgramReach: Sendable, Hashable {
    /// The names of the ends a run can reach.
    public var ends: Set<String> = []
    /// The catalog actions a run can call, in the program and its sub-flows.
    public var actions: Set<String> = []
    /// The edges a run can take, by program file (the program's and its sub-flows').
    public var edges: [String: Set<Program.EdgeIndex>] = [:]
}

extension Program {
    /// What a run can reach when each param in `constants` that no step sets again (``constantParams``) holds
    /// its value; other params may hold anything. Its ends are never more than ``ends``.
    public func reach(given constants: [String: Value]) -> ProgramReach {
        let known = constants.filter { constantParams.contains($0.key) }
        var outgoing = [[Program.EdgeIndex]](repeating: [], count: steps.count)
        for (index, edge) in edges.enumerated() where outgoing.indices.contains(edge.from) {
            outgoing[edge.from].append(index)
        }
        var reach = ProgramReach()
        var visited: Set<Program.StepIndex> = [start]
        var pending = steps.indices.contains(start) ? [start] : []
        func follow(_ edge: Program.EdgeIndex) {
            reach.edges[file, default: []].insert(edge)
            switch edges[edge].target {
            case .step(let next): if visited.insert(next).inserted { pending.append(next) }
            case .end(let end): reach.ends.insert(end.kind.value.name)
            }
            if let exhausted = edges[edge].exhausted { follow(exhausted) }
        }
        while let index = pending.popLast() {
            switch steps[index].kind {
            case .end(let end):
                reach.ends.insert(end.kind.value.name)
            case .choose(let branches, let otherwise):
                var decided = false
                for branch in branches {
                    guard known[branch.condition.rootVariable] != nil else {
                        follow(branch.edge)
                        continue
                    }
                    if Conditions.holds(branch.condition, in: known) {
                        follow(branch.edge)
                        decided = true
                        break
                    }
                }
                if !decided { follow(otherwise) }
            case .use(let file, let arguments, let routes):
                guard let subprogram = subflows[file] else {
                    outgoing[index].forEach(follow)
                    continue
                }
                var inner: [String: Value] = [:]
                for argument in arguments {
                    if let value = argument.value.constantValue(given: known) { inner[argument.name.value] = value }
                }
                let subflowReach = subprogram.reach(given: inner)
                reach.actions.formUnion(subflowReach.actions)
                reach.edges.merge(subflowReach.edges) { $0.union($1) }
                for (end, edge) in routes where subflowReach.ends.contains(end) { follow(edge) }
            case .action(let name, _, _):
                reach.actions.insert(name)
                outgoing[index].forEach(follow)
            case .ask, .set:
                outgoing[index].forEach(follow)
            }
        }
        reach.ends.formIntersection(ends.keys.map(\.name))
        return reach
    }
}

extension ValueExpression {
    /// The value the engine gives this expression when the only variables it reads are in `known`; nil when it
    /// reads any other.
    public func constantValue(given known: [String: Value]) -> Value? {
        switch self {
        case .template(let template):
            if let sole = template.soleVariable {
                return sole.fields.isEmpty ? known[sole.name] : nil
            }
            var text = ""
            for part in template.parts {
                guard case .text(let literal) = part else { return nil }
                text += literal
            }
            return .string(text)
        case .integer(let value): return .integer(value)
        case .number(let value): return .number(value)
        case .boolean(let value): return .boolean(value)
        case .list(let items):
            var values: [Value] = []
            for item in items {
                guard let value = item.constantValue(given: known) else { return nil }
                values.append(value)
            }
            return .list(values)
        }
    }
}
