import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation
import NativeAuth

/// The authority a scenario's flow talks to: the native-auth client of the embedded emulator, with the
/// scenario's faults applied at the calls they name. It counts the calls of each action and remembers which
/// faults fired. Its catalog is the one the flow was checked against, which the base authority answers only
/// when it is its own: the actions of another authority's catalog are answered by faults.
actor FaultInjector: Authority {
    nonisolated let catalog: ActionCatalog
    /// The actions the base authority answers.
    private let baseCatalog: ActionCatalog
    /// Every catalog the flow may call (the base authority's first): an answer's data follows its action's.
    private let catalogs: [ActionCatalog]
    private let base: any Authority
    private let transport: FaultyTransport
    private let clock: ScenarioClock
    /// Seconds that make a continuation token and any code expire.
    private let expirySeconds: TimeInterval
    private var faults: [Fault]
    private var calls: [String: Int] = [:]
    private(set) var fired: [Fault] = []

    init(
        base: any Authority, transport: FaultyTransport, clock: ScenarioClock, expirySeconds: TimeInterval,
        faults: [Fault], catalogs: [ActionCatalog] = [], checkedDigest: String
    ) {
        self.base = base
        self.baseCatalog = base.catalog
        self.catalogs = [base.catalog] + catalogs
        self.catalog = self.catalogs.first { $0.digest == checkedDigest } ?? base.catalog
        self.transport = transport
        self.clock = clock
        self.expirySeconds = expirySeconds
        self.faults = faults
    }

    /// The faults whose call never came.
    var unfired: [Fault] {
        faults.filter { fault in !fired.contains(fault) }
    }

    func perform(_ action: String, arguments: [String: Value], continuation: AuthorityContinuation?) async throws
        -> ActionResult
    {
        let call = (calls[action] ?? 0) + 1
        calls[action] = call
        let due = faults.filter { $0.action.value == action && $0.call == call }
        fired += due
        var serverErrors = 0
        var unreachable = false
        for fault in due {
            switch fault.kind {
            case .answer(let outcome, let data):
                let declaring = catalogs.first { $0.actions[action] != nil } ?? baseCatalog
                return Self.answer(action, outcome: outcome.value, data: data, catalog: declaring)
            case .serverError(let times): serverErrors += times
            case .transportFailure: unreachable = true
            case .wait(let seconds): clock.advance(by: TimeInterval(seconds))
            case .expireContinuation: clock.advance(by: expirySeconds)
            }
        }
        guard baseCatalog.actions[action] != nil else { throw UnansweredCall(action: action, call: call) }
        transport.arm(serverErrors: serverErrors, unreachable: unreachable)
        defer { transport.disarm() }
        return try await base.perform(action, arguments: arguments, continuation: continuation)
    }

    /// The outcome as the catalog declares it: every data key, from `data` or a stand-in value of its type.
    /// The continuation is kept, as an error answer keeps it.
    static func answer(_ action: String, outcome: String, data: [String: Value], catalog: ActionCatalog)
        -> ActionResult
    {
        let declared = catalog.actions[action]?.outcomes[outcome]?.data ?? [:]
        var values: [String: Value] = [:]
        for (key, field) in declared {
            values[key] = data[key] ?? Self.standIn(key, field.type, action: action, outcome: outcome)
        }
        if data["errorText"] == nil, case .string(let error)? = values["error"], declared["errorText"] != nil {
            values["errorText"] = .string(OutcomeWords.text(for: error))
        }
        return ActionResult(outcome: outcome, data: values, continuation: nil)
    }

    /// A value of `type` for a datum the scenario did not give.
    static func standIn(_ key: String, _ type: ValueType, action: String, outcome: String) -> Value {
        switch type {
        case .string:
            switch key {
            case "error": return .string("injected_fault")
            case "errorDescription": return .string("Injected fault: \(action) answered \(outcome).")
            case "reason": return .string("Injected fault: \(action) needs a browser.")
            default: return .string("injected-\(key)")
            }
        case .email: return .string("injected@example.com")
        case .password, .code: return .string("")
        case .integer: return .integer(key == "codeLength" ? 8 : 0)
        case .boolean: return .boolean(false)
        case .stringList, .attributeNames, .methods, .attributeDescriptors: return .list([])
        case .attributes, .object: return .object([:])
        }
    }
}

/// A call of an action the embedded authority does not offer (an action of another authority's catalog) that
/// no `answer` fault of the scenario answers.
struct UnansweredCall: Error, CustomStringConvertible {
    var action: String
    var call: Int

    var description: String {
        "the embedded authority offers no `\(action)`: answer call \(call) with a fault "
            + "(`- { action: \(action), call: \(call), answer: OUTCOME }`)"
    }
}
