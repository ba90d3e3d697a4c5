import FlowCompiler
import FlowEngine
import FlowLoader
import FlowModel
import FlowrunFoundation
import Foundation
import NativeAuth

/// Flow files generated for the benchmarks, and the loader/checker set up to take them.
enum GeneratedFlows {
    /// A compiler whose limits admit the generated files (up to 64 MiB, 1,000,000 steps); otherwise the
    /// defaults.
    static let compiler = FlowCompiler(
        catalogs: [NativeAuthClient.defaultCatalog],
        limits: LoaderLimits(maxFileBytes: 64 << 20, maxNodes: 50_000_000, maxSteps: 1_000_000))

    /// A chain of `steps` steps: `steps - 1` `set` steps, each leading to the next, then an end.
    static func chain(steps: Int) -> String {
        var text = "flowrun: 1\nid: chain\nstart: s0\nsteps:\n"
        text.reserveCapacity(steps * 40)
        for index in 0..<max(steps - 1, 0) {
            text += "  s\(index): { set: { v: \(index) }, next: s\(index + 1) }\n"
        }
        text += "  s\(max(steps - 1, 0)): { end: success }\n"
        return text
    }

    /// A loop of `states` `set` steps taken round `laps + 1` times (the back edge may be taken `laps` times;
    /// the next time it is exhausted, which ends the flow): `states × (laps + 1)` steps and one end.
    static func loop(states: Int, laps: Int) -> String {
        var text = "flowrun: 1\nid: loop\nstart: s0\nsteps:\n"
        for index in 0..<(states - 1) {
            text += "  s\(index): { set: { v: \(index) }, next: s\(index + 1) }\n"
        }
        text += "  s\(states - 1): { set: { v: \(states - 1) }, next: { goto: s0, attempts: \(laps), "
        text += "exhausted: { end: success } } }\n"
        return text
    }

    /// A loop of `states` `ask` steps, each asking one text input and going on to the next: a statechart driven
    /// by events, one answer per step. It ends when the input source cancels (or picks `stop` at `s0`).
    static func askLoop(states: Int) -> String {
        var text = "flowrun: 1\nid: ask-loop\ninputs:\n  answer: { type: text }\nstart: s0\nsteps:\n"
        text += "  s0: { ask: [answer], choices: { stop: { end: success } }, next: s1 }\n"
        for index in 1..<states {
            text += "  s\(index): { ask: [answer], next: s\((index + 1) % states) }\n"
        }
        return text
    }

    /// A flow file of about `bytes` bytes: a chain of steps of several kinds (ask, action with outcomes and
    /// attempt limits, choose, set, messages with templates), the shape of a hand-written flow repeated.
    static func file(ofAbout bytes: Int) -> String {
        var text = """
            # yaml-language-server: $schema=../schemas/flow.schema.json
            flowrun: 1
            id: generated
            title: A generated flow for the loader benchmark
            authority: native-auth
            inputs:
              email: { type: email, label: Email address }
              code: { type: code, label: Verification code }
            start: b0_ask_email
            steps:

            """
        var block = 0
        while text.utf8.count < bytes {
            let next = "b\(block + 1)_ask_email"
            text += """
                  b\(block)_ask_email:
                    ask: [email]
                    message: "Block \(block): sign in"
                    next: b\(block)_start
                  b\(block)_start:
                    action: signIn.start
                    with: { username: "${email}" }
                    on:
                      codeRequired: b\(block)_ask_code
                      completed: b\(block)_pick
                      userNotFound: { goto: b\(block)_ask_email, message: "No account uses ${email}." }
                      otherwise: { fail: unexpected, message: "Error signing in." }
                  b\(block)_ask_code:
                    ask: [code]
                    hint: "Verification code sent to ${sentTo}"
                    next: b\(block)_submit
                  b\(block)_submit:
                    action: signIn.submitCode
                    with: { code: "${code}" }
                    on:
                      completed: b\(block)_pick
                      invalidCode:
                        goto: b\(block)_ask_code
                        message: The code is incorrect. Check it and try again.
                        attempts: 3
                        exhausted: { fail: too_many_attempts, message: "Too many incorrect codes." }
                      otherwise: { fail: unexpected, message: "Error verifying code." }
                  b\(block)_pick:
                    choose:
                      - if: { var: email, matches: ".*@contoso\\\\.com" }
                        then: b\(block)_remember
                    otherwise: \(next)
                  b\(block)_remember:
                    set: { greeting: "Welcome, ${email}", round: \(block) }
                    next: \(next)

                """
            block += 1
        }
        text += "  b\(block)_ask_email: { end: success, message: \"Done\" }\n"
        return text
    }

    /// Compiles a generated YAML text; throws with the first error when it has one.
    static func program(_ text: String, file: String = "generated.yaml") throws -> Program {
        let compiled = compiler.compile(text: text, file: file)
        guard let program = compiled.program else { throw BenchFailure("\(file): \(firstError(compiled.diagnostics))") }
        return program
    }

    static func firstError(_ diagnostics: [Diagnostic]) -> String {
        let error = diagnostics.first { $0.severity == .error } ?? diagnostics.first
        return error.map { "\($0.code) \($0.message) at \($0.position.map { "\($0.line):\($0.column)" } ?? "-")" }
            ?? "no program"
    }

    /// Compiles a flow file of the library (sub-flows included).
    static func libraryProgram(_ path: String) throws -> (program: Program, digest: String) {
        let compiled = FlowCompiler(catalogs: [NativeAuthClient.defaultCatalog]).compile(file: path)
        guard let program = compiled.program else { throw BenchFailure("\(path): \(firstError(compiled.diagnostics))") }
        return (program, compiled.digest ?? "")
    }
}

/// An authority that answers at once, from a fixed table: each action's answers in turn, the last one repeated.
struct InstantAuthority: Authority {
    let catalog: ActionCatalog
    let answers: [String: [ActionResult]]
    private let counter = Counter()

    init(catalog: ActionCatalog, answers: [String: [ActionResult]]) {
        self.catalog = catalog
        self.answers = answers
    }

    func perform(_ action: String, arguments: [String: Value], continuation: AuthorityContinuation?) async throws
        -> ActionResult
    {
        guard let list = answers[action], !list.isEmpty else { throw BenchFailure("no answer for \(action)") }
        let index = counter.next(action)
        return list[min(index, list.count - 1)]
    }

    /// Resets the turn of every action (before each run).
    func reset() { counter.reset() }
}

/// Counts calls per action; one run at a time uses it. A hand-written lock rather than `Locked` (a generic call
/// into another module): it is on the timed path of the benchmarks, whose figures earlier rounds measured with it.
final class Counter: @unchecked Sendable {
    private var counts: [String: Int] = [:]
    private let lock = NSLock()

    func next(_ key: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let value = counts[key, default: 0]
        counts[key] = value + 1
        return value
    }

    func reset() {
        lock.lock()
        counts = [:]
        lock.unlock()
    }
}

/// One count under a lock (cheaper than ``Counter`` on the timed path of the input source); hand-written for the
/// same reason as ``Counter``.
final class Tally: @unchecked Sendable {
    private var count = 0
    private let lock = NSLock()

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count - 1
    }

    func reset() {
        lock.lock()
        count = 0
        lock.unlock()
    }
}

/// Answers every `ask` at once with the same prepared answer, `answers` times, then cancels.
struct PreparedInputs: InputSource {
    let answer: InputAnswer
    let answers: Int
    private let counter = Tally()

    init(answer: InputAnswer, answers: Int) {
        self.answer = answer
        self.answers = answers
    }

    func answer(_ request: InputRequest) async throws -> InputAnswer {
        counter.next() < answers ? answer : .cancel
    }
}

/// Answers every `ask` at once with a value fitting each field, `answers` times, then cancels (or suspends).
struct InstantInputs: InputSource {
    let answers: Int
    let thenSuspend: Bool
    let email: String
    private let counter = Tally()

    init(answers: Int = Int.max, thenSuspend: Bool = false, email: String = "ann@contoso.com") {
        self.answers = answers
        self.thenSuspend = thenSuspend
        self.email = email
    }

    func answer(_ request: InputRequest) async throws -> InputAnswer {
        if counter.next() >= answers { return thenSuspend ? .suspend : .cancel }
        var values: [String: Value] = [:]
        for field in request.fields {
            values[field.name] = field.type == .email ? .string(email) : Self.value(for: field)
        }
        return .values(values)
    }

    func reset() { counter.reset() }

    static func value(for type: InputType) -> Value {
        value(for: InputField(name: "", type: type, label: ""))
    }

    static func value(for field: InputField) -> Value {
        switch field.type {
        case .email: return .string("ann@contoso.com")
        case .password: return .string("Blue-Sky-Ladder-42")
        case .code: return .string("12345678")
        case .text: return .string("text")
        case .list: return .list([.string("openid")])
        case .attributes:
            var object: [String: Value] = [:]
            for attribute in field.attributes { object[attribute.name] = .string("Ann") }
            return .object(object)
        }
    }
}
