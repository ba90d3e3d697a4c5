import FlowEngine
import FlowModel
import FlowrunFoundation

/// Finds outcome data that makes a `choose` step take a branch no run has taken: when the branch's condition
/// (and the earlier branches' conditions) test one variable that an action's outcome set, that outcome is
/// injected again with a value that selects the branch.
struct ChooseSolver {
    let graph: ExplorationGraph
    let state: ExplorerState
    let covered: Set<EdgeID>

    /// The plan with one more injection, and the edge it aims at; `nil` when no `choose` edge of the run can
    /// be reached that way.
    func fix(_ plan: Plan, avoiding tried: Set<EdgeID>) -> (plan: Plan, edge: EdgeID)? {
        let visited = Set(
            state.events.compactMap { event -> EdgeID? in
                guard event.event == .transition, let edge = event.edge else { return nil }
                return EdgeID(file: event.flow, index: edge)
            })
        for edge in visited.sorted() {
            guard let program = graph.programs[edge.file], program.edges.indices.contains(edge.index),
                case .choose(let branches, let otherwise) = program.steps[program.edges[edge.index].from].kind
            else { continue }
            let targets = branches.map(\.edge) + [otherwise]
            for (position, target) in targets.enumerated() {
                let id = EdgeID(file: edge.file, index: target)
                guard !covered.contains(id), !visited.contains(id), !tried.contains(id) else { continue }
                let conditions = branches.prefix(position + 1).map(\.condition)
                guard let variable = conditions.first?.rootVariable,
                    conditions.allSatisfy({ $0.variable.value == variable }),
                    let call = state.lastCall(setting: variable),
                    let value = Self.value(selecting: position, of: branches.map(\.condition), variable: variable)
                else { continue }
                var plan = plan
                var data = plan.injections[call.key]?.data ?? [:]
                data[variable] = value
                plan.injections[call.key] = Injection(
                    outcome: plan.injections[call.key]?.outcome ?? call.outcome, data: data)
                return (plan, id)
            }
        }
        return nil
    }

    /// A value of `variable` for which the branch at `position` is the first whose condition holds (or, at
    /// `conditions.count`, none holds).
    static func value(selecting position: Int, of conditions: [Condition], variable: String) -> Value? {
        var candidates: [Value] = [.null, .string(""), .string("x"), .integer(0), .boolean(true), .boolean(false)]
        for condition in conditions {
            switch condition.test {
            case .equals(let scalar), .notEquals(let scalar):
                candidates += [Value(scalar), .string(scalar.description + "-other")]
            case .oneOf(let scalars): candidates += scalars.map(Value.init)
            case .present: break
            case .matches: candidates += [.string("a"), .string("A1"), .string("1"), .string("a@b.c")]
            }
        }
        return candidates.first { candidate in
            let variables = [variable: candidate]
            let firstHolding = conditions.firstIndex { Conditions.holds($0, in: variables) } ?? conditions.count
            return firstHolding == position
        }
    }
}

extension Value {
    /// The value of a condition's literal.
    init(_ scalar: ScalarValue) {
        switch scalar {
        case .string(let text): self = .string(text)
        case .integer(let number): self = .integer(number)
        case .number(let number): self = .number(number)
        case .boolean(let flag): self = .boolean(flag)
        }
    }
}
