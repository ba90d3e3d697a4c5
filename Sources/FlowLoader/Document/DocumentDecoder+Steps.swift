import FlowModel

/// `steps:` and the seven step kinds.
extension DocumentDecoder {
    static let stepKinds = ["ask", "action", "choose", "set", "use", "end", "fail"]
    static let commonStepKeys = ["message", "description", "allow"]
    static let stepKeys: [String: [String]] = [
        "ask": ["ask", "hint", "choices", "next"],
        "action": ["action", "with", "on"],
        "choose": ["choose", "otherwise"],
        "set": ["set", "next"],
        "use": ["use", "with", "on"],
        "end": ["end", "reason", "output"],
        "fail": ["fail", "output"],
    ]
    static let allStepKeys = Array(Set(stepKeys.values.joined())).sorted() + commonStepKeys
    /// For each kind: the keys its steps may have (the kind's own, then the common ones), and the keys only
    /// other kinds have.
    static let keysByKind: [String: (allowed: [String], others: [String])] = stepKeys.mapValues { keys in
        let allowed = keys + commonStepKeys
        return (allowed, allStepKeys.filter { !allowed.contains($0) && !stepKinds.contains($0) })
    }

    mutating func steps(_ entry: TreeEntry) -> [StepDeclaration] {
        guard let map = mapping(entry.value, what: "`steps`") else { return [] }
        if map.entries.isEmpty {
            report(.invalidValue, "`steps` must declare at least one step", at: entry.value.position)
        }
        var steps: [StepDeclaration] = []
        let entries = reindented(map.entries)
        for (index, item) in entries.enumerated() {
            if index == limits.maxSteps {
                report(
                    .tooManySteps,
                    "the flow declares \(entries.count) steps; the limit is \(limits.maxSteps)",
                    at: item.keyPosition)
                break
            }
            checkName(item.key, what: "step name", at: item.keyPosition)
            if let step = step(item) { steps.append(step) }
        }
        return steps
    }

    /// The entries of `steps` as their indentation meant them, with an FR009 that says so for each one moved: a
    /// key of a step written one level too little indented (at the steps' level, under the step it belongs to)
    /// goes back into that step; a step written one level too deep (inside the step above it) goes back among
    /// the steps.
    private mutating func reindented(_ entries: [TreeEntry]) -> [TreeEntry] {
        var result: [TreeEntry] = []
        for entry in entries {
            if let last = result.last, case .mapping(let fields) = last.value.value, !Self.isStep(entry.value),
                let kind = fields.first(where: { Self.stepKinds.contains($0.key) })?.key,
                Self.keysByKind[kind]?.allowed.contains(entry.key) == true,
                !fields.contains(where: { $0.key == entry.key })
            {
                report(
                    .unknownKey,
                    "`\(entry.key)` is indented as a step, but it is a key of step `\(last.key)` above it: indent "
                        + "it one level deeper, as deep as `\(kind)`", at: entry.keyPosition,
                    hint: Self.indentationHint)
                result[result.count - 1].value.value = .mapping(fields + [entry])
                continue
            }
            guard case .mapping(let fields) = entry.value.value,
                fields.contains(where: { Self.stepKinds.contains($0.key) })
            else {
                result.append(entry)
                continue
            }
            let nested = fields.filter { !Self.allStepKeys.contains($0.key) && Self.isStep($0.value) }
            for step in nested {
                report(
                    .unknownKey,
                    "`\(step.key)` is indented inside step `\(entry.key)`, but it is a step itself: indent it one "
                        + "level less, as deep as `\(entry.key)`", at: step.keyPosition, hint: Self.indentationHint)
            }
            var kept = entry
            kept.value.value = .mapping(fields.filter { field in !nested.contains { $0.key == field.key } })
            result.append(kept)
            result += nested
        }
        return result
    }

    /// The hint of a key at the wrong level: YAML nests by indentation alone.
    static let indentationHint = "YAML nests by indentation: a key belongs to the key above it that is indented less"

    /// Whether `node` is written as a step: a map with one of the step kinds.
    static func isStep(_ node: TreeNode) -> Bool {
        guard case .mapping(let fields) = node.value else { return false }
        return fields.contains { stepKinds.contains($0.key) }
    }

    private mutating func step(_ item: TreeEntry) -> StepDeclaration? {
        func context() -> String { "step `\(item.key)`" }
        guard let fields = mapping(item.value, what: context()) else { return nil }
        // Without a kind, keys are checked against every step kind's; with one, against that kind's (below).
        if !fields.entries.contains(where: { Self.stepKinds.contains($0.key) }) {
            checkKeys(fields, allowed: Self.allStepKeys, in: context())
        }
        guard
            let kindEntry = exactlyOne(
                of: Self.stepKinds, in: fields,
                missing: "\(context()) has no kind: give it one of "
                    + Self.stepKinds.map { "`\($0)`" }.joined(separator: ", "),
                at: item.keyPosition,
                conflict: { "\(context()) has both `\($0)` and `\($1)`; a step has exactly one kind" })?.entry
        else { return nil }
        let keys = Self.keysByKind[kindEntry.key] ?? (Self.commonStepKeys, [])
        checkKeys(
            fields, allowed: keys.allowed, in: "\(context()) (`\(kindEntry.key)`)", elsewhere: keys.others,
            ignoring: Self.stepKinds)
        let message = fields["message"].flatMap { template($0) }
        if let description = fields["description"] { _ = string(description) }

        let kind: StepKind?
        switch kindEntry.key {
        case "ask": kind = askStep(fields, context: context(), at: item.keyPosition)
        case "action": kind = actionStep(fields, context: context(), at: item.keyPosition)
        case "choose": kind = chooseStep(fields, context: context(), at: item.keyPosition)
        case "set": kind = setStep(fields, context: context(), at: item.keyPosition)
        case "use": kind = useStep(fields, context: context(), at: item.keyPosition)
        case "end": kind = endSpec(kindEntry, reason: fields["reason"], output: fields["output"]).map { .end($0) }
        default: kind = failSpec(kindEntry, output: fields["output"]).map { .end($0) }
        }
        let allow = fields["allow"].map { acknowledgements($0) } ?? []
        guard let kind else { return nil }
        return StepDeclaration(
            name: Located(item.key, at: item.keyPosition), message: message, kind: kind, allow: allow)
    }

    private mutating func askStep(_ fields: Fields, context: @autoclosure () -> String, at position: SourcePosition)
        -> StepKind?
    {
        let inputs = fields["ask"].flatMap { askedInputs($0) }
        let hint = fields["hint"].flatMap { template($0) }
        var choices: [Choice] = []
        if let entry = fields["choices"], let map = mapping(entry.value, what: "`choices`") {
            if map.entries.isEmpty {
                report(.invalidValue, "`choices` must name at least one choice", at: entry.value.position)
            }
            for choice in map.entries {
                checkName(choice.key, what: "choice name", at: choice.keyPosition)
                if let transition = transition(choice.value, what: "choice `\(choice.key)`") {
                    choices.append(Choice(name: Located(choice.key, at: choice.keyPosition), transition: transition))
                }
            }
        }
        let next = required(fields, "next", in: context(), at: position).flatMap {
            transition($0.value, what: "`next`")
        }
        guard let inputs, let next else { return nil }
        return .ask(AskStep(inputs: inputs, hint: hint, choices: choices, next: next))
    }

    /// `ask: name` or `ask: [name, …]`.
    private mutating func askedInputs(_ entry: TreeEntry) -> [Located<String>]? {
        let nodes: [TreeNode]
        switch entry.value.value {
        case .string: nodes = [entry.value]
        case .sequence(let items):
            nodes = items
            if items.isEmpty {
                report(.invalidValue, "`ask` must name at least one input", at: entry.value.position)
                return nil
            }
        default:
            report(
                .wrongType,
                "`ask` must be an input name or a list of input names, found \(entry.value.kindDescription)",
                at: entry.value.position)
            return nil
        }
        var names: [Located<String>] = []
        for node in nodes {
            guard let name = name(node, what: "input name") else { continue }
            if names.contains(where: { $0.value == name.value }) {
                report(.invalidValue, "`ask` names the input `\(name.value)` twice", at: name.position)
                continue
            }
            names.append(name)
        }
        return names
    }

    private mutating func actionStep(_ fields: Fields, context: @autoclosure () -> String, at position: SourcePosition)
        -> StepKind?
    {
        var action: Located<String>?
        if let entry = fields["action"], let text = string(entry) {
            if Identifier.isActionName(text.value) {
                action = text
            } else {
                report(
                    .invalidValue,
                    "`\(text.value)` is not a valid action name: words of letters, digits and `_` joined by `.`, "
                        + "e.g. `signUp.start`",
                    at: text.position)
            }
        }
        let arguments = fields["with"].map { valueMap($0) } ?? []
        let outcomes = required(fields, "on", in: context(), at: position).flatMap { outcomeMap($0) }
        guard let action, let outcomes else { return nil }
        return .action(ActionStep(action: action, arguments: arguments, outcomes: outcomes))
    }

    /// `on:` — outcome (or sub-flow end) name → transition, and `otherwise`.
    private mutating func outcomeMap(_ entry: TreeEntry) -> OutcomeMap? {
        guard let map = mapping(entry.value, what: "`on`") else { return nil }
        if map.entries.isEmpty {
            report(
                .invalidValue, "`on` must handle at least one outcome, or have `otherwise`", at: entry.value.position)
        }
        var handlers: [OutcomeHandler] = []
        var otherwise: Transition?
        for item in map.entries {
            if item.key == "otherwise" {
                otherwise = transition(item.value, what: "`otherwise`")
                continue
            }
            checkName(item.key, what: "outcome name", at: item.keyPosition)
            if let transition = transition(item.value, what: "outcome `\(item.key)`") {
                handlers.append(
                    OutcomeHandler(outcome: Located(item.key, at: item.keyPosition), transition: transition))
            }
        }
        return OutcomeMap(position: entry.keyPosition, handlers: handlers, otherwise: otherwise)
    }

    private mutating func setStep(_ fields: Fields, context: @autoclosure () -> String, at position: SourcePosition)
        -> StepKind?
    {
        var assignments: [NamedValue]?
        if let entry = fields["set"] {
            assignments = valueMap(entry)
            if case .mapping(let entries) = entry.value.value, entries.isEmpty {
                report(.invalidValue, "`set` must assign at least one variable", at: entry.value.position)
            }
        }
        let next = required(fields, "next", in: context(), at: position).flatMap {
            transition($0.value, what: "`next`")
        }
        guard let assignments, let next else { return nil }
        return .set(SetStep(assignments: assignments, next: next))
    }

    private mutating func useStep(_ fields: Fields, context: @autoclosure () -> String, at position: SourcePosition)
        -> StepKind?
    {
        let target = fields["use"].flatMap { subflowPath($0) }
        let arguments = fields["with"].map { valueMap($0) } ?? []
        let ends = required(fields, "on", in: context(), at: position).flatMap { outcomeMap($0) }
        guard let target, let ends else { return nil }
        return .use(UseStep(path: target.path, resolvedFile: target.resolved, arguments: arguments, ends: ends))
    }

    /// A `use` path: relative, a flow file extension, inside the root folder once `..` is resolved.
    private mutating func subflowPath(_ entry: TreeEntry) -> (path: Located<String>, resolved: String)? {
        guard let path = string(entry) else { return nil }
        switch SubflowPath.resolve(path.value, from: file, root: rootDirectory) {
        case .success(let resolved):
            return (path, resolved)
        case .failure(let failure):
            report(failure.code, failure.message, at: path.position)
            return nil
        }
    }

    /// `end: KIND` with its `reason` (only with `end: failure`) and `output`, in a step or a transition.
    mutating func endSpec(_ entry: TreeEntry, reason reasonEntry: TreeEntry?, output outputEntry: TreeEntry?)
        -> EndSpec?
    {
        guard let kind = endKind(entry) else { return nil }
        var reason: Located<String>?
        if let reasonEntry {
            if kind.value == .failure {
                reason = name(reasonEntry, what: "reason")
            } else {
                report(
                    .conflictingKeys, "`reason` goes only with `end: failure`, not `end: \(kind.value.name)`",
                    at: reasonEntry.keyPosition)
            }
        }
        let output = outputEntry.map { valueMap($0) } ?? []
        return EndSpec(kind: kind, reason: reason, output: output)
    }

    /// `fail: REASON`, shorthand for `end: failure` with that reason, and its `output`, in a step or a transition.
    mutating func failSpec(_ entry: TreeEntry, output outputEntry: TreeEntry?) -> EndSpec? {
        guard let reason = name(entry, what: "reason") else { return nil }
        let output = outputEntry.map { valueMap($0) } ?? []
        return EndSpec(kind: Located(.failure, at: reason.position), reason: reason, output: output)
    }

    /// `success`, `failure` or a named end.
    mutating func endKind(_ entry: TreeEntry) -> Located<EndKind>? {
        guard let text = string(entry) else { return nil }
        guard Identifier.isName(text.value) else {
            report(
                .invalidValue,
                "`end` must be `success`, `failure` or an end name "
                    + "(letters, digits, `_` and `-`), found `\(text.value)`",
                at: text.position)
            return nil
        }
        return Located(EndKind(name: text.value), at: text.position)
    }
}
