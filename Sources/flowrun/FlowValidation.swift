import FlowChecker
import FlowLoader
import FlowModel
import FlowReporting
import Foundation

/// Loads and checks flow files with the built-in catalogs.
struct FlowValidation {
    var checker = FlowChecker(catalogs: BuiltinCatalogs.all)

    /// Loads `file` (its folder is the root its sub-flows must stay in) and checks it: the program when it has
    /// no error, and the digest of its files.
    func load(file: String) -> (program: Program?, diagnostics: [Diagnostic], digest: String?) {
        let loaded = FlowLoader(rootDirectory: FlowFiles.folder(of: file)).load(file: file)
        guard let flows = loaded.flows else { return (nil, Self.unique(loaded.diagnostics), nil) }
        let checked = checker.check(flows)
        return (checked.program, Self.unique(loaded.diagnostics + checked.diagnostics), loaded.digest)
    }

    /// Checks every file; a finding reported through several files (a shared sub-flow) is kept once. A finding
    /// about one of `files` names it as it is spelled in `files`, however the loader spelled a `use` path to it.
    func check(files: [String]) -> [Diagnostic] {
        let spellings = Dictionary(
            files.map { (FlowFiles.identity(of: $0), $0) }, uniquingKeysWith: { first, _ in first })
        let diagnostics = files.flatMap { load(file: $0).diagnostics }.map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.file = spellings[FlowFiles.identity(of: diagnostic.file)] ?? diagnostic.file
            return diagnostic
        }
        return Self.unique(diagnostics)
    }

    /// The diagnostics without repeats of the same (file, line, column, code), first one kept, order kept.
    static func unique(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var seen: Set<DiagnosticKey> = []
        return diagnostics.filter { diagnostic in
            seen.insert(
                DiagnosticKey(
                    file: FlowFiles.identity(of: diagnostic.file), line: diagnostic.position?.line,
                    column: diagnostic.position?.column, code: diagnostic.code)
            ).inserted
        }
    }

    /// Prints diagnostics about `file` as text on standard error, with source lines, coloured on a terminal.
    static func printToStandardError(_ diagnostics: [Diagnostic], file: String) {
        guard !diagnostics.isEmpty else { return }
        let options = ReportOptions(
            files: [file], color: Terminal.colorAllowed(descriptor: 2), sources: sources(for: diagnostics))
        Terminal.writeError(DiagnosticFormatter.text(diagnostics, options: options))
    }

    /// The text of every file the diagnostics name that can be read, for source lines under the messages.
    static func sources(for diagnostics: [Diagnostic]) -> [String: String] {
        var sources: [String: String] = [:]
        for file in Set(diagnostics.map(\.file)) {
            if let text = try? String(contentsOfFile: file, encoding: .utf8) {
                sources[file] = text
            }
        }
        return sources
    }
}

private struct DiagnosticKey: Hashable {
    var file: String
    var line: Int?
    var column: Int?
    var code: RuleCode
}
