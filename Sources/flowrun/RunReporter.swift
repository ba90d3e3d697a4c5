#if Running
    import FlowEngine
    import FlowModel
    import FlowrunFoundation
    import Foundation

    /// Shows a run: messages as text on standard output, or every event as a JSON line (`--json`), numbered,
    /// timestamped and flushed at once so that a program reading the stream through a pipe sees each event when
    /// it happens.
    final class RunReporter: Sendable {
        let json: Bool
        private let sequence = Locked(0)

        init(json: Bool) {
            self.json = json
        }

        func report(_ event: EngineEvent) {
            if json {
                write(event)
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

        /// The closing event of a run that did not reach an end (`cancelled`, `suspended`, `error`); the engine
        /// writes `ended` itself.
        func close(_ kind: EngineEvent.Kind, flow: String, message: String? = nil, session: String? = nil) {
            guard json else { return }
            write(EngineEvent(kind, flow: flow, message: message, session: session))
        }

        private func write(_ event: EngineEvent) {
            var event = event
            event.seq = sequence.withLock { number in
                number += 1
                return number
            }
            let clock = ISO8601DateFormatter()
            clock.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            event.time = clock.string(from: Date())
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            guard let data = try? encoder.encode(event) else { return }
            Terminal.writeFormatted(String(decoding: data, as: UTF8.self) + "\n")
        }
    }
#endif
