import FlowEngine
import Foundation

/// What the engine reported during a run, in order (the observer is called synchronously from the run).
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [EngineEvent] = []

    func append(_ event: EngineEvent) {
        lock.withLock { recorded.append(event) }
    }

    var events: [EngineEvent] {
        lock.withLock { recorded }
    }
}
