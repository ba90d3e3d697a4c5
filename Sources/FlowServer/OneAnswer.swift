import FlowEngine
import FlowModel
import FlowrunFoundation

/// The input source of one HTTP request: it gives the answer the request carried (if any) to the first `ask`,
/// and suspends the run at the next one, remembering what that ask asked. So each request runs a session from
/// one ask to the next, and nothing waits between requests.
final class OneAnswer: InputSource, Sendable {
    private let state: Locked<(pending: InputAnswer?, asked: InputRequest?)>

    init(_ answer: InputAnswer?) {
        state = Locked((answer, nil))
    }

    func answer(_ request: InputRequest) async throws -> InputAnswer {
        state.withLock { state in
            if let answer = state.pending {
                state.pending = nil
                return answer
            }
            state.asked = request
            return .suspend
        }
    }

    /// The ask the run was suspended at.
    var suspendedAt: InputRequest? { state.value.asked }
}

/// Collects the texts a run shows (its `message` events) while one request runs it.
final class ShownMessages: Sendable {
    private let texts = Locked<[String]>([])
    private let lastOutcome = Locked<(action: String, outcome: String)?>(nil)

    func observe(_ event: EngineEvent) {
        if event.event == .outcome, let action = event.action, let outcome = event.outcome {
            lastOutcome.withLock { $0 = (action, outcome) }
        }
        guard event.event == .message, let text = event.message else { return }
        texts.withLock { $0.append(text) }
    }

    var all: [String] { texts.value }

    /// Whether the last outcome of the run is an error outcome of `program` or one of its sub-flows (a wrong code,
    /// a refused password): the messages then say why the flow refused the answer.
    func lastOutcomeIsError(in program: Program) -> Bool {
        guard let last = lastOutcome.value else { return false }
        return program.withSubflows.contains { $0.actions[last.action]?.errorOutcomes.contains(last.outcome) == true }
    }
}
