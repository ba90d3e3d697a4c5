import FlowModel

extension DiagnosticFormatter {
    /// GitHub Actions workflow commands, one line per diagnostic:
    ///
    /// ```
    /// ::error file=flows/a.yaml,line=3,col=9,title=FR101::step `nowhere` does not exist%0Ahint: define the step
    /// ```
    ///
    /// Data is escaped as GitHub documents (`%`, `\r`, `\n`), and properties also escape `:` and `,`.
    /// Nothing else is printed, so every line is a command.
    public static func github(_ diagnostics: [Diagnostic], options: ReportOptions = ReportOptions()) -> String {
        let report = DiagnosticReport(diagnostics, files: options.files)
        return report.diagnostics.map { diagnostic in
            var properties = ["file=" + escapeProperty(diagnostic.file)]
            if let position = diagnostic.position {
                properties.append("line=\(position.line)")
                properties.append("col=\(position.column)")
            }
            properties.append("title=" + escapeProperty(diagnostic.code.rawValue))
            var message = diagnostic.message
            if !diagnostic.hint.isEmpty {
                message += "\nhint: " + diagnostic.hint
            }
            if let reason = diagnostic.acknowledged {
                message += "\nacknowledged: " + reason
                return "::notice \(properties.joined(separator: ","))::\(escapeData(message))\n"
            }
            return "::\(diagnostic.severity.rawValue) \(properties.joined(separator: ","))::\(escapeData(message))\n"
        }.joined()
    }

    /// The one-line `::notice` that ends a GitHub report of a check, so that a clean run still says what it
    /// checked: `::notice title=flowrun validate::3 files checked, 1 with errors: 2 errors, 1 warning`.
    public static func githubSummary(
        _ diagnostics: [Diagnostic], options: ReportOptions = ReportOptions(), title: String
    ) -> String {
        let report = DiagnosticReport(diagnostics, files: options.files)
        let failing = Set(report.diagnostics.filter { $0.severity == .error }.map(\.file)).count
        var counts = [
            DiagnosticReport.count(report.errorCount, "error"), DiagnosticReport.count(report.warningCount, "warning"),
        ]
        if report.acknowledgedCount > 0 {
            counts.append("\(DiagnosticReport.count(report.acknowledgedCount, "warning")) acknowledged")
        }
        let files = "\(DiagnosticReport.count(report.files.count, "file")) checked, \(failing) with errors"
        return "::notice title=\(escapeProperty(title))::\(escapeData(files + ": " + counts.joined(separator: ", ")))\n"
    }

    /// Escapes the message of a workflow command.
    static func escapeData(_ text: String) -> String {
        var escaped = ""
        for character in text.unicodeScalars {
            switch character {
            case "%": escaped += "%25"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// Escapes a property value of a workflow command.
    static func escapeProperty(_ text: String) -> String {
        var escaped = ""
        for character in escapeData(text).unicodeScalars {
            switch character {
            case ":": escaped += "%3A"
            case ",": escaped += "%2C"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
