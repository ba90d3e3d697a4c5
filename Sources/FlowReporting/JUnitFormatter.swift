import FlowModel

extension DiagnosticFormatter {
    /// JUnit XML for CI test reports: one test suite `flowrun validate` with one test case per file. Each error
    /// (and, when `strict`, each warning) is a `<failure>` of its file's case; warnings that do not fail are
    /// listed in the case's `<system-out>`. A clean file is a passing case.
    public static func junit(_ diagnostics: [Diagnostic], options: ReportOptions = ReportOptions()) -> String {
        let report = DiagnosticReport(diagnostics, files: options.files)
        var cases: [String] = []
        var failedCases = 0
        for file in report.files {
            let findings = report.diagnostics(in: file)
            let fails = { (finding: Diagnostic) in
                finding.severity == .error || (options.strict && finding.acknowledged == nil)
            }
            let failures = findings.filter(fails)
            let notes = findings.filter { !fails($0) }
            if !failures.isEmpty { failedCases += 1 }
            let name = xmlAttribute(file)
            if findings.isEmpty {
                cases.append("    <testcase classname=\"\(name)\" name=\"\(name)\"/>")
                continue
            }
            var lines = ["    <testcase classname=\"\(name)\" name=\"\(name)\">"]
            for failure in failures {
                lines.append(
                    "      <failure message=\"\(xmlAttribute(failure.message))\" "
                        + "type=\"\(xmlAttribute(failure.code.rawValue))\">"
                        + xmlText(detail(failure)) + "</failure>")
            }
            if !notes.isEmpty {
                lines.append(
                    "      <system-out>" + xmlText(notes.map(detail).joined(separator: "\n")) + "</system-out>")
            }
            lines.append("    </testcase>")
            cases.append(lines.joined(separator: "\n"))
        }
        let counts = "tests=\"\(report.files.count)\" failures=\"\(failedCases)\" errors=\"0\""
        let head = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"flowrun\" \(counts)>",
            "  <testsuite name=\"flowrun validate\" \(counts) skipped=\"0\">",
        ]
        let tail = ["  </testsuite>", "</testsuites>"]
        return (head + cases + tail).joined(separator: "\n") + "\n"
    }

    /// The body of a failure: the diagnostic line and its hint.
    private static func detail(_ diagnostic: Diagnostic) -> String {
        diagnostic.hint.isEmpty ? diagnostic.description : diagnostic.description + "\nhint: " + diagnostic.hint
    }

    /// Text content: `&`, `<`, `>` escaped, `\r` kept as a reference, characters XML 1.0 forbids replaced.
    public static func xmlText(_ text: String) -> String {
        xmlEscape(text, attribute: false)
    }

    /// An attribute value in double quotes: also `"`, `'`, and whitespace that attribute normalisation would lose.
    public static func xmlAttribute(_ text: String) -> String {
        xmlEscape(text, attribute: true)
    }

    private static func xmlEscape(_ text: String, attribute: Bool) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\r": escaped += "&#13;"
            case "\"" where attribute: escaped += "&quot;"
            case "'" where attribute: escaped += "&apos;"
            case "\n" where attribute: escaped += "&#10;"
            case "\t" where attribute: escaped += "&#9;"
            case "\t", "\n": escaped.unicodeScalars.append(scalar)
            default:
                // XML 1.0 allows no other C0 control, nor U+FFFE / U+FFFF.
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    escaped += "\u{FFFD}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }
}
