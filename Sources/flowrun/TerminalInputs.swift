import FlowEngine
import FlowModel
import Foundation

/// Answers `ask` steps from the terminal: labels and hints from the flow, secret inputs masked, a choice
/// typed as `/name`, Ctrl-C or Ctrl-D to cancel. When standard input is not a terminal, it reads lines.
final class TerminalInputs: InputSource, Sendable {
    private let isTerminal = isatty(0) == 1

    func answer(_ request: InputRequest) async throws -> InputAnswer {
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

    private func prompt(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// One line, or nil when the user cancels (Ctrl-C, or Ctrl-D / end of input on an empty line).
    private func readLine(prompt text: String, secret: Bool) -> String? {
        prompt(text)
        guard isTerminal else { return Swift.readLine(strippingNewline: true) }
        return RawLineEditor.read(secret: secret, echo: { self.prompt($0) })
    }
}

/// A minimal line editor over a terminal in raw mode, so that secrets are masked and Ctrl-C ends cleanly
/// with the terminal restored.
enum RawLineEditor {
    static func read(secret: Bool, echo: (String) -> Void) -> String? {
        var original = termios()
        guard tcgetattr(0, &original) == 0 else { return Swift.readLine(strippingNewline: true) }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        tcsetattr(0, TCSANOW, &raw)
        defer { tcsetattr(0, TCSANOW, &original) }
        var bytes: [UInt8] = []
        while true {
            var byte: UInt8 = 0
            guard Foundation.read(0, &byte, 1) == 1 else { return nil }
            switch byte {
            case 0x03:  // Ctrl-C
                echo("\n")
                return nil
            case 0x04 where bytes.isEmpty:  // Ctrl-D on an empty line
                echo("\n")
                return nil
            case 0x0A, 0x0D:
                echo("\n")
                return String(decoding: bytes, as: UTF8.self)
            case 0x7F, 0x08:
                guard !bytes.isEmpty else { continue }
                // Remove one whole UTF-8 character.
                repeat { bytes.removeLast() } while !bytes.isEmpty && bytes[bytes.count - 1] & 0xC0 == 0x80
                echo("\u{8} \u{8}")
            case let byte where byte < 0x20:
                continue
            default:
                bytes.append(byte)
                if byte & 0xC0 != 0x80 { echo(secret ? "•" : "") }
                if !secret { FileHandle.standardError.write(Data([byte])) }
            }
        }
    }
}
