import FlowModel

/// Checks a flow against the tenant it will meet: where a setting of the tenant makes an outcome likely (MFA
/// or registration required, a password at sign-up, required attributes) and the flow routes that outcome to a
/// failure end, it warns (FR129) and names the setting. A flow can pass `validate --strict` and still fail
/// every run on such a tenant; this finds that before a run does.
public struct TenantFit: Sendable {
    /// An outcome a tenant setting makes likely, for some actions.
    struct LikelyOutcome {
        var actions: Set<String>
        var outcome: String
        var setting: String
    }

    let likely: [LikelyOutcome]

    /// - Parameters:
    ///   - configuration: the tenant (`authority.yaml`).
    ///   - capabilities: what the client declares (`mfa_required`, `registration_required`); without the one a
    ///     step needs, the service answers with a redirect (`browserRequired`) instead.
    public init(configuration: TenantConfiguration, capabilities: [String]) {
        let firstFactor: Set = ["signIn.start", "signIn.submitCode", "signIn.submitPassword"]
        var likely: [LikelyOutcome] = []
        if configuration.registration.required {
            let capable = capabilities.contains("registration_required")
            likely.append(
                LikelyOutcome(
                    actions: firstFactor.union(["signIn.afterSignUp", "signIn.afterResetPassword"]),
                    outcome: capable ? "registrationRequired" : "browserRequired",
                    setting: capable
                        ? "registration.required: true"
                        : "registration.required: true without the client capability registration_required"))
        }
        if configuration.mfa.required {
            let capable = capabilities.contains("mfa_required")
            likely.append(
                LikelyOutcome(
                    actions: firstFactor, outcome: capable ? "mfaRequired" : "browserRequired",
                    setting: capable
                        ? "mfa.required: true" : "mfa.required: true without the client capability mfa_required"))
        }
        if configuration.signUp.method == .emailPassword {
            likely.append(
                LikelyOutcome(
                    actions: ["signUp.submitCode"], outcome: "passwordRequired",
                    setting: "signUp.method: emailPassword"))
        }
        if !configuration.signUp.requiredAttributes.isEmpty {
            let names = configuration.signUp.requiredAttributes.map(\.name).joined(separator: ", ")
            likely.append(
                LikelyOutcome(
                    actions: ["signUp.submitCode", "signUp.submitPassword"], outcome: "attributesRequired",
                    setting: "signUp.requiredAttributes (\(names))"))
        }
        self.likely = likely
    }

    /// FR129 warnings for `program` and every sub-flow it uses.
    public func check(_ program: Program) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var seen: Set<String> = []
        var pending = [program]
        while let next = pending.popLast() {
            guard seen.insert(next.file).inserted else { continue }
            diagnostics += check(steps: next)
            pending += next.subflows.values
        }
        return diagnostics
    }

    private func check(steps program: Program) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for step in program.steps {
            guard case .action(let action, let arguments, let outcomes) = step.kind else { continue }
            // A sign-in started without a password (a code sign-in) meets the second factor only later.
            let firstFactorLater = action == "signIn.start" && !arguments.contains { $0.name.value == "password" }
            for expectation in likely where expectation.actions.contains(action) {
                if firstFactorLater && expectation.outcome != "passwordRequired" { continue }
                guard let index = outcomes[expectation.outcome] else { continue }
                let edge = program.edges[index]
                guard case .end(let end) = edge.target, end.kind.value != .success else { continue }
                let route = edge.label == .otherwise ? "through `otherwise` " : ""
                diagnostics.append(
                    Diagnostic(
                        .tenantMakesFailureLikely,
                        "on this tenant (\(expectation.setting)) `\(action)` is likely to answer "
                            + "`\(expectation.outcome)`, which step `\(step.name.value)` routes \(route)to the end "
                            + "`\(end.kind.value.name)`",
                        file: program.file, at: edge.position))
            }
        }
        return diagnostics
    }
}
