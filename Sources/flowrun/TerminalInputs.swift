#if Running
    import FlowEngine
    import FlowModel
    import FlowrunFoundation
    import Foundation

    /// Answers `ask` steps from the terminal: labels and hints from the flow, secret inputs masked, a choice
    /// typed as `/name`, Ctrl-C or Ctrl-D to cancel. When standard input is not a terminal, it reads lines: one per
    /// input (per attribute of an `attributes` input), or one JSON line for the whole ask (``JSONAnswerLine``).
    final class TerminalInputs: InputSource, Sendable {
        private let isTerminal = isatty(0) == 1

        func answer(_ request: InputRequest) async throws -> InputAnswer {
            var pending: String?
            if !isTerminal {
                guard let line = Swift.readLine(strippingNewline: true) else { return .cancel }
                if JSONAnswerLine.isJSON(line) {
                    switch JSONAnswerLine.answer(line, to: request) {
                    case .success(let answer): return answer
                    case .failure(let problem):
                        Terminal.writeError("flowrun: \(problem); answer again")
                        return try await answer(request)
                    }
                }
                pending = line
            }
            return prompted(request, firstLine: pending)
        }

        /// The answer line by line, prompting for each input; `firstLine` answers the first prompt when given.
        private func prompted(_ request: InputRequest, firstLine: String?) -> InputAnswer {
            var pending = firstLine
            func readLine(prompt text: String, secret: Bool) -> String? {
                guard let line = pending else { return self.readLine(prompt: text, secret: secret) }
                pending = nil
                prompt(text)
                return line
            }
            if let problem = request.problem { prompt("  ✗ \(problem)\n") }
            if let hint = request.hint { prompt("\(hint)\n") }
            let choices = request.choices.map { "/\($0)" }.joined(separator: ", ")
            var values: [String: Value] = [:]
            for field in request.fields {
                if field.type == .attributes {
                    var attributes: [String: Value] = [:]
                    if let hint = field.hint { prompt("\(hint)\n") }
                    prompt("\(field.label)\n")
                    for attribute in field.attributes {
                        let optional = attribute.required ? "" : " (optional)"
                        guard let line = readLine(prompt: "  \(attribute.label)\(optional): ", secret: false) else {
                            return .cancel
                        }
                        if !line.isEmpty { attributes[attribute.name] = .string(line) }
                    }
                    values[field.name] = .object(attributes)
                    continue
                }
                if let hint = field.hint { prompt("\(hint)\n") }
                let alternatives = choices.isEmpty ? "" : " (or \(choices))"
                guard let line = readLine(prompt: "\(field.label)\(alternatives): ", secret: field.secret) else {
                    return .cancel
                }
                if line.hasPrefix("/"), request.choices.contains(String(line.dropFirst())) {
                    return .choice(String(line.dropFirst()))
                }
                values[field.name] = .string(line)
            }
            return .values(values)
        }

        /// A flow's label or hint, or a problem (they may quote an authority's data), control characters escaped.
        private func prompt(_ text: String) {
            Terminal.prompt(text)
        }

        /// One line, or nil when the user cancels (Ctrl-C, or Ctrl-D / end of input on an empty line).
        private func readLine(prompt text: String, secret: Bool) -> String? {
            prompt(text)
            guard isTerminal else { return Swift.readLine(strippingNewline: true) }
            guard !Terminal.isDumb else { return Self.readPlainLine(secret: secret) }
            return RawLineEditor.read(prompt: text, secret: secret, echo: { Terminal.writeControl($0) })
        }

        /// A line read by the terminal's own line editing (`TERM=dumb`: a terminal, or a program driving a
        /// pseudo-terminal, that wants no escape sequence), a secret without echo.
        private static func readPlainLine(secret: Bool) -> String? {
            var original = termios()
            guard secret, tcgetattr(0, &original) == 0 else { return Swift.readLine(strippingNewline: true) }
            var quiet = original
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(0, TCSANOW, &quiet)
            defer {
                tcsetattr(0, TCSANOW, &original)
                Terminal.writeError("")
            }
            return Swift.readLine(strippingNewline: true)
        }
    }

    /// The line editor over a terminal in raw mode (see ``LineEditor`` for the keys), so that secrets are masked,
    /// escape sequences never become answer text, and Ctrl-C ends cleanly with the terminal restored.
    enum RawLineEditor {
        static func read(prompt: String, secret: Bool, echo: (String) -> Void) -> String? {
            var original = termios()
            guard tcgetattr(0, &original) == 0 else { return Swift.readLine(strippingNewline: true) }
            var raw = original
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
            tcsetattr(0, TCSANOW, &raw)
            echo("\u{1B}[?2004h")  // bracketed paste: a pasted text arrives between ESC [200~ and ESC [201~
            defer {
                echo("\u{1B}[?2004l")
                tcsetattr(0, TCSANOW, &original)
            }
            var editor = LineEditor()
            while true {
                var byte: UInt8 = 0
                guard Foundation.read(0, &byte, 1) == 1 else {
                    echo("\n")
                    return nil
                }
                switch editor.feed(byte) {
                case .pending: continue
                case .changed: echo(line(editor, prompt: prompt, secret: secret))
                case .done(let text):
                    echo("\n")
                    return text
                case .cancelled:
                    echo("\n")
                    return nil
                }
            }
        }

        /// The line drawn again: back to its start, the prompt and the text (`•` per character of a secret), the
        /// rest of the screen line cleared, and the cursor moved back to where the editor's is.
        static func line(_ editor: LineEditor, prompt: String, secret: Bool) -> String {
            let shown = secret ? String(repeating: "•", count: editor.characters.count) : editor.text
            let back = editor.characters.count - editor.cursor
            return "\r" + TerminalText.escaped(prompt) + TerminalText.escaped(shown) + "\u{1B}[K"
                + (back > 0 ? "\u{1B}[\(back)D" : "")
        }
    }
#endif
