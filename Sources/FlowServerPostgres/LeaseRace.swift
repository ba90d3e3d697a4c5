import FlowrunFoundation

/// Who wins between a transaction's wait for a pooled connection and its watchdog: the connection, when it comes
/// first (the transaction starts, and is never abandoned midway), or the watchdog, when it gave up first (the
/// connection, should it still come, is handed back unused).
final class LeaseRace: Sendable {
    private enum State {
        case waiting, started, gaveUp
    }

    private let state = Locked(State.waiting)

    /// Whether the transaction may start on the connection that came: the watchdog has not given up.
    func start() -> Bool { settle(.started) }

    /// Whether the watchdog may give up: the transaction has not started.
    func giveUp() -> Bool { settle(.gaveUp) }

    /// Whether no connection came yet and the watchdog has not given up.
    var isWaiting: Bool { state.withLock { $0 == .waiting } }

    private func settle(_ outcome: State) -> Bool {
        state.withLock { state in
            guard state == .waiting else { return false }
            state = outcome
            return true
        }
    }
}
