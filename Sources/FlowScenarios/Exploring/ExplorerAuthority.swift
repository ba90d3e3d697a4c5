import FlowEngine
import FlowModel
import FlowrunFoundation

/// The explorer's authority: lets a call through to the embedded authority when its answer leads where the
/// explorer is heading; otherwise it starts the run again as another seeded user when the call was made for
/// the user it plays (the authority may answer that user as wanted), and else with that call answering the
/// outcome that does. Its catalog is the one the flow was checked against.
struct ExplorerAuthority: Authority {
    let catalog: ActionCatalog
    /// The actions the base authority answers.
    let baseCatalog: ActionCatalog
    let base: any Authority
    let state: ExplorerState
    /// The catalogs of other authorities the flow may call: the embedded authority cannot answer their
    /// actions, so every call of one is answered by an injected outcome.
    var others: [ActionCatalog] = []
    /// The addresses of the users the explorer can play (one seeded, one new), and the one it plays first.
    var emails: [String] = []
    var firstEmail = ""

    func perform(_ action: String, arguments: [String: Value], continuation: AuthorityContinuation?) async throws
        -> ActionResult
    {
        let key = state.nextCall(of: action)
        let declaring =
            baseCatalog.actions[action] != nil ? baseCatalog : others.first { $0.actions[action] != nil }
        if let injection = state.plan.injections[key] {
            let result = FaultInjector.answer(
                action, outcome: injection.outcome, data: injection.data, catalog: declaring ?? baseCatalog)
            state.recordOutcome(key, result.outcome, data: result.data)
            return result
        }
        let best = bestOutcomes()
        if let declaring, declaring.authority != baseCatalog.authority {
            let outcomes = declaring.actions[action]?.outcomes.keys.sorted() ?? []
            guard let wanted = best?.sorted().first ?? outcomes.first else { throw ExplorerRestart() }
            state.restart(injecting: Injection(outcome: wanted, data: [:]), at: key)
            throw ExplorerRestart()
        }
        let result = try await base.perform(action, arguments: arguments, continuation: continuation)
        if let best, !best.contains(result.outcome), let wanted = best.sorted().first {
            if let (current, other) = otherUser(for: arguments) {
                state.restart(asUser: other, leaving: current)
                throw ExplorerRestart()
            }
            state.restart(injecting: Injection(outcome: wanted, data: [:]), at: key)
            throw ExplorerRestart()
        }
        state.recordOutcome(key, result.outcome, data: result.data)
        return result
    }

    /// The user the run plays and another one not tried yet, when the call was made for the user it plays.
    private func otherUser(for arguments: [String: Value]) -> (current: String, other: String)? {
        let plan = state.plan
        let current = plan.email ?? firstEmail
        guard arguments.values.contains(.string(current)),
            let other = emails.first(where: { $0 != current && !plan.triedEmails.contains($0) })
        else { return nil }
        return (current, other)
    }

    /// The outcomes of the current action step whose edges are nearest to an edge not taken yet; `nil` when
    /// no outcome leads to one.
    private func bestOutcomes() -> Set<String>? {
        guard let (program, step) = state.current, case .action(_, _, let outcomes) = step.kind else { return nil }
        let distances = state.distancesToUncovered()
        var best: (distance: Int, outcomes: Set<String>)?
        for (outcome, edge) in outcomes {
            guard let distance = distances[EdgeID(file: program.file, index: edge)] else { continue }
            if best == nil || distance < best?.distance ?? .max {
                best = (distance, [outcome])
            } else if distance == best?.distance {
                best?.outcomes.insert(outcome)
            }
        }
        return best?.outcomes
    }
}
