import FlowModel

/// The machine and human formats a set of diagnostics can be reported in.
public enum DiagnosticFormat: String, Sendable, Hashable, CaseIterable {
    /// `path:line:col: error FR101: message`, a hint, optionally the source line, and a summary line.
    case text
    /// One JSON document with counts and every diagnostic.
    case json
    /// GitHub Actions workflow commands (`::error file=…::message`).
    case github
    /// JUnit XML: one test case per checked file.
    case junit
}

/// What a report needs besides the diagnostics. Every formatter takes the same options and ignores the ones
/// that do not apply to it.
public struct ReportOptions: Sendable, Hashable {
    /// The files that were checked. Clean files count in summaries and appear as passing JUnit test cases; files
    /// named only by a diagnostic (a sub-flow) are added.
    public var files: [String]
    /// Whether warnings fail the run (JUnit reports them as failures).
    public var strict: Bool
    /// Whether the text format uses ANSI colours. The caller decides (terminal, `NO_COLOR`, ...).
    public var color: Bool
    /// Source text by file; when present, the text format prints the offending line with a caret.
    public var sources: [String: String]

    public init(files: [String] = [], strict: Bool = false, color: Bool = false, sources: [String: String] = [:]) {
        self.files = files
        self.strict = strict
        self.color = color
        self.sources = sources
    }
}

/// Diagnostics prepared for reporting: sorted, counted, with the full list of files involved.
public struct DiagnosticReport: Sendable, Hashable {
    /// Sorted with `sortedForReport()`.
    public var diagnostics: [Diagnostic]
    /// Every checked file and every file a diagnostic names, sorted, without duplicates.
    public var files: [String]

    public init(_ diagnostics: [Diagnostic], files: [String] = []) {
        self.diagnostics = diagnostics.sortedForReport()
        self.files = Set(files + diagnostics.map(\.file)).sorted()
    }

    public var errorCount: Int { diagnostics.count(where: { $0.severity == .error }) }
    /// Warnings not acknowledged with `allow:`.
    public var warningCount: Int { diagnostics.count(where: { $0.severity == .warning && $0.acknowledged == nil }) }
    /// Warnings acknowledged with `allow:`: reported, never a failure.
    public var acknowledgedCount: Int { diagnostics.count(where: { $0.acknowledged != nil }) }

    /// Whether the report means failure: any error, or any warning when `strict`.
    public func failed(strict: Bool) -> Bool {
        errorCount > 0 || (strict && warningCount > 0)
    }

    /// The diagnostics about one file, in report order.
    public func diagnostics(in file: String) -> [Diagnostic] {
        diagnostics.filter { $0.file == file }
    }

    /// `2 errors, 1 warning in 3 files`, or `no problems in 3 files`.
    public var summary: String {
        var counts: [String] = []
        if errorCount > 0 { counts.append(Self.count(errorCount, "error")) }
        if warningCount > 0 { counts.append(Self.count(warningCount, "warning")) }
        if acknowledgedCount > 0 { counts.append("\(Self.count(acknowledgedCount, "warning")) acknowledged") }
        let problems = counts.isEmpty ? "no problems" : counts.joined(separator: ", ")
        return "\(problems) in \(Self.count(files.count, "file"))"
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}

/// The diagnostic formatters: pure functions from diagnostics and options to the text to print.
public enum DiagnosticFormatter {
    /// Formats `diagnostics` in `format`. Only JSON encoding can throw.
    public static func format(
        _ format: DiagnosticFormat, _ diagnostics: [Diagnostic], options: ReportOptions = ReportOptions()
    ) throws -> String {
        switch format {
        case .text: return text(diagnostics, options: options)
        case .json: return try json(diagnostics, options: options)
        case .github: return github(diagnostics, options: options)
        case .junit: return junit(diagnostics, options: options)
        }
    }
}
