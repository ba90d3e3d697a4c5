import FlowModel

extension DiagnosticFormatter {
    /// The human format:
    ///
    /// ```
    /// flows/a.yaml:3:9: error FR101: step `nowhere` does not exist
    ///     3 |   next: nowhere
    ///       |         ^
    ///   hint: define the step or fix the name
    ///
    /// 1 error in 1 file
    /// ```
    ///
    /// The source line and caret appear when `options.sources` holds the file's text. Control characters that
    /// could drive a terminal are replaced, so a hostile flow file cannot inject escape sequences.
    public static func text(_ diagnostics: [Diagnostic], options: ReportOptions = ReportOptions()) -> String {
        let report = DiagnosticReport(diagnostics, files: options.files)
        let style = TextStyle(enabled: options.color)
        var lines: [String] = []
        var sourceLines: [String: [Substring]] = [:]
        for diagnostic in report.diagnostics {
            lines.append(headline(diagnostic, style: style))
            if let position = diagnostic.position, let source = options.sources[diagnostic.file] {
                let fileLines = sourceLines[diagnostic.file] ?? splitLines(source)
                sourceLines[diagnostic.file] = fileLines
                lines += snippet(fileLines, at: position, style: style)
            }
            if !diagnostic.hint.isEmpty {
                lines.append("  " + style.hint("hint:") + " " + printable(diagnostic.hint))
            }
        }
        if !report.diagnostics.isEmpty {
            lines.append("")
        }
        let summary = report.summary
        if report.errorCount > 0 {
            lines.append(style.error(summary))
        } else if report.warningCount > 0 {
            lines.append(style.warning(summary))
        } else {
            lines.append(style.bold(summary))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `path:line:col: error FR101: message`
    static func headline(_ diagnostic: Diagnostic, style: TextStyle) -> String {
        let place = diagnostic.position.map { "\(diagnostic.file):\($0.line):\($0.column)" } ?? diagnostic.file
        let severity =
            diagnostic.severity == .error
            ? style.error(diagnostic.severity.rawValue) : style.warning(diagnostic.severity.rawValue)
        let acknowledged = diagnostic.acknowledged.map { " (acknowledged: \(printable($0)))" } ?? ""
        return style.bold(printable(place) + ":") + " " + severity + " " + style.bold(diagnostic.code.rawValue + ":")
            + " " + printable(diagnostic.message) + acknowledged
    }

    /// The source line with a gutter, and a caret under the column; nothing when the line does not exist.
    static func snippet(_ fileLines: [Substring], at position: SourcePosition, style: TextStyle) -> [String] {
        guard position.line >= 1, position.line <= fileLines.count else { return [] }
        let line = fileLines[position.line - 1]
        let number = String(position.line)
        let width = max(number.count, 4)
        let gutter = String(repeating: " ", count: width - number.count) + number
        let blank = String(repeating: " ", count: width)
        // Keep tabs so the caret lines up under tab-indented text; everything else becomes one space.
        let scalars = Array(line.unicodeScalars)
        let prefixLength = min(max(position.column - 1, 0), scalars.count)
        let padding = String(String.UnicodeScalarView(scalars[0..<prefixLength].map { $0 == "\t" ? "\t" : " " }))
        return [
            style.gutter(gutter + " |") + " " + printable(String(line)),
            style.gutter(blank + " |") + " " + padding + style.caret("^"),
        ]
    }

    /// Lines of a source text, without their `\n` or `\r\n`.
    static func splitLines(_ source: String) -> [Substring] {
        // "\r\n" is one Character, so both separators are named.
        source.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    }

    /// Replaces control characters other than tab (escape sequences, carriage returns, newlines) with U+FFFD.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnprintable) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isUnprintable($0) ? "\u{FFFD}" : $0 }))
    }

    private static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
    }
}

/// ANSI styling for the text format, or none.
struct TextStyle {
    var enabled: Bool

    func error(_ text: String) -> String { wrap(text, "1;31") }
    func warning(_ text: String) -> String { wrap(text, "1;33") }
    func bold(_ text: String) -> String { wrap(text, "1") }
    func hint(_ text: String) -> String { wrap(text, "1;36") }
    func gutter(_ text: String) -> String { wrap(text, "34") }
    func caret(_ text: String) -> String { wrap(text, "1;32") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
