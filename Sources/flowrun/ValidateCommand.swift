import ArgumentParser
import FlowModel
import FlowReporting

/// `flowrun validate PATH...`
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check flow files and report every problem found.",
        discussion: """
            Each PATH is a flow file or a folder. Folders are searched recursively for .yaml, .yml and .json \
            files; files and folders whose names start with '.' are skipped. Sub-flows used by the files are \
            checked too, and a problem reported through several files is listed once.

            Exit codes: 0 when no file has an error, 1 when one has (or has a warning under --strict), \
            2 for a usage error, an unreadable path or no flow files.
            """
    )

    @Argument(help: ArgumentHelp("Flow files or folders to check.", valueName: "path"))
    var paths: [String]

    @Option(help: "The report format; github prints GitHub Actions annotations, junit a JUnit XML report.")
    var format: ReportFormatOption = .text

    @Flag(help: "Fail on warnings too.")
    var strict = false

    @Flag(help: "Never colour the text report (colour is used only on a terminal, unless NO_COLOR is set).")
    var noColor = false

    func run() throws {
        let found = FlowFiles(paths: paths)
        for problem in found.problems {
            Terminal.error(problem)
        }
        guard found.problems.isEmpty else { throw ExitCode.usage }
        guard !found.files.isEmpty else {
            Terminal.error("no flow files (.yaml, .yml, .json) found in \(paths.joined(separator: ", "))")
            throw ExitCode.usage
        }

        let diagnostics = FlowValidation().check(files: found.files)
        var options = ReportOptions(files: found.files, strict: strict)
        if format == .text {
            options.color = !noColor && Terminal.colorAllowed(descriptor: 1)
            options.sources = FlowValidation.sources(for: diagnostics)
        }
        Terminal.write(try DiagnosticFormatter.format(format.format, diagnostics, options: options))
        if DiagnosticReport(diagnostics, files: found.files).failed(strict: strict) {
            throw ExitCode.flowFailed
        }
    }
}

/// The values of `validate --format`.
enum ReportFormatOption: String, CaseIterable, ExpressibleByArgument {
    case text
    case json
    case github
    case junit

    var format: DiagnosticFormat {
        switch self {
        case .text: return .text
        case .json: return .json
        case .github: return .github
        case .junit: return .junit
        }
    }
}
