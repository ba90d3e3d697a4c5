import FlowModel

/// Loops a user can go round forever because no transition of the loop has an attempt limit: asking a
/// password or code again (FR122), or sending a new code (FR123).
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
        for edge in unlimited {
            guard let destination = edgeDestination[edge], component[edges[edge].from] == component[destination]
            else { continue }
            if case .ask(let inputs, _, _, _) = steps[destination].kind,
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
                report(
                    .resendWithoutLimit,
                    "the `resend` choice of `\(steps[edges[edge].from].name.value)` is on a loop with no "
                        + "`attempts:` limit",
                    at: edges[edge].position)
            }
        }
        for index in analysis.reachable.sorted() where isResendAction(index) {
            guard successors[index].contains(where: { component[$0] == component[index] }),
                case .action(let action) = document.steps[index].kind
            else { continue }
            report(
                .resendWithoutLimit,
                "step `\(steps[index].name.value)` sends a new code on a loop with no `attempts:` limit, so a user "
                    + "can ask for codes forever",
                at: action.action.position)
        }
    }

    /// Whether the step calls an action that sends a code again (`signIn.resendCode` and the like).
    private func isResendAction(_ index: Int) -> Bool {
        guard case .action(let name, _, _) = steps[index].kind else { return false }
        return name.split(separator: ".").last?.hasPrefix("resend") == true
    }
}
