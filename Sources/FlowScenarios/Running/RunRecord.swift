import FlowEngine

/// The path, messages and edges of a run, read from its events.
struct RunRecord {
    var path: [String] = []
    var messages: [String] = []
    var edges: [String: Set<Int>] = [:]

    init(events: [EngineEvent], outcome: RunOutcome) {
        var prefixes = [""]
        for event in events {
            switch event.event {
            case .stepEntered:
                if let step = event.step { path.append((prefixes.last ?? "") + step) }
            case .subflowStarted:
                prefixes.append((prefixes.last ?? "") + (event.step ?? "?") + "/")
            case .subflowEnded:
                if prefixes.count > 1 { prefixes.removeLast() }
            case .message, .inputRejected:
                if let message = event.message { messages.append(message) }
            case .transition, .attemptsExhausted:
                if let edge = event.edge { edges[event.flow, default: []].insert(edge) }
            default:
                break
            }
        }
        if case .ended(let end) = outcome, let message = end.message, messages.last != message {
            messages.append(message)
        }
    }
}
