import FlowEngine
import Foundation

/// The input source of one HTTP request: it gives the answer the request carried (if any) to the first `ask`,
/// and suspends the run at the next one, remembering what that ask asked. So each request runs a session from
/// one ask to the next, and nothing waits between requests.
final class OneAnswer: InputSource, @unchecked Sendable {
    private let lock = NSLock()
    private var pending: InputAnswer?
    private var lastRequest: InputRequest?

    init(_ answer: InputAnswer?) {
        pending = answer
    }

    func answer(_ request: InputRequest) async throws -> InputAnswer {
        take(request)
    }

    /// The pending answer, once; then `.suspend`, remembering `request`.
    private func take(_ request: InputRequest) -> InputAnswer {
        lock.lock()
        defer { lock.unlock() }
        if let answer = pending {
            pending = nil
            return answer
        }
        lastRequest = request
        return .suspend
    }

    /// The ask the run was suspended at.
    var suspendedAt: InputRequest? {
        lock.lock()
        defer { lock.unlock() }
        return lastRequest
    }
}

/// Collects the texts a run shows (its `message` events) while one request runs it.
final class ShownMessages: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [String] = []

    func observe(_ event: EngineEvent) {
        guard event.event == .message, let text = event.message else { return }
        lock.lock()
        defer { lock.unlock() }
        texts.append(text)
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return texts
    }
}
