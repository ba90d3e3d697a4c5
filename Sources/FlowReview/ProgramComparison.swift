import FlowModel

/// Compares two checked versions of one flow step by step (matched by name) and edge by edge (matched by step
/// and label: `next`, a choice, an outcome, a branch, `otherwise`, or the `exhausted` edge of one of those).
struct ProgramComparison {
    let old: Program
    let new: Program

    func changes() -> [FlowChange] {
        var changes: [FlowChange] = []
        let oldStart = old.steps.indices.contains(old.start) ? old.steps[old.start].name.value : ""
        let newStart = new.steps.indices.contains(new.start) ? new.steps[new.start].name.value : ""
        if oldStart != newStart {
            changes.append(FlowChange(.startChanged, step: newStart, "runs start at `\(newStart)` (was `\(oldStart)`)"))
        }
        for step in new.steps {
            guard let before = old.step(named: step.name.value) else {
                let isAsk = step.keyword == "ask"
                changes.append(
                    FlowChange(isAsk ? .askAdded : .stepAdded, step: step.name.value, describe(step) + " is new"))
                continue
            }
            changes += compare(before, step)
        }
        for step in old.steps where new.step(named: step.name.value) == nil {
            let isAsk = step.keyword == "ask"
            changes.append(
                FlowChange(
                    isAsk ? .askRemoved : .stepRemoved, step: step.name.value,
                    describe(step) + (isAsk ? " is gone: sessions waiting in it cannot resume" : " is gone"),
                    strandsSessions: isAsk))
        }
        changes += compareEdges()
        changes += compareInputs()
        changes += EndComparison(old: old, new: new).changes()
        return changes
    }

    /// A step in words: the ask for `email`, the call of `signIn.start`…
    private func describe(_ step: ProgramStep) -> String {
        switch step.kind {
        case .ask(let inputs, _, _, _): return "the ask for \(Describe.names(inputs))"
        case .action(let name, _, _): return "the call of `\(name)`"
        case .choose: return "a choice"
        case .set: return "a `set` step"
        case .use(let file, _, _): return "the use of `\(FlowPath.relative(file, toFolderOf: new.file))`"
        case .end(let spec): return "the end `\(Describe.end(spec))`"
        }
    }

    private func compare(_ before: ProgramStep, _ after: ProgramStep) -> [FlowChange] {
        let name = after.name.value
        var changes: [FlowChange] = []
        if before.message?.source != after.message?.source {
            changes.append(messageChange(step: name, "message", before.message, after.message))
        }
        switch (before.kind, after.kind) {
        case (.ask(let inputsBefore, let hintBefore, let choicesBefore, _), .ask(let inputs, let hint, let choices, _)):
            if let change = compareAsk(name, inputsBefore, inputs) { changes.append(change) }
            if hintBefore?.source != hint?.source {
                changes.append(messageChange(step: name, "hint", hintBefore, hint))
            }
            for choice in choices.keys.sorted() where choicesBefore[choice] == nil {
                changes.append(
                    FlowChange(
                        .choiceAdded, step: name,
                        "the user may now choose `\(choice)` → \(target(new, choices[choice]))"))
            }
            for choice in choicesBefore.keys.sorted() where choices[choice] == nil {
                changes.append(FlowChange(.choiceRemoved, step: name, "the user can no longer choose `\(choice)`"))
            }
        case (.action(let actionBefore, _, let outcomesBefore), .action(let action, _, let outcomes)):
            guard actionBefore == action else {
                changes.append(FlowChange(.stepChanged, step: name, "calls `\(action)` (was `\(actionBefore)`)"))
                break
            }
            changes += compareRouting(name, "outcome", outcomesBefore, outcomes)
        case (.use(let fileBefore, _, let endsBefore), .use(let file, _, let ends)):
            if FlowPath.relative(fileBefore, toFolderOf: old.file) != FlowPath.relative(file, toFolderOf: new.file) {
                changes.append(FlowChange(.stepChanged, step: name, "uses `\(file)` (was `\(fileBefore)`)"))
            }
            changes += compareRouting(name, "sub-flow end", endsBefore, ends)
        case (.choose(let branchesBefore, _), .choose(let branches, _)):
            let conditionsBefore = branchesBefore.map { Describe.condition($0.condition) }
            let conditions = branches.map { Describe.condition($0.condition) }
            if conditionsBefore != conditions {
                changes.append(
                    FlowChange(
                        .stepChanged, step: name,
                        "tests \(Describe.list(conditions)) (was \(Describe.list(conditionsBefore)))"))
            }
        case (.end(let specBefore), .end(let spec)):
            if Describe.end(specBefore) != Describe.end(spec)
                || specBefore.output.map(\.name.value) != spec.output.map(\.name.value)
            {
                changes.append(
                    FlowChange(
                        .endChanged, step: name,
                        "\(Describe.end(spec))\(Describe.outputs(spec)) (was "
                            + "\(Describe.end(specBefore))\(Describe.outputs(specBefore)))"))
            }
        case (.set, .set):
            break
        default:
            let wasAsk = before.keyword == "ask"
            changes.append(
                FlowChange(
                    wasAsk ? .askRemoved : .stepChanged, step: name,
                    "is now \(describe(after)) (was \(describe(before)))"
                        + (wasAsk ? ": sessions waiting in this ask cannot resume" : ""),
                    strandsSessions: wasAsk))
        }
        return changes
    }

    /// A change of what an ask collects: other inputs, or an input of another type or with other fields.
    private func compareAsk(_ name: String, _ before: [String], _ after: [String]) -> FlowChange? {
        let added = after.filter { !before.contains($0) }
        let removed = before.filter { !after.contains($0) }
        var changed: [String] = []
        for input in after where before.contains(input) {
            guard let declared = new.input(named: input), let declaredBefore = old.input(named: input) else { continue }
            if declared.type != declaredBefore.type || Self.form(declared) != Self.form(declaredBefore) {
                changed.append(input)
            }
        }
        guard !added.isEmpty || !removed.isEmpty || !changed.isEmpty else { return nil }
        var parts: [String] = []
        if !added.isEmpty { parts.append("now asks \(Describe.names(added))") }
        if !removed.isEmpty { parts.append("no longer asks \(Describe.names(removed))") }
        if !changed.isEmpty { parts.append("\(Describe.names(changed)) changed type or fields") }
        return FlowChange(
            .askInputsChanged, step: name,
            parts.joined(separator: "; ") + ": sessions waiting in this ask cannot resume", strandsSessions: true)
    }

    /// What an answer to an `attributes` input must hold: its fields and whether each is required, or the
    /// variable that describes them; labels and patterns are not part of it.
    private static func form(_ input: InputDeclaration) -> [String] {
        switch input.attributes {
        case .fields(let fields): return fields.map { "\($0.name.value)\($0.required ? "!" : "?")" }
        case .variable(let name): return ["from " + name.value]
        case nil: return []
        }
    }

    /// Outcomes (or sub-flow ends) that moved between an entry of their own and `otherwise`.
    private func compareRouting(
        _ name: String, _ noun: String, _ before: [String: Program.EdgeIndex], _ after: [String: Program.EdgeIndex]
    ) -> [FlowChange] {
        var changes: [FlowChange] = []
        for outcome in after.keys.sorted() {
            guard let edgeBefore = before[outcome], let edge = after[outcome] else { continue }
            let handledBefore = old.edges[edgeBefore].label != .otherwise
            let handled = new.edges[edge].label != .otherwise
            if handledBefore && !handled {
                changes.append(
                    FlowChange(
                        .outcomeNoLongerHandled, step: name,
                        "\(noun) `\(outcome)` now falls to `otherwise` → \(target(new, edge)) "
                            + "(was → \(target(old, edgeBefore)))"))
            } else if !handledBefore && handled {
                changes.append(
                    FlowChange(
                        .outcomeNowHandled, step: name,
                        "\(noun) `\(outcome)` is now handled → \(target(new, edge)) "
                            + "(was `otherwise` → \(target(old, edgeBefore)))"))
            }
        }
        return changes
    }

    /// Edges in both versions whose destination, attempt limit or message changed.
    private func compareEdges() -> [FlowChange] {
        let before = EdgeKeys(old)
        let after = EdgeKeys(new)
        var changes: [FlowChange] = []
        for (key, edge) in after.ordered {
            guard let edgeBefore = before.index[key] else { continue }
            let oldEdge = old.edges[edgeBefore]
            let newEdge = new.edges[edge]
            let step = new.steps[newEdge.from].name.value
            if target(old, edgeBefore) != target(new, edge) {
                changes.append(
                    FlowChange(
                        .routeChanged, step: step,
                        "`\(key.label)` → \(target(new, edge)) (was → \(target(old, edgeBefore)))"))
            }
            if oldEdge.attempts != newEdge.attempts {
                changes.append(
                    FlowChange(
                        .attemptsChanged, step: step,
                        "`\(key.label)`: \(Describe.attempts(newEdge.attempts, was: oldEdge.attempts))"))
            }
            if oldEdge.message?.source != newEdge.message?.source {
                changes.append(messageChange(step: step, "`\(key.label)` message", oldEdge.message, newEdge.message))
            }
        }
        return changes
    }

    /// Labels and hints of inputs both versions declare.
    private func compareInputs() -> [FlowChange] {
        var changes: [FlowChange] = []
        for input in new.inputs {
            guard let before = old.input(named: input.name.value) else { continue }
            if before.label?.source != input.label?.source {
                changes.append(messageChange(step: nil, "input `\(input.name.value)` label", before.label, input.label))
            }
            if before.hint?.source != input.hint?.source {
                changes.append(messageChange(step: nil, "input `\(input.name.value)` hint", before.hint, input.hint))
            }
        }
        return changes
    }

    private func messageChange(step: String?, _ what: String, _ before: Template?, _ after: Template?) -> FlowChange {
        FlowChange(.messageChanged, step: step, "\(what): \(Describe.text(after)) (was \(Describe.text(before)))")
    }

    private func target(_ program: Program, _ edge: Program.EdgeIndex?) -> String {
        guard let edge, program.edges.indices.contains(edge) else { return "nothing" }
        return Describe.target(program.edges[edge].target, in: program)
    }
}

/// A program's edges by step name and label, in the program's order.
struct EdgeKeys {
    struct Key: Hashable {
        var step: String
        var label: String
    }

    private(set) var index: [Key: Program.EdgeIndex] = [:]
    private(set) var ordered: [(Key, Program.EdgeIndex)] = []

    init(_ program: Program) {
        for edge in program.edges.indices where program.steps.indices.contains(program.edges[edge].from) {
            let key = Key(step: program.steps[program.edges[edge].from].name.value, label: Self.label(edge, program))
            if index[key] == nil {
                index[key] = edge
                ordered.append((key, edge))
            }
        }
    }

    /// `next`, `choice resend`, an outcome name, `if #1`, `otherwise`, or `LABEL exhausted`.
    static func label(_ edge: Program.EdgeIndex, _ program: Program, depth: Int = 0) -> String {
        if case .exhausted(let parent) = program.edges[edge].label, program.edges.indices.contains(parent), depth < 8 {
            return label(parent, program, depth: depth + 1) + " exhausted"
        }
        return program.edges[edge].label.description
    }
}
