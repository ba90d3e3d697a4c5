import FlowCompiler
import FlowModel
import FlowReporting
import Foundation
import NativeAuth

/// Compiles flow files with the native-auth catalog, and prints what was found.
struct FlowValidation {
    var compiler: FlowCompiler

    /// Compiles against `catalogs` with the project's root (a malformed root is an error, never ignored).
    init(catalogs: CatalogOptions, project: Project) throws {
        compiler = FlowCompiler(catalogs: try catalogs.catalogs(project: project), root: try project.rootFolder())
    }

    /// Compiles `file` (its sub-flows must stay in the project's root, or else its own folder): the program
    /// when it has no error, the digest of its files and every finding.
    func load(file: String) -> CompiledFlow {
        compiler.compile(file: file)
    }

    /// Checks every file; a finding reported through several files (a shared sub-flow) is kept once.
    func check(files: [String]) -> [Diagnostic] {
        compiler.diagnostics(files: files)
    }

    /// Prints diagnostics about `file` as text on standard error, with source lines, coloured on a terminal.
    static func printToStandardError(_ diagnostics: [Diagnostic], file: String) {
        guard !diagnostics.isEmpty else { return }
        let options = ReportOptions(
            files: [file], color: Terminal.colorAllowed(descriptor: 2), sources: sources(for: diagnostics))
        Terminal.writeFormatted(DiagnosticFormatter.text(diagnostics, options: options), toStandardError: true)
    }

    /// The findings that say a file did not parse: nothing says it is a flow or a scenario file, so no line of it
    /// is shown (it may be a credentials file).
    static let unparsed: Set<RuleCode> = [
        .invalidUTF8, .syntaxError, .nestingTooDeep, .documentTooLarge, .multipleDocuments,
    ]

    /// The text of every file the diagnostics name that can be read and parsed, for source lines under the
    /// messages.
    static func sources(for diagnostics: [Diagnostic]) -> [String: String] {
        var sources: [String: String] = [:]
        let unparsedFiles = Set(diagnostics.filter { unparsed.contains($0.code) }.map(\.file))
        for file in Set(diagnostics.map(\.file)).subtracting(unparsedFiles) {
            if let text = try? String(contentsOfFile: file, encoding: .utf8) {
                sources[file] = text
            }
        }
        return sources
    }
}
