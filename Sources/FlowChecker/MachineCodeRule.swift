import FlowModel

/// FR133: a text the user sees shows a machine code the authority gave, where the catalog also gives it in words:
/// outcome data `NAME` beside `NAMEText` (`reason` and `reasonText` of `invalidPassword`). In the message of the
/// transition that takes such an outcome, `${NAME}` is that outcome's code; elsewhere it is reported when every
/// outcome of the flow's actions that gives `NAME` also gives `NAMEText`, and no input or param has that name.
extension DocumentChecker {
    mutating func reportMachineCodes() {
        var withText: Set<String> = []
        var withoutText: Set<String> = []
        for step in steps {
            guard case .action(let action, _, _) = step.kind else { continue }
            for outcome in catalog?.actions[action]?.outcomes.values.map({ $0 }) ?? [] {
                for name in outcome.data.keys {
                    if outcome.data[name + "Text"] != nil { withText.insert(name) } else { withoutText.insert(name) }
                }
            }
        }
        let declared = Set(document.inputs.map(\.name.value) + document.params.map(\.name.value))
        let anywhere = withText.subtracting(withoutText).subtracting(declared)
        for edge in edges {
            var codes = anywhere
            if case .outcome(let name) = edge.label, steps.indices.contains(edge.from),
                case .action(let action, _, _) = steps[edge.from].kind,
                let data = catalog?.actions[action]?.outcomes[name]?.data
            {
                let given = Set(data.keys)
                codes = anywhere.subtracting(given)
                    .union(given.filter { data[$0 + "Text"] != nil }.subtracting(declared))
            }
            reportMachineCodes(in: edge.message, codes)
        }
        for (index, step) in document.steps.enumerated() {
            reportMachineCodes(in: step.message, anywhere)
            if case .ask(let ask) = step.kind { reportMachineCodes(in: ask.hint, anywhere) }
            if steps.indices.contains(index), steps[index].message != step.message {
                reportMachineCodes(in: steps[index].message, anywhere)
            }
        }
        for input in document.inputs {
            for text in [input.label, input.hint, input.patternMessage] { reportMachineCodes(in: text, anywhere) }
        }
    }

    private mutating func reportMachineCodes(in template: Template?, _ codes: Set<String>) {
        for part in template?.parts ?? [] {
            guard case .variable(let reference) = part, codes.contains(reference.name) else { continue }
            report(
                .machineCodeShown,
                "`\(reference.path)` is a machine code, and this text is shown to the user; "
                    + "`${\(reference.name)Text}` says it in words",
                at: reference.position, hint: "show `${\(reference.name)Text}` instead of `${\(reference.name)}`")
        }
    }
}
