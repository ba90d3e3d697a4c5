import Foundation

/// Where output goes and whether it may be coloured.
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

    /// Writes `text` to standard output as is.
    static func write(_ text: String) {
        print(text, terminator: "")
    }

    /// Writes `text` and a newline to standard output at once, flushed: a line of progress.
    static func writeLine(_ text: String) {
        print(text)
        fflush(nil)
    }

    /// Writes `text` to standard error, adding a final newline when it has none.
    static func writeError(_ text: String) {
        fflush(nil)
        let line = text.hasSuffix("\n") ? text : text + "\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// `flowrun: error: message` on standard error, control characters but newlines escaped (messages may quote
    /// an authority's words).
    static func error(_ message: String) {
        writeError("flowrun: error: " + TerminalText.escaped(message, keepingNewlines: true))
    }
}
