import FlowModel
import FlowrunFoundation

/// Shared sub-flows called with constant params (`use: verify-email.yaml` `with: { purpose: signUp }`): the
/// sub-flow's `choose` branches that test such a param are decided as the engine decides them, so the ends only
/// other values lead to need no handler in this caller.
extension DocumentChecker {
    /// The params of this document that no step sets again (none when some step may set unknown variables).
    func constantParams() -> Set<String> {
        guard !variablesAreIncomplete else { return [] }
        var written: Set<String> = []
        for (index, edge) in edges.enumerated() {
            // A `choose` branch on `present` only proves a variable set; it writes nothing.
            if case .choose = steps[edge.from].kind { continue }
            written.formUnion(edgeAssigns[index])
        }
        return Set(document.params.map(\.name.value)).subtracting(written)
    }

    /// The constant values `arguments` give to params of `subprogram` that hold them for its whole run.
    static func constantArguments(_ arguments: [NamedValue], of subprogram: Program) -> [String: Value] {
        var constants: [String: Value] = [:]
        for argument in arguments where subprogram.constantParams.contains(argument.name.value) {
            if let value = argument.value.constantValue(given: [:]) { constants[argument.name.value] = value }
        }
        return constants
    }
}
