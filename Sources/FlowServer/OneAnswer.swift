import FlowEngine
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

    func observe(_ event: EngineEvent) {
        guard event.event == .message, let text = event.message else { return }
        texts.withLock { $0.append(text) }
    }

    var all: [String] { texts.value }
}
