/// How serious a diagnostic is. Errors stop a flow from running; warnings fail only under `--strict`.
public enum Severity: String, Sendable, Hashable, Codable, Comparable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .warning && rhs == .error
    }
}

/// One finding about a flow file: a stable rule code, a message, where, and a one-line hint.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    public var code: RuleCode
    public var severity: Severity
    public var message: String
    /// The file the finding is about, as the user named it (or as a sub-flow path resolved).
    public var file: String
    /// Where in the file; `nil` when the finding is about the file as a whole (e.g. unreadable).
    public var position: SourcePosition?
    public var hint: String
    /// The author's reason when the warning is acknowledged at its step (`allow:`); such a warning does not
    /// fail `--strict`.
    public var acknowledged: String?

    public init(
        _ code: RuleCode, _ message: String, file: String, at position: SourcePosition?,
        hint: String? = nil, severity: Severity? = nil
    ) {
        self.code = code
        self.message = message
        self.file = file
        self.position = position
        let rule = Rule.catalog[code]
        self.severity = severity ?? rule?.severity ?? .error
        self.hint = hint ?? rule?.hint ?? ""
    }

    /// `file:line:col: error FR101: message`
    public var description: String {
        let place = position.map { "\(file):\($0.line):\($0.column)" } ?? file
        return "\(place): \(severity.rawValue) \(code.rawValue): \(message)"
    }
}

extension Array where Element == Diagnostic {
    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// Whether any warning is not acknowledged: what `--strict` fails on.
    public var hasUnacknowledgedWarnings: Bool { contains { $0.severity == .warning && $0.acknowledged == nil } }

    /// Sorted by file, then position, then code: the order every report prints.
    public func sortedForReport() -> [Diagnostic] {
        sorted {
            ($0.file, $0.position ?? .start, $0.code.rawValue) < ($1.file, $1.position ?? .start, $1.code.rawValue)
        }
    }
}

/// Thrown by loaders and checkers: the diagnostics that stop a flow from becoming a program.
public struct FlowError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String {
        diagnostics.sortedForReport().map(\.description).joined(separator: "\n")
    }
}
