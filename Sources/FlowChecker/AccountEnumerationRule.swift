import FlowModel

/// FR126: a flow that tells "no such user" apart from "wrong password" tells anyone which email addresses
/// have an account — by its words, or by what it asks next (another step, other fields). Only where the
/// authority treated the two alike: one action step whose call can answer either. Where they come from different
/// steps (an email-first sign-in: `userNotFound` from the step that sends the email alone, `invalidCredentials`
/// from the later password step), the authority has already told them apart by its first answer, and the flow
/// reveals nothing more.
extension DocumentChecker {
    mutating func reportAccountEnumeration() {
        for index in document.steps.indices {
            reportAccountEnumeration(at: index)
        }
    }

    private mutating func reportAccountEnumeration(at index: Int) {
        var notFoundEdges: [Int] = []
        var wrongPasswordEdges: [Int] = []
        do {
            // Only outcomes the flow names: `otherwise` gathers outcomes its author expects never to happen.
            guard case .action(let action) = document.steps[index].kind, steps.indices.contains(index),
                case .action(_, _, let routes) = steps[index].kind
            else {
                return
            }
            for handler in action.outcomes.handlers {
                let name = handler.outcome.value
                guard name == "userNotFound" || name == "invalidCredentials", let edge = routes[name] else { continue }
                switch name {
                case "userNotFound": notFoundEdges.append(edge)
                case "invalidCredentials": wrongPasswordEdges.append(edge)
                default: break
                }
            }
        }
        // What the user sees matters only when the flow handles both outcomes.
        guard !notFoundEdges.isEmpty, !wrongPasswordEdges.isEmpty else { return }
        let notFound = notFoundEdges.map { (edge: $0, text: userView(of: $0)) }
        let wrongPassword = wrongPasswordEdges.map { (edge: $0, text: userView(of: $0)) }
        let notFoundTexts = Set(notFound.map(\.text))
        let wrongPasswordTexts = Set(wrongPassword.map(\.text))
        guard let someNotFound = notFound.first, let someWrongPassword = wrongPassword.first,
            notFoundTexts != wrongPasswordTexts
        else { return }
        let odd = notFound.filter { !wrongPasswordTexts.contains($0.text) }
        if odd.isEmpty {
            for handler in wrongPassword where !notFoundTexts.contains(handler.text) {
                reportDistinct(handler, of: "invalidCredentials", versus: ("userNotFound", someNotFound.text))
            }
        } else {
            for handler in odd {
                reportDistinct(handler, of: "userNotFound", versus: ("invalidCredentials", someWrongPassword.text))
            }
        }
    }

    private mutating func reportDistinct(
        _ handler: (edge: Int, text: String), of outcome: String, versus other: (outcome: String, text: String)
    ) {
        report(
            .accountEnumeration,
            "`\(outcome)` \(handler.text) but `\(other.outcome)` \(other.text): the difference tells anyone which "
                + "email addresses have an account",
            at: edges[handler.edge].position)
    }

    /// What the user sees when the edge is taken: the text they are told, then the step that asks next with its
    /// fields (or the end), e.g. `shows “Wrong password.” and asks for password at \`retry_password\``.
    private func userView(of edge: Int) -> String {
        let text = userText(of: edge)
        let shown = text.isEmpty ? "shows nothing" : "shows “\(text)”"
        switch edges[edge].target {
        case .step(let next):
            guard document.steps.indices.contains(next) else { return shown }
            let step = document.steps[next]
            if case .ask(let ask) = step.kind {
                let fields = ask.inputs.map(\.value).joined(separator: ", ")
                return shown + " and asks for \(fields) at `\(step.name.value)`"
            }
            return shown + " and goes to `\(step.name.value)`"
        case .end(let end):
            return shown + " and ends `\(end.kind.value)`" + (end.reason.map { " (\($0.value))" } ?? "")
        }
    }

    /// What the user is told when the edge is taken: its message, then the message of the step it enters.
    private func userText(of edge: Int) -> String {
        var parts = [edges[edge].message?.source]
        if case .step(let next) = edges[edge].target { parts.append(steps[next].message?.source) }
        return parts.compactMap { $0 }.joined(separator: " ")
    }
}
