import ArgumentParser
import FlowModel
import FlowReporting
import Foundation
import NativeAuthTenant

/// `flowrun validate PATH...`
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check flow files and report every problem found.",
        discussion: """
            Each PATH is a flow file, `-` for a flow on standard input, or a folder. Folders are searched recursively \
            for .yaml, .yml and .json files; files and folders whose names start with '.' are skipped. Sub-flows used \
            by the files are checked too, and a problem reported through several files is listed once.

            --format github prints an annotation per problem and ends with a one-line ::notice that sums up the \
            check (files, errors, warnings), even when all is well.

            Exit codes: 0 when no file has an error, 1 when one has (or has a warning under --strict), \
            2 for a usage error, an unreadable path or no flow files.
            """
    )

    @Argument(help: ArgumentHelp("Flow files or folders to check.", valueName: "path"), completion: .flowFiles)
    var paths: [String]

    @Option(help: "The report format; github prints GitHub Actions annotations, junit a JUnit XML report.")
    var format: ReportFormatOption = .text

    @Option(
        help: ArgumentHelp(
            "Write the report (in --format) to FILE; the text report still goes to the terminal.",
            valueName: "file"))
    var output: String?

    @Flag(help: "Fail on warnings too.")
    var strict = false

    @Option(
        help: ArgumentHelp(
            "Also check the flows against this tenant (an authority.yaml): warn (FR129) "
                + "where its settings make an outcome likely that a flow routes to a failure end.",
            valueName: "file"))
    var config: String?

    @Option(
        help: ArgumentHelp(
            "With --config: the capabilities the client declares, space-separated "
                + "(default: `capabilities` of ./flowrun.yaml, else none).",
            valueName: "capabilities"))
    var capabilities: String?

    @OptionGroup var catalogOptions: CatalogOptions

    @Flag(help: "Never colour the text report (colour is used only on a terminal, unless NO_COLOR is set).")
    var noColor = false

    func run() throws {
        let input = paths.contains(StandardInputFlow.name) ? try StandardInputFlow() : nil
        defer { input?.remove() }
        let paths = self.paths.map { $0 == StandardInputFlow.name ? input?.path ?? $0 : $0 }
        let found = FlowFiles(paths: paths)
        for problem in found.problems {
            Terminal.error(problem)
        }
        guard found.problems.isEmpty else { throw ExitCode.usage }
        guard !found.files.isEmpty else {
            Terminal.error("no flow files (.yaml, .yml, .json) found in \(paths.joined(separator: ", "))")
            throw ExitCode.usage
        }

        let project = try Project.current()
        let validation = try FlowValidation(catalogs: catalogOptions, project: project)
        var diagnostics = validation.check(files: found.files)
        if let config {
            diagnostics += try tenantFit(config, project: project).findings(
                in: found.files, besides: diagnostics, using: validation)
        }
        if let limits = project.limits {
            diagnostics += validation.limitFindings(in: found.files, limits: limits, besides: diagnostics)
        }
        diagnostics += validation.compiler.translationDiagnostics(files: found.files) { folder in
            FlowFiles(paths: [folder.isEmpty ? "." : folder]).files.filter {
                ($0 as NSString).deletingLastPathComponent == folder
            }
        }
        var sources = FlowValidation.sources(for: diagnostics)
        var files = found.files
        if let input {
            for index in diagnostics.indices { diagnostics[index].file = input.named(diagnostics[index].file) }
            sources = Dictionary(
                sources.map { (input.named($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
            files = files.map(input.named)
        }
        if let output {
            var options = ReportOptions(files: files, strict: strict)
            if format == .text { options.sources = sources }
            let report = try formatted(format, diagnostics, options: options)
            do {
                try report.write(toFile: output, atomically: true, encoding: .utf8)
            } catch {
                throw UsageError("cannot write the report to \(output): \(error.localizedDescription)")
            }
        }
        let shown: ReportFormatOption = output == nil ? format : .text
        var options = ReportOptions(files: files, strict: strict)
        if shown == .text {
            options.color = !noColor && Terminal.colorAllowed(descriptor: 1)
            options.sources = sources
        }
        Terminal.writeFormatted(try formatted(shown, diagnostics, options: options))
        if DiagnosticReport(diagnostics, files: files).failed(strict: strict) {
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

extension Validate {
    /// The report in `format`; a GitHub report ends with a `::notice` that sums it up, even when all is well.
    func formatted(_ format: ReportFormatOption, _ diagnostics: [Diagnostic], options: ReportOptions) throws -> String {
        let report = try DiagnosticFormatter.format(format.format, diagnostics, options: options)
        guard format == .github else { return report }
        return report + DiagnosticFormatter.githubSummary(diagnostics, options: options, title: "flowrun validate")
    }

    /// The tenant of `--config` with the client's capabilities; a configuration that cannot be read is a usage
    /// error.
    func tenantFit(_ file: String, project: Project) throws -> TenantFit {
        let configuration = try TenantConfiguration.option(file)
        let declared =
            capabilities.map { $0.split(separator: " ").map(String.init) }
            ?? project.capabilities ?? []
        return TenantFit(configuration: configuration, capabilities: declared)
    }
}

extension TenantFit {
    /// FR129 warnings for the flows of `files` that compile, each reported once.
    func findings(in files: [String], besides diagnostics: [Diagnostic], using validation: FlowValidation)
        -> [Diagnostic]
    {
        var found = Set(diagnostics)
        var added: [Diagnostic] = []
        for file in files {
            guard let program = validation.load(file: file).program else { continue }
            for finding in check(program) where found.insert(finding).inserted { added.append(finding) }
        }
        return added
    }
}
