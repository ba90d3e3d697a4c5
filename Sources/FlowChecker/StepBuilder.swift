import FlowModel

/// Turns each step's transitions into edges and resolves the step.
extension DocumentChecker {
    mutating func build(_ step: StepDeclaration, at index: Int) -> ProgramStep.Kind {
        switch step.kind {
        case .ask(let ask):
            return buildAsk(ask, at: index)
        case .action(let action):
            return buildAction(action, at: index)
        case .choose(let choose):
            var branches: [ResolvedBranch] = []
            for (offset, branch) in choose.branches.enumerated() {
                var assigns: Set<String> = []
                if case .present(true) = branch.condition.test { assigns.insert(branch.condition.rootVariable) }
                recordConditionRead(branch.condition, step: index)
                let edge = addEdge(from: index, label: .branch(offset), branch.then, assigns: assigns)
                branches.append(ResolvedBranch(condition: branch.condition, edge: edge))
            }
            let otherwise = addEdge(from: index, label: .otherwise, choose.otherwise, assigns: [])
            return .choose(branches: branches, otherwise: otherwise)
        case .set(let set):
            var assigned: Set<String> = []
            for assignment in set.assignments {
                for reference in assignment.value.variables where !assigned.contains(reference.name) {
                    reads.append(VariableRead(name: reference.name, position: reference.position, step: index))
                }
                assigned.insert(assignment.name.value)
            }
            let next = addEdge(from: index, label: .next, set.next, assigns: assigned)
            return .set(assignments: set.assignments, next: next)
        case .use(let use):
            return buildUse(use, at: index)
        case .end(let end):
            recordReads(of: end.output, step: index)
            return .end(end)
        }
    }

    private mutating func buildAsk(_ ask: AskStep, at index: Int) -> ProgramStep.Kind {
        var asked: [String] = []
        for name in ask.inputs {
            if let input = document.inputs.first(where: { $0.name.value == name.value }) {
                asked.append(name.value)
                recordReads(of: input.label, step: index)
                recordReads(of: input.hint, step: index)
                recordReads(of: input.patternMessage, step: index)
                if case .variable(let source) = input.attributes {
                    reads.append(VariableRead(name: source.value, position: source.position, step: index))
                    checkAttributeSource(source)
                }
            } else {
                let isParam = document.params.contains { $0.name.value == name.value }
                let suggestion = Spelling.suggestion(for: name.value, among: document.inputs.map(\.name.value))
                report(
                    .undeclaredInput,
                    isParam
                        ? "`\(name.value)` is a param, not an input: params are given by the caller, not asked"
                        : "input `\(name.value)` is not declared under `inputs:`",
                    at: name.position, hint: suggestion.map { "did you mean `\($0)`?" })
            }
        }
        recordReads(of: ask.hint, step: index)
        var choices: [String: Int] = [:]
        for choice in ask.choices {
            choices[choice.name.value] = addEdge(
                from: index, label: .choice(choice.name.value), choice.transition, assigns: [])
        }
        let next = addEdge(from: index, label: .next, ask.next, assigns: Set(asked), waitsForUser: true)
        for edge in choices.values { edgeWaitsForUser[edge] = true }
        return .ask(inputs: asked, hint: ask.hint, choices: choices, next: next)
    }

    private mutating func recordConditionRead(_ condition: Condition, step: Int) {
        if case .present = condition.test { return }  // testing presence is how a flow reads a maybe-unset variable
        reads.append(VariableRead(name: condition.rootVariable, position: condition.variable.position, step: step))
    }

    /// Adds the edge of `transition` (and of its `exhausted` transition) and returns its index.
    @discardableResult
    mutating func addEdge(
        from step: Int, label: ProgramEdge.Label, _ transition: Transition, assigns: Set<String>,
        waitsForUser: Bool = false
    ) -> Int {
        let index = edges.count
        var destination: Int?
        var broken = false
        let target: ProgramEdge.Target
        switch transition.target {
        case .step(let name):
            if let found = stepIndex[name.value] {
                destination = found
                target = .step(found)
            } else {
                reportUndefinedStep(name)
                broken = true
                target = .step(step)
            }
        case .end(let end):
            target = .end(end)
        }
        edges.append(
            ProgramEdge(
                from: step, label: label, target: target, message: transition.message,
                attempts: transition.attempts?.value, exhausted: nil, position: transition.position))
        edges[index].untested = transition.untested?.value
        edgeDestination.append(destination)
        edgeIsBroken.append(broken)
        edgeAssigns.append(assigns)
        edgeWaitsForUser.append(waitsForUser)
        recordReads(of: transition.message, step: step, edge: index)
        if case .end(let end) = transition.target { recordReads(of: end.output, step: step, edge: index) }
        if transition.attempts != nil, let exhausted = transition.exhausted {
            edges[index].exhausted = addEdge(
                from: step, label: .exhausted(of: index), exhausted, assigns: assigns, waitsForUser: waitsForUser)
        }
        return index
    }
}
