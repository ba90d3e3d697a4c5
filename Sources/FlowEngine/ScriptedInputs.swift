import FlowModel
import FlowrunFoundation

/// Answers `ask` steps from a script: for each input, the values to give, in order (an input asked several
/// times takes the next value each time). An entry `.object(["choose": "resend"])` picks a choice instead.
/// When the script has no answer left, it suspends the run (`suspendWhenExhausted`) or fails.
public actor ScriptedInputs: InputSource {
    private var answers: [String: [Value]]
    private let suspendWhenExhausted: Bool
    private let resolve: @Sendable (String, InputRequest) async throws -> Value

    /// - Parameters:
    ///   - answers: values per input name.
    ///   - suspendWhenExhausted: suspend the run when no answer is left, instead of failing.
    ///   - resolve: turns each scripted string value into the value given (e.g. `@outbox` into the code the
    ///     embedded authority last sent); the identity by default.
    public init(
        _ answers: [String: [Value]], suspendWhenExhausted: Bool = false,
        resolve: @escaping @Sendable (String, InputRequest) async throws -> Value = { text, _ in .string(text) }
    ) {
        self.answers = answers
        self.suspendWhenExhausted = suspendWhenExhausted
        self.resolve = resolve
    }

    public func answer(_ request: InputRequest) async throws -> InputAnswer {
        if let problem = request.problem {
            throw ScriptError("the scripted answer for step `\(request.step)` was refused: \(problem)")
        }
        if let missing = request.fields.first(where: { answers[$0.name]?.isEmpty ?? true }) {
            if suspendWhenExhausted { return .suspend }
            throw ScriptError("no scripted answer left for `\(missing.name)` (step `\(request.step)`)")
        }
        var values: [String: Value] = [:]
        for field in request.fields {
            var queue = answers[field.name] ?? []
            let next = queue.removeFirst()
            answers[field.name] = queue
            if let choice = next[field: "choose"]?.stringValue { return .choice(choice) }
            values[field.name] = try await resolved(next, request)
        }
        return .values(values)
    }

    private func resolved(_ value: Value, _ request: InputRequest) async throws -> Value {
        switch value {
        case .string(let text): return try await resolve(text, request)
        case .object(let fields):
            var result: [String: Value] = [:]
            for (name, field) in fields { result[name] = try await resolved(field, request) }
            return .object(result)
        default: return value
        }
    }
}

/// A scripted answer could not be given.
public struct ScriptError: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
