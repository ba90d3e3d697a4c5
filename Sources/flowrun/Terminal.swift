import Foundation

/// Where output goes and whether it may be coloured. Every text flowrun prints goes through these writers, which
/// escape control characters (``TerminalText``, keeping newlines and tabs): a flow's labels and hints, an
/// authority's data and errors can neither move the cursor, clear the screen, set the window title nor colour
/// the terminal. Only documents that escape what they quote themselves (``writeFormatted(_:toStandardError:)``)
/// and the line editor's own sequences (``writeControl(_:)``) are written as they are.
enum Terminal {
    /// Whether text written to `descriptor` may use ANSI colours: it is a terminal, `NO_COLOR` is unset or
    /// empty, and `TERM` is not `dumb`.
    static func colorAllowed(
        descriptor: Int32, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Bool {
        guard isatty(descriptor) == 1 else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return true
    }

    /// Whether `TERM` is `dumb`: no colour, and no escape sequence of the line editor (the terminal edits lines).
    static var isDumb: Bool { ProcessInfo.processInfo.environment["TERM"] == "dumb" }

    /// Writes `text` to standard output, control characters escaped.
    static func write(_ text: String) {
        print(TerminalText.escaped(text, keepingLayout: true), terminator: "")
    }

    /// Writes `text` and a newline to standard output at once, flushed: a line of progress.
    static func writeLine(_ text: String) {
        print(TerminalText.escaped(text, keepingLayout: true))
        fflush(nil)
    }

    /// Writes `text` to standard error, control characters escaped, adding a final newline when it has none.
    static func writeError(_ text: String) {
        let escaped = TerminalText.escaped(text, keepingLayout: true)
        writeErrorAsIs(escaped.hasSuffix("\n") ? escaped : escaped + "\n")
    }

    /// Writes `text` to standard error without a newline (a prompt), control characters escaped.
    static func prompt(_ text: String) {
        writeErrorAsIs(TerminalText.escaped(text, keepingLayout: true))
    }

    /// Writes a document that escapes what it quotes itself as is: a JSON document (JSON escapes control
    /// characters), or a `FlowReporting` report (its colours are flowrun's own; it replaces every control
    /// character of the texts it quotes). Standard error when `toStandardError`.
    static func writeFormatted(_ report: String, toStandardError: Bool = false) {
        if toStandardError {
            writeErrorAsIs(report)
        } else {
            print(report, terminator: "")
            fflush(nil)
        }
    }

    /// Writes flowrun's own escape sequences (the line editor's) to standard error; never text from elsewhere.
    static func writeControl(_ sequence: String) {
        writeErrorAsIs(sequence)
    }

    /// `flowrun: error: message` on standard error (messages may quote an authority's words).
    static func error(_ message: String) {
        writeError("flowrun: error: " + message)
    }

    private static func writeErrorAsIs(_ text: String) {
        fflush(nil)
        FileHandle.standardError.write(Data(text.utf8))
    }
}
