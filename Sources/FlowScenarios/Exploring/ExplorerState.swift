import FlowEngine
import FlowModel
import FlowrunFoundation
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

/// What the explorer has decided for a run: the calls whose answer it replaces, and the user it plays.
struct Plan: Sendable {
    var injections: [CallKey: Injection] = [:]
    /// The address email inputs are answered with; `nil` for the explorer's first choice.
    var email: String?
    /// The addresses runs of this plan tried before `email`: each answered a call otherwise than wanted.
    var triedEmails: Set<String> = []
}

/// The state one steered run shares between its authority, its inputs and its observer: the edges taken,
/// the calls made, the answers given, and whether the run must start again with a changed plan.
final class ExplorerState: Sendable {
    private let graph: ExplorationGraph
    private let coveredBefore: Set<EdgeID>
    private let progress: Locked<Progress>

    /// What the run has done so far; changed only under the lock.
    private struct Progress: Sendable {
        var takenNow: Set<EdgeID> = []
        var position: (file: String, step: String)?
        var plan: Plan
        var restart = false
        var answers: [String: [ScriptedAnswer]] = [:]
        var order: [String] = []
        var calls: [String: Int] = [:]
        /// The outcome of each call, with the edge taken right after it.
        var outcomes: [(key: CallKey, outcome: String, variables: Set<String>)] = []
        var events: [EngineEvent] = []
    }

    init(graph: ExplorationGraph, covered: Set<EdgeID>, plan: Plan) {
        self.graph = graph
        self.coveredBefore = covered
        self.progress = Locked(Progress(plan: plan))
    }

    /// The calls whose answer the run replaces.
    var plan: Plan { progress.value.plan }

    /// What the engine reported so far, in order.
    var events: [EngineEvent] { progress.value.events }

    func observe(_ event: EngineEvent) {
        progress.withLock { progress in
            progress.events.append(event)
            switch event.event {
            case .stepEntered, .actionCalled:
                if let step = event.step { progress.position = (event.flow, step) }
            case .transition, .attemptsExhausted:
                if let edge = event.edge { progress.takenNow.insert(EdgeID(file: event.flow, index: edge)) }
            default: break
            }
        }
    }

    /// The step the run is at.
    var current: (program: Program, step: ProgramStep)? {
        guard let position = progress.value.position, let program = graph.programs[position.file],
            let step = program.step(named: position.step)
        else { return nil }
        return (program, step)
    }

    /// Distance from each edge to the nearest edge no run has taken yet.
    func distancesToUncovered() -> [EdgeID: Int] {
        let covered = coveredBefore.union(progress.value.takenNow)
        return graph.distances(to: graph.targets.filter { !covered.contains($0) })
    }

    /// Counts a call of `action` and returns its key.
    func nextCall(of action: String) -> CallKey {
        progress.withLock { progress in
            let call = (progress.calls[action] ?? 0) + 1
            progress.calls[action] = call
            return CallKey(action: action, call: call)
        }
    }

    func recordOutcome(_ key: CallKey, _ outcome: String, data: [String: Value]) {
        progress.withLock { $0.outcomes.append((key, outcome, Set(data.keys))) }
    }

    /// The latest call whose outcome set `variable`, with that outcome.
    func lastCall(setting variable: String) -> (key: CallKey, outcome: String)? {
        progress.value.outcomes.last { $0.variables.contains(variable) }.map { ($0.key, $0.outcome) }
    }

    /// Asks for the run to start again with `injection` at `key`.
    func restart(injecting injection: Injection, at key: CallKey) {
        progress.withLock { progress in
            progress.plan.injections[key] = injection
            progress.restart = true
        }
    }

    /// Asks for the run to start again as the user `email` (the authority answers the user it plays now
    /// otherwise than wanted).
    func restart(asUser email: String, leaving current: String) {
        progress.withLock { progress in
            progress.plan.triedEmails.insert(current)
            progress.plan.email = email
            progress.restart = true
        }
    }

    var mustRestart: Bool { progress.value.restart }

    func record(_ answer: ScriptedAnswer, for input: String) {
        progress.withLock { progress in
            if progress.answers[input] == nil { progress.order.append(input) }
            progress.answers[input, default: []].append(answer)
        }
    }

    /// The inputs answered, in the order they were first asked.
    var inputOrder: [String] { progress.value.order }

    var recordedAnswers: [String: [ScriptedAnswer]] { progress.value.answers }

    var taken: Set<EdgeID> { progress.value.takenNow }
}

/// The run must start again: the explorer changed its plan at a call it had let through.
struct ExplorerRestart: Error {}
