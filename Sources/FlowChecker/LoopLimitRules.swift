import FlowModel

/// Loops a user can go round forever because no transition of the loop has an attempt limit: asking a
/// password or code again (FR122), or sending a new code (FR123). A resend on a loop that asks a secret again is
/// one finding, FR122 at the resend, so that one loop gets one fix.
extension DocumentChecker {
    mutating func reportLoopsWithoutLimit(_ analysis: GraphAnalysis) {
        var successors = [[Int]](repeating: [], count: steps.count)
        var unlimited: [Int] = []
        // A loop with no way out at all is FR103's; these rules would only echo it.
        for edge in analysis.reachableEdges
        where edges[edge].attempts == nil && analysis.canEnd.contains(edges[edge].from) {
            guard let destination = edgeDestination[edge] else { continue }
            successors[edges[edge].from].append(destination)
            unlimited.append(edge)
        }
        // Two steps share a component exactly when each reaches the other without a limited transition.
        var component = [Int](repeating: -1, count: steps.count)
        for (number, members) in StronglyConnectedComponents(successors: successors).components.enumerated() {
            for member in members { component[member] = number }
        }
        let secretInputs = Set(document.inputs.filter(\.secret).map(\.name.value))
        // Per loop, a step of it that asks a secret input, and that input.
        var secretAsks: [Int: (step: Int, input: String)] = [:]
        for (index, step) in steps.enumerated() where component[index] >= 0 {
            if case .ask(let inputs, _, _, _) = step.kind, let secret = inputs.first(where: secretInputs.contains) {
                secretAsks[component[index]] = secretAsks[component[index]] ?? (index, secret)
            }
        }
        for edge in unlimited {
            guard let destination = edgeDestination[edge], component[edges[edge].from] == component[destination]
            else { continue }
            let isResend = isResendAction(edges[edge].from) || edges[edge].label == .choice("resend")
            if !isResend, case .ask(let inputs, _, _, _) = steps[destination].kind,
                let secret = inputs.first(where: secretInputs.contains)
            {
                report(
                    .secretLoopWithoutLimit,
                    "step `\(steps[destination].name.value)` asks the secret input `\(secret)`, and this transition "
                        + "leads back to it on a loop with no `attempts:` limit",
                    at: edges[edge].position)
            }
            // A `resend` choice that leads to a resend action is reported once, at the action.
            if case .choice("resend") = edges[edge].label, !isResendAction(destination) {
                reportResend(
                    "the `resend` choice of `\(steps[edges[edge].from].name.value)` is on a loop with no "
                        + "`attempts:` limit",
                    asking: secretAsks[component[destination]], at: edges[edge].position)
            }
        }
        for index in analysis.reachable.sorted() where isResendAction(index) {
            guard successors[index].contains(where: { component[$0] == component[index] }),
                case .action(let action) = document.steps[index].kind
            else { continue }
            reportResend(
                "step `\(steps[index].name.value)` sends a new code on a loop with no `attempts:` limit, so a user "
                    + "can ask for codes forever",
                asking: secretAsks[component[index]], at: action.action.position)
        }
    }

    /// FR123 for a resend on an unlimited loop; FR122 when the loop asks a secret again (an `attempts:` limit on
    /// the resend ends both).
    private mutating func reportResend(
        _ message: String, asking secretAsk: (step: Int, input: String)?, at position: SourcePosition
    ) {
        guard let secretAsk else {
            report(.resendWithoutLimit, message, at: position)
            return
        }
        report(
            .secretLoopWithoutLimit,
            message + ", and step `\(steps[secretAsk.step].name.value)` on it asks the secret input "
                + "`\(secretAsk.input)` again; an `attempts:` limit on the resend ends the loop",
            at: position,
            hint: "add `attempts:` with `exhausted:` to the resend: `resend: { goto: STEP, attempts: 3, exhausted: "
                + "{ fail: too_many_resends } }`")
    }

    /// Whether the step calls an action that sends a code again (`signIn.resendCode` and the like).
    private func isResendAction(_ index: Int) -> Bool {
        guard case .action(let name, _, _) = steps[index].kind else { return false }
        return name.split(separator: ".").last?.hasPrefix("resend") == true
    }
}
