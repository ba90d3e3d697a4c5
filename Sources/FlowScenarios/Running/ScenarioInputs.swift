import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation
import NativeAuthEmulator

/// Answers a scenario's `ask` steps from its script: the next answer of each input in turn, codes read from
/// the emulator's outbox. A refused answer is recorded (the flow shows why) and the next one is given.
actor ScenarioInputs: InputSource {
    private var answers: [String: [ScriptedAnswer]]
    private let emulator: NativeAuthEmulator
    private let transcript: EventLog
    private let maxAsks: Int
    private var asks = 0

    /// - Parameter maxAsks: the most `ask`s one run may take (a guard against a flow that never ends).
    init(_ answers: [String: [ScriptedAnswer]], emulator: NativeAuthEmulator, transcript: EventLog, maxAsks: Int) {
        self.answers = answers
        self.emulator = emulator
        self.transcript = transcript
        self.maxAsks = maxAsks
    }

    func answer(_ request: InputRequest) async throws -> InputAnswer {
        if let problem = request.problem {
            transcript.append(
                EngineEvent(
                    .inputRejected, flow: request.flowID, step: request.step, message: problem,
                    field: request.problemField))
        }
        asks += 1
        guard asks <= maxAsks else {
            throw ScriptError("the flow asked more than \(maxAsks) times; it does not seem to end")
        }
        var values: [String: Value] = [:]
        for field in request.fields {
            guard var queue = answers[field.name], !queue.isEmpty else {
                throw ScriptError("no scripted answer left for `\(field.name)` (step `\(request.step)`)")
            }
            let next = queue.removeFirst()
            answers[field.name] = queue
            switch next {
            case .choice(let name):
                guard request.choices.contains(name) else {
                    throw ScriptError(
                        "step `\(request.step)` offers no choice `\(name)`"
                            + (request.choices.isEmpty ? "" : " (it offers \(request.choices.joined(separator: ", ")))")
                    )
                }
                return .choice(name)
            case .cancel: return .cancel
            case .value(let value): values[field.name] = value
            case .codeSentTo(let address): values[field.name] = .string(try await code(sentTo: address))
            case .wrongCode: values[field.name] = .string(Self.wrong(try? await code(sentTo: nil)))
            }
        }
        return .values(values)
    }

    private func code(sentTo address: String?) async throws -> String {
        guard let message = try await emulator.outbox(to: address, limit: 1).first else {
            throw ScriptError(
                address.map { "the authority has sent no code to \($0)" } ?? "the authority has sent no code")
        }
        return message.code
    }

    /// A code of the same length that differs from `code` in every digit.
    static func wrong(_ code: String?) -> String {
        guard let code, !code.isEmpty else { return "00000000" }
        return String(
            code.map { character in
                guard let digit = character.wholeNumberValue else { return "0" }
                return Character(String((digit + 1) % 10))
            })
    }
}
