import FlowModel

/// `allow:` on a step: the warnings of a rule reported inside that step (from its name to the next step's) are
/// acknowledged with the author's reason. Errors are never acknowledged.
extension DocumentChecker {
    mutating func applyAcknowledgements() {
        for (index, step) in document.steps.enumerated() where !step.allow.isEmpty {
            let start = step.name.position
            let end = index + 1 < document.steps.count ? document.steps[index + 1].name.position : nil
            for acknowledgement in step.allow {
                for offset in diagnostics.indices {
                    let diagnostic = diagnostics[offset]
                    guard diagnostic.code.rawValue == acknowledgement.code.value, diagnostic.severity == .warning,
                        diagnostic.file == file, let position = diagnostic.position, start <= position,
                        end.map({ position < $0 }) ?? true
                    else { continue }
                    diagnostics[offset].acknowledged = acknowledgement.reason.value
                }
            }
        }
    }
}
