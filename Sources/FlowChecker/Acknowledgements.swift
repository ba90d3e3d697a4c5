import FlowModel

/// `allow:` on a step: the warnings of a rule reported inside that step (from its name to the next step's) are
/// acknowledged with the author's reason. Errors are never acknowledged. An acknowledgement that matches no
/// warning is itself reported (FR127), so that one left behind after a fix cannot hide a later warning.
extension DocumentChecker {
    mutating func applyAcknowledgements() {
        var unused: [Acknowledgement] = []
        for (index, step) in document.steps.enumerated() where !step.allow.isEmpty {
            let start = step.name.position
            let end = index + 1 < document.steps.count ? document.steps[index + 1].name.position : nil
            for acknowledgement in step.allow {
                var matched = false
                for offset in diagnostics.indices {
                    let diagnostic = diagnostics[offset]
                    guard diagnostic.code.rawValue == acknowledgement.code.value, diagnostic.severity == .warning,
                        diagnostic.file == file, let position = diagnostic.position, start <= position,
                        end.map({ position < $0 }) ?? true
                    else { continue }
                    diagnostics[offset].acknowledged = acknowledgement.reason.value
                    matched = true
                }
                if !matched { unused.append(acknowledgement) }
            }
        }
        reportUnused(unused)
    }

    /// Reported only when the document has no error: an error stops the path rules, whose warnings would then
    /// look unused. A rule switched off for the run is not reported either.
    private mutating func reportUnused(_ acknowledgements: [Acknowledgement]) {
        guard !diagnostics.hasErrors, !disabledRules.contains(.unusedAcknowledgement) else { return }
        for acknowledgement in acknowledgements
        where !disabledRules.contains(RuleCode(rawValue: acknowledgement.code.value)) {
            report(
                .unusedAcknowledgement,
                "`allow` acknowledges \(acknowledgement.code.value), but no \(acknowledgement.code.value) warning is "
                    + "reported in this step", at: acknowledgement.code.position)
        }
    }
}
