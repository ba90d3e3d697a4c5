/// The input source of an app that embeds the engine: each `ask` arrives on ``requests``; the app answers
/// with ``respond(_:)`` (a form on screen, a test driver, …).
public actor InputChannel: InputSource {
    /// The `ask` requests, in order. A new one arrives only after the previous one was answered.
    public nonisolated let requests: AsyncStream<InputRequest>
    private let sink: AsyncStream<InputRequest>.Continuation
    private var waiting: CheckedContinuation<InputAnswer, Never>?
    private var early: [InputAnswer] = []

    public init() {
        (requests, sink) = AsyncStream.makeStream(of: InputRequest.self)
    }

    /// Waits for the app's answer. When the task running the flow is cancelled, the answer is `.cancel`, so the
    /// run ends as cancelled instead of waiting forever.
    public func answer(_ request: InputRequest) async -> InputAnswer {
        guard !Task.isCancelled else { return .cancel }
        sink.yield(request)
        if !early.isEmpty { return early.removeFirst() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { waiting = $0 }
        } onCancel: {
            Task { await self.cancelWaiting() }
        }
    }

    /// Answers a pending request with `.cancel` (its task was cancelled).
    private func cancelWaiting() {
        waiting?.resume(returning: .cancel)
        waiting = nil
    }

    /// Answers the pending request (or the next one, when none is pending yet).
    public func respond(_ answer: InputAnswer) {
        if let waiting {
            self.waiting = nil
            waiting.resume(returning: answer)
        } else {
            early.append(answer)
        }
    }

    /// Ends the stream of requests; call when the run is over.
    public func finish() {
        sink.finish()
        waiting?.resume(returning: .cancel)
        waiting = nil
    }
}
