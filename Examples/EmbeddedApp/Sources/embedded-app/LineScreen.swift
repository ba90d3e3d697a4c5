import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation

/// The app's screen: one JSON object per line. It shows `{"ask": …}`, `{"message": …}` and `{"ended": …}` on
/// standard output, and reads commands and answers from standard input.
struct LineScreen {
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Shows one object, flushed at once so that a driver waiting for it sees it.
    func show(_ key: String, _ value: some Encodable) {
        guard let data = try? encoder.encode([key: value]) else { return }
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }

    /// The next line of standard input as a JSON object; nil at the end of input.
    func read() -> [String: Value]? {
        while let line = readLine() {
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            if let object = try? JSONDecoder().decode([String: Value].self, from: Data(line.utf8)) { return object }
            show("problem", "not a JSON object: \(line)")
        }
        return nil
    }

    /// An answer line as the engine takes it: `{"choice": "resend"}`, `{"cancel": true}`, or the fields' values.
    static func answer(_ line: [String: Value]?) -> InputAnswer {
        guard let line, line["cancel"] != .boolean(true) else { return .cancel }
        if let choice = line["choice"]?.stringValue { return .choice(choice) }
        return .values(line)
    }
}

/// How a run ended, as the screen shows it.
struct Ending: Encodable {
    var kind: String
    var reason: String?
    var message: String?

    init(_ outcome: RunOutcome) {
        switch outcome {
        case .ended(let end):
            kind = end.kind.name
            reason = end.reason
            message = end.message
        case .cancelled: kind = "cancelled"
        case .suspended: kind = "suspended"
        case .failed(let error):
            kind = "error"
            message = error.message
        }
    }
}
