import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation
import NativeAuthEmulator

/// The explorer's answers: valid values by input type (the code the authority sent last), or the choice
/// whose edge is nearest to an edge not taken yet. Every answer is recorded for the scenario it becomes.
actor ExplorerInputs: InputSource {
    let state: ExplorerState
    let emulator: NativeAuthEmulator
    let email: String
    let maxAsks: Int
    private var asks = 0

    static let password = "Expl0re!Passw0rd#1"

    init(state: ExplorerState, emulator: NativeAuthEmulator, email: String, maxAsks: Int) {
        self.state = state
        self.emulator = emulator
        self.email = email
        self.maxAsks = maxAsks
    }

    func answer(_ request: InputRequest) async throws -> InputAnswer {
        asks += 1
        guard asks <= maxAsks, let first = request.fields.first else {
            if let first = request.fields.first { state.record(.cancel, for: first.name) }
            return .cancel
        }
        if let choice = nearestChoice(request) {
            state.record(.choice(choice), for: first.name)
            return .choice(choice)
        }
        var values: [String: Value] = [:]
        for field in request.fields {
            let (value, recorded) = await answer(for: field)
            values[field.name] = value
            state.record(recorded, for: field.name)
        }
        return .values(values)
    }

    /// A choice whose edge is nearer to an edge not taken yet than the `next` edge; `nil` to answer.
    private func nearestChoice(_ request: InputRequest) -> String? {
        guard let (program, step) = state.current, case .ask(_, _, let choices, let next) = step.kind else {
            return nil
        }
        let distances = state.distancesToUncovered()
        let distance = { (edge: Int) in distances[EdgeID(file: program.file, index: edge)] ?? .max }
        var best: (name: String, distance: Int)?
        for (name, edge) in choices.sorted(by: { $0.key < $1.key }) where request.choices.contains(name) {
            if distance(edge) < (best?.distance ?? distance(next)) { best = (name, distance(edge)) }
        }
        return best?.name
    }

    private func answer(for field: InputField) async -> (Value, ScriptedAnswer) {
        switch field.type {
        case .email:
            let email = state.plan.email ?? email
            return (.string(email), .value(.string(email)))
        case .password: return (.string(Self.password), .value(.string(Self.password)))
        case .code:
            if let code = try? await emulator.outbox(limit: 1).first?.code { return (.string(code), .codeSentTo(nil)) }
            return ("00000000", .value("00000000"))
        case .text:
            let text = Self.text(matching: field.pattern)
            return (.string(text), .value(.string(text)))
        case .list:
            let word = Self.text(matching: field.pattern)
            return (.list([.string(word)]), .value(.string(word)))
        case .attributes:
            var values: [String: Value] = [:]
            for attribute in field.attributes {
                values[attribute.name] = .string(Self.text(matching: attribute.pattern))
            }
            return (.object(values), .value(.object(values)))
        }
    }

    /// A short text that matches `pattern` when one of a few candidates does.
    static func text(matching pattern: String?) -> String {
        let candidates = ["Explorer", "explorer", "12345", "Explorer 1", "A1", "a", "1", "+15555550100"]
        guard let pattern, let expression = try? NSRegularExpression(pattern: pattern) else { return candidates[0] }
        return candidates.first { text in
            let range = NSRange(text.startIndex..., in: text)
            return expression.firstMatch(in: text, options: [.anchored], range: range)?.range == range
        } ?? candidates[0]
    }
}
