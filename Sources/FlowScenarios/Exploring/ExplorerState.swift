import FlowEngine
import FlowModel
import Foundation

/// An action call of a run: the `call`-th call of `action`.
struct CallKey: Hashable, Sendable, Comparable {
    var action: String
    var call: Int

    static func < (lhs: CallKey, rhs: CallKey) -> Bool {
        (lhs.action, lhs.call) < (rhs.action, rhs.call)
    }
}

/// An outcome the explorer makes an action call answer, with data over the catalog's stand-ins.
struct Injection: Hashable, Sendable {
    var outcome: String
    var data: [String: Value]
}

/// What the explorer has decided for a run: the calls whose answer it replaces.
struct Plan: Sendable {
    var injections: [CallKey: Injection] = [:]
}

/// The state one steered run shares between its authority, its inputs and its observer: the edges taken,
/// the calls made, the answers given, and whether the run must start again with a changed plan.
final class ExplorerState: @unchecked Sendable {
    private let lock = NSLock()
    private let graph: ExplorationGraph
    private let coveredBefore: Set<EdgeID>
    private var takenNow: Set<EdgeID> = []
    private var position: (file: String, step: String)?
    private(set) var plan: Plan
    private var restart = false
    private var answers: [String: [ScriptedAnswer]] = [:]
    private var order: [String] = []
    private var calls: [String: Int] = [:]
    /// The outcome of each call, with the edge taken right after it.
    private var outcomes: [(key: CallKey, outcome: String, variables: Set<String>)] = []
    private(set) var events: [EngineEvent] = []

    init(graph: ExplorationGraph, covered: Set<EdgeID>, plan: Plan) {
        self.graph = graph
        self.coveredBefore = covered
        self.plan = plan
    }

    func observe(_ event: EngineEvent) {
        lock.withLock {
            events.append(event)
            switch event.event {
            case .stepEntered, .actionCalled:
                if let step = event.step { position = (event.flow, step) }
            case .transition, .attemptsExhausted:
                if let edge = event.edge { takenNow.insert(EdgeID(file: event.flow, index: edge)) }
            default: break
            }
        }
    }

    /// The step the run is at.
    var current: (program: Program, step: ProgramStep)? {
        lock.withLock {
            guard let position, let program = graph.programs[position.file],
                let step = program.step(named: position.step)
            else { return nil }
            return (program, step)
        }
    }

    /// Distance from each edge to the nearest edge no run has taken yet.
    func distancesToUncovered() -> [EdgeID: Int] {
        let covered = lock.withLock { coveredBefore.union(takenNow) }
        return graph.distances(to: graph.targets.filter { !covered.contains($0) })
    }

    /// Counts a call of `action` and returns its key.
    func nextCall(of action: String) -> CallKey {
        lock.withLock {
            let call = (calls[action] ?? 0) + 1
            calls[action] = call
            return CallKey(action: action, call: call)
        }
    }

    func recordOutcome(_ key: CallKey, _ outcome: String, data: [String: Value]) {
        lock.withLock { outcomes.append((key, outcome, Set(data.keys))) }
    }

    /// The latest call whose outcome set `variable`, with that outcome.
    func lastCall(setting variable: String) -> (key: CallKey, outcome: String)? {
        lock.withLock { outcomes.last { $0.variables.contains(variable) }.map { ($0.key, $0.outcome) } }
    }

    /// Asks for the run to start again with `injection` at `key`.
    func restart(injecting injection: Injection, at key: CallKey) {
        lock.withLock {
            plan.injections[key] = injection
            restart = true
        }
    }

    var mustRestart: Bool { lock.withLock { restart } }

    func record(_ answer: ScriptedAnswer, for input: String) {
        lock.withLock {
            if answers[input] == nil { order.append(input) }
            answers[input, default: []].append(answer)
        }
    }

    /// The inputs answered, in the order they were first asked.
    var inputOrder: [String] { lock.withLock { order } }

    var recordedAnswers: [String: [ScriptedAnswer]] { lock.withLock { answers } }

    var taken: Set<EdgeID> { lock.withLock { takenNow } }
}

/// The run must start again: the explorer changed its plan at a call it had let through.
struct ExplorerRestart: Error {}
