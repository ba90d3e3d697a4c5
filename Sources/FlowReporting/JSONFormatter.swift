import FlowModel
import Foundation

extension DiagnosticFormatter {
    /// One JSON document, keys sorted:
    ///
    /// ```json
    /// {"diagnostics": [{"code": "FR101", "column": 9, "file": "a.yaml", "hint": "…", "line": 3,
    ///   "message": "…", "severity": "error"}], "errors": 1, "files": 1, "warnings": 0}
    /// ```
    ///
    /// `line` and `column` are `null` for a finding about a whole file.
    public static func json(_ diagnostics: [Diagnostic], options: ReportOptions = ReportOptions()) throws -> String {
        let report = DiagnosticReport(diagnostics, files: options.files)
        let document = JSONReport(
            files: report.files.count, errors: report.errorCount, warnings: report.warningCount,
            diagnostics: report.diagnostics.map(JSONDiagnostic.init))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = try encoder.encode(document)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

private struct JSONReport: Encodable {
    var files: Int
    var errors: Int
    var warnings: Int
    var diagnostics: [JSONDiagnostic]
}

private struct JSONDiagnostic: Encodable {
    var file: String
    var line: Int?
    var column: Int?
    var severity: String
    var code: String
    var message: String
    var hint: String
    var acknowledged: String?

    init(_ diagnostic: Diagnostic) {
        file = diagnostic.file
        line = diagnostic.position?.line
        column = diagnostic.position?.column
        severity = diagnostic.severity.rawValue
        code = diagnostic.code.rawValue
        message = diagnostic.message
        hint = diagnostic.hint
        acknowledged = diagnostic.acknowledged
    }

    private enum CodingKeys: String, CodingKey {
        case file, line, column, severity, code, message, hint, acknowledged
    }

    /// Writes `null` for a missing position instead of leaving the keys out, so every entry has the same keys.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
        try container.encode(severity, forKey: .severity)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
        try container.encode(hint, forKey: .hint)
        try container.encodeIfPresent(acknowledged, forKey: .acknowledged)
    }
}
