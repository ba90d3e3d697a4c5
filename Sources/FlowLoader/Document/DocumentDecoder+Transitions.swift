import FlowModel

/// Transitions: a step name, or a map with exactly one of `goto`, `end` and `fail`.
extension DocumentDecoder {
    static let transitionKinds = ["goto", "end", "fail"]
    static let transitionKeys = transitionKinds + ["message", "reason", "output", "attempts", "exhausted", "untested"]
    /// How deeply `exhausted` transitions may nest (each level costs decoder stack).
    static let maxExhaustedNesting = 16

    /// Decodes a transition; `what` names it in messages (e.g. "`next`", "outcome `expired`").
    mutating func transition(_ node: TreeNode, what: @autoclosure () -> String) -> Transition? {
        switch node.value {
        case .string:
            guard let step = name(node, what: "step name") else { return nil }
            return Transition(position: node.position, target: .step(step))
        case .mapping(let entries):
            return transitionMap(Fields(entries: entries, position: node.position), what: what())
        default:
            report(
                .wrongType, "\(what()) must be a step name or a transition map, found \(node.kindDescription)",
                at: node.position)
            return nil
        }
    }

    private mutating func transitionMap(_ fields: Fields, what: @autoclosure () -> String) -> Transition? {
        func context() -> String { "the transition of \(what())" }
        checkKeys(fields, allowed: Self.transitionKeys, in: context())
        guard
            let kind = exactlyOne(
                of: Self.transitionKinds, in: fields, missing: "\(context()) needs one of `goto`, `end` or `fail`",
                at: fields.position,
                conflict: {
                    "\(context()) has both `\($0)` and `\($1)`; a "
                        + "transition has exactly one of `goto`, `end` and `fail`"
                })?.entry
        else {
            checkAttempts(fields, context: context())
            return nil
        }
        let message = fields["message"].flatMap { template($0) }
        let target = transitionTarget(kind, fields: fields, context: context())
        let (attempts, exhausted, attemptsValid) = checkAttempts(fields, context: context())
        let untested = fields["untested"].flatMap { untestedReason($0) }
        guard let target, attemptsValid else { return nil }
        var transition = Transition(
            position: fields.position, target: target, message: message, attempts: attempts, exhausted: exhausted)
        transition.untested = untested
        return transition
    }

    /// `untested:` gives, in words, why no scenario is expected to take the transition.
    private mutating func untestedReason(_ entry: TreeEntry) -> Located<String>? {
        guard let reason = string(entry) else { return nil }
        guard reason.value.contains(where: { !$0.isWhitespace }) else {
            report(
                .invalidValue, "`untested` must say why no scenario takes this transition, found an empty text",
                at: reason.position, hint: "e.g. `untested: no password is sent, so this cannot happen`")
            return nil
        }
        return reason
    }

    private mutating func transitionTarget(_ kind: TreeEntry, fields: Fields, context: @autoclosure () -> String)
        -> Transition.Target?
    {
        let reasonEntry = fields["reason"]
        let outputEntry = fields["output"]
        switch kind.key {
        case "goto":
            for entry in [reasonEntry, outputEntry].compactMap({ $0 }) {
                report(
                    .conflictingKeys,
                    "`\(entry.key)` goes only with an inline end (`end` or `fail`), not with `goto`",
                    at: entry.keyPosition)
            }
            return name(kind, what: "step name").map { .step($0) }
        case "end":
            return endSpec(kind, reason: reasonEntry, output: outputEntry).map { .end($0) }
        default:
            if let reasonEntry {
                report(
                    .conflictingKeys, "`reason` conflicts with `fail`, which already gives the reason",
                    at: reasonEntry.keyPosition)
            }
            return failSpec(kind, output: outputEntry).map { .end($0) }
        }
    }

    /// `attempts` (an integer ≥ 1) and `exhausted` (a transition) go together.
    @discardableResult
    private mutating func checkAttempts(_ fields: Fields, context: @autoclosure () -> String) -> (
        Located<Int>?, Transition?, Bool
    ) {
        // Most transitions have neither key.
        guard fields.entries.contains(where: { $0.key == "attempts" || $0.key == "exhausted" }) else {
            return (nil, nil, true)
        }
        let attemptsEntry = fields["attempts"]
        let exhaustedEntry = fields["exhausted"]
        var valid = true
        var attempts: Located<Int>?
        if let attemptsEntry {
            attempts = integer(attemptsEntry)
            if let value = attempts, value.value < 1 {
                report(.invalidValue, "`attempts` must be at least 1, found \(value.value)", at: value.position)
                attempts = nil
            }
            if attempts == nil { valid = false }
        }
        var exhausted: Transition?
        if let exhaustedEntry {
            if exhaustedNesting >= Self.maxExhaustedNesting {
                report(
                    .invalidValue, "`exhausted` transitions nest more than \(Self.maxExhaustedNesting) deep",
                    at: exhaustedEntry.keyPosition)
                return (attempts, nil, false)
            }
            exhaustedNesting += 1
            exhausted = transition(exhaustedEntry.value, what: "`exhausted`")
            exhaustedNesting -= 1
            if exhausted == nil { valid = false }
        }
        switch (attemptsEntry, exhaustedEntry) {
        case (let entry?, nil):
            report(
                .conflictingKeys,
                "`attempts` needs `exhausted`: where to go once the attempts are used up (\(context()))",
                at: entry.keyPosition, hint: "add `exhausted:`, e.g. `exhausted: { fail: too_many_attempts }`")
            valid = false
        case (nil, let entry?):
            report(
                .conflictingKeys, "`exhausted` needs `attempts`: how many times the transition may be taken",
                at: entry.keyPosition, hint: "add `attempts: N` (the transition is taken N times, then `exhausted`)")
            valid = false
        default:
            break
        }
        return (attempts, exhausted, valid)
    }
}
