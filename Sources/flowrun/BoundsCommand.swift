import ArgumentParser
import FlowModel
import FlowReview

/// `flowrun bounds FLOW...`
struct Bounds: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the worst case of one run of each flow: codes sent, attempts, authority calls, asks, steps.",
        discussion: """
            Each count comes with the path (step names, sub-flow steps as useStep/subStep) that reaches it, or \
            "unbounded" with the loop that has no attempt limit. Every outcome, choice and branch counts as \
            possible at every step. A count through a sub-flow that several steps use is an upper bound, and \
            says so. `limits:` in flowrun.yaml makes `validate` fail (FR132) on a flow that goes over them.

            Exit codes: 0 printed, 1 a flow has errors, 2 a usage error or an unreadable path.
            """
    )

    @Argument(help: ArgumentHelp("Flow files or folders.", valueName: "flow"), completion: .flowFiles)
    var flows: [String]

    @Option(help: "The output format.")
    var format: OutputFormat = .text

    @OptionGroup var catalogOptions: CatalogOptions

    func run() throws {
        let found = FlowFiles(paths: flows)
        for problem in found.problems {
            Terminal.error(problem)
        }
        guard found.problems.isEmpty else { throw ExitCode.usage }
        guard !found.files.isEmpty else {
            Terminal.error("no flow files (.yaml, .yml, .json) found in \(flows.joined(separator: ", "))")
            throw ExitCode.usage
        }
        let validation = try FlowValidation(catalogs: catalogOptions, project: try Project.current())
        var results: [FlowBounds] = []
        var failed = false
        for file in found.files {
            let compiled = validation.load(file: file)
            FlowValidation.printToStandardError(compiled.diagnostics.filter { $0.severity == .error }, file: file)
            guard let program = compiled.program else {
                failed = true
                continue
            }
            results.append(FlowBounds(program: program, catalogs: validation.compiler.catalogs))
        }
        Terminal.write(format == .json ? try BoundsReport.json(results) : BoundsReport.text(results))
        if failed { throw ExitCode.flowFailed }
    }
}
