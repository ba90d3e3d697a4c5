import FlowModel

/// Values that must not reach the user as they are: secrets (FR124) and the authority's raw error text
/// (FR125) in any text shown to the user, and secrets passed where no secret is expected (FR124).
extension DocumentChecker {
    mutating func reportExposedValues() {
        var secretTaint = Taint(source: .secret, catalog: catalog)
        let secrets = secretTaint.variables(
            params: document.params, inputs: document.inputs, authority: document.authority.value, steps: steps,
            subflows: subprograms)
        var errorTaint = Taint(source: .errorText, catalog: catalog)
        let errorText = errorTaint.variables(
            params: document.params, inputs: document.inputs, authority: document.authority.value, steps: steps,
            subflows: subprograms)
        forEachUserFacingRead { checker, reference in
            if secrets.contains(reference.name) {
                checker.report(
                    .secretExposed, "`\(reference.path)` holds a secret, and this text is shown to the user",
                    at: reference.position)
            } else if errorText.contains(reference.name) {
                checker.report(
                    .rawErrorText,
                    "`\(reference.path)` holds the authority's raw error text, and this text is shown to the user",
                    at: reference.position)
            }
        }
        reportSecretArguments(secrets)
    }

    /// Calls `body` with each variable read by a text the user sees: messages of steps and transitions, hints,
    /// and the labels and messages of inputs, in that order.
    private mutating func forEachUserFacingRead(_ body: (inout Self, VariableReference) -> Void) {
        func visit(_ template: Template?, _ checker: inout Self) {
            for part in template?.parts ?? [] {
                if case .variable(let reference) = part { body(&checker, reference) }
            }
        }
        for index in document.steps.indices { visit(document.steps[index].message, &self) }
        for index in edges.indices { visit(edges[index].message, &self) }
        for index in document.steps.indices {
            if case .ask(let ask) = document.steps[index].kind { visit(ask.hint, &self) }
        }
        for input in document.inputs {
            visit(input.label, &self)
            visit(input.hint, &self)
            visit(input.patternMessage, &self)
        }
    }

    /// Secrets passed to an action parameter or sub-flow param that is not marked `secret`.
    private mutating func reportSecretArguments(_ secrets: Set<String>) {
        for step in document.steps {
            switch step.kind {
            case .action(let action):
                guard let parameters = catalog?.actions[action.action.value]?.parameters else { continue }
                reportSecrets(
                    in: action.arguments, secrets, receiver: "parameter of `\(action.action.value)`",
                    isSecret: { parameters[$0]?.secret })
            case .use(let use):
                guard let params = subprograms[use.resolvedFile]?.params else { continue }
                reportSecrets(
                    in: use.arguments, secrets, receiver: "param of `\(use.path.value)`",
                    isSecret: { name in params.first { $0.name.value == name }?.secret })
            case .ask, .choose, .set, .end:
                continue
            }
        }
    }

    /// `isSecret` is nil for an unknown parameter, which another rule reports.
    private mutating func reportSecrets(
        in arguments: [NamedValue], _ secrets: Set<String>, receiver: String, isSecret: (String) -> Bool?
    ) {
        for argument in arguments where isSecret(argument.name.value) == false {
            for reference in argument.value.variables where secrets.contains(reference.name) {
                report(
                    .secretExposed,
                    "`\(reference.path)` holds a secret, but the \(receiver) `\(argument.name.value)` is not marked "
                        + "`secret`",
                    at: reference.position)
            }
        }
    }
}
