import FlowModel
import FlowrunFoundation

/// `use`: the sub-flow's params are given, and `on:` handles exactly the ends it can reach.
extension DocumentChecker {
    mutating func buildUse(_ step: UseStep, at index: Int) -> ProgramStep.Kind {
        recordReads(of: step.arguments, step: index)
        guard let subprogram = subprograms[step.resolvedFile] else {
            // The sub-flow is missing, broken or in a cycle: that is reported where it happens.
            let ends = addUncheckedRoutes(step.ends, from: index)
            markEdgesWaiting(from: index)
            return .use(file: step.resolvedFile, arguments: step.arguments, ends: ends)
        }
        checkParams(step, of: subprogram)
        let constants = Self.constantArguments(step.arguments, of: subprogram)
        let reachable =
            constants.isEmpty ? Set(subprogram.ends.keys.map(\.name)) : subprogram.reach(given: constants).ends
        var map = step.ends
        map.handlers.removeAll { handler in
            let name = handler.outcome.value
            guard subprogram.ends.keys.contains(EndKind(name: name)), !reachable.contains(name) else { return false }
            reportEndNotReached(handler, of: step, constants: constants, at: index)
            return true
        }
        let declared = DeclaredOutcomes(
            Dictionary(
                uniqueKeysWithValues: subprogram.ends.filter { reachable.contains($0.key.name) }.map {
                    ($0.key.name, $0.value)
                }))
        let ends = routeOutcomes(
            map, declared: declared, from: index, subject: "sub-flow `\(step.path.value)`",
            unhandled: .unhandledSubflowEnd, impossible: .impossibleSubflowEnd, noun: "end")
        if subprogram.asksTheUser { markEdgesWaiting(from: index) }
        return .use(file: step.resolvedFile, arguments: step.arguments, ends: ends)
    }

    /// FR130: the handler of an end the sub-flow reaches only with other values of the constant params. Its edge
    /// stays in the graph (it is never taken), so what it leads to is still checked.
    private mutating func reportEndNotReached(
        _ handler: OutcomeHandler, of step: UseStep, constants: [String: Value], at index: Int
    ) {
        let given = constants.keys.sorted().map { "`\($0)` is `\(constants[$0]?.description ?? "")`" }
        report(
            .endNotForTheseParams,
            "sub-flow `\(step.path.value)` never ends `\(handler.outcome.value)` when "
                + given.joined(separator: " and ") + "; this handler is never taken",
            at: handler.outcome.position)
        addEdge(from: index, label: .outcome(handler.outcome.value), handler.transition, assigns: allVariables)
    }

    private mutating func markEdgesWaiting(from step: Int) {
        for edge in edges.indices where edges[edge].from == step { edgeWaitsForUser[edge] = true }
    }

    private mutating func checkParams(_ step: UseStep, of subprogram: Program) {
        let params = Dictionary(uniqueKeysWithValues: subprogram.params.map { ($0.name.value, $0) })
        for argument in step.arguments {
            guard let param = params[argument.name.value] else {
                let known = params.keys.sorted().map { "`\($0)`" }.joined(separator: ", ")
                report(
                    .subflowParams,
                    "sub-flow `\(step.path.value)` has no param `\(argument.name.value)`"
                        + (known.isEmpty ? "; it takes none" : "; it takes \(known)"),
                    at: argument.name.position,
                    hint: Spelling.suggestion(for: argument.name.value, among: params.keys).map {
                        "did you mean `\($0)`?"
                    })
                continue
            }
            checkType(of: argument, expected: param.type.valueType)
        }
        let given = Set(step.arguments.map(\.name.value))
        let missing = subprogram.params.map(\.name.value).filter { !given.contains($0) }
        if !missing.isEmpty {
            let names = missing.map { "`\($0)`" }.joined(separator: ", ")
            report(.subflowParams, "sub-flow `\(step.path.value)` needs \(names) under `with:`", at: step.path.position)
        }
    }
}

extension Program {
    /// Whether running the program (or a sub-flow of it) can stop to ask the user.
    var asksTheUser: Bool {
        steps.contains { if case .ask = $0.kind { return true } else { return false } }
            || subflows.values.contains { $0.asksTheUser }
    }
}
