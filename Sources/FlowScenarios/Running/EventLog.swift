import FlowEngine
import FlowrunFoundation

/// What the engine reported during a run, in order (the observer is called synchronously from the run).
final class EventLog: Sendable {
    private let recorded = Locked<[EngineEvent]>([])

    func append(_ event: EngineEvent) {
        recorded.withLock { $0.append(event) }
    }

    var events: [EngineEvent] {
        recorded.value
    }
}
