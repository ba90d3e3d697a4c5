import FlowEngine
import FlowModel
import Foundation

/// Shows a run: messages as text on standard output, or every event as a JSON line (`--json`).
struct RunReporter: Sendable {
    let json: Bool

    func report(_ event: EngineEvent) {
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            guard let data = try? encoder.encode(event) else { return }
            Terminal.write(String(decoding: data, as: UTF8.self) + "\n")
        } else if event.event == .message, let message = event.message {
            Terminal.write(TerminalText.escaped(message) + "\n")
        }
    }

    /// The closing lines of a text run: how it ended and its output.
    func finish(_ result: EndResult) {
        guard !json else { return }
        let reason = result.reason.map { " (\(TerminalText.escaped($0)))" } ?? ""
        Terminal.writeError("flowrun: ended: \(result.kind.name)\(reason)")
        // Output values come from the authority (claims, error descriptions): escaped before they reach a terminal.
        for name in result.output.keys.sorted() {
            Terminal.write("\(name): \(TerminalText.escaped(result.output[name]?.description ?? ""))\n")
        }
    }
}
