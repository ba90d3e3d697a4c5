import ArgumentParser
import FlowModel
import FlowReporting
import Foundation

/// `flowrun graph FLOW`
struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a flow as a Mermaid or Graphviz graph.",
        discussion: """
            Every step is a node labelled with its name and kind; every edge is labelled with the outcome, \
            choice or branch that takes it, with ≤N for an attempt limit; exhausted edges are dashed. \
            A flow with errors is not drawn: its problems are printed on standard error.

            Exit codes: 0 drawn, 1 the flow has errors, 2 a usage error or an unreadable flow file.
            """
    )

    @Argument(
        help: ArgumentHelp("The flow file to draw (`-`: standard input).", valueName: "flow"), completion: .flowFiles)
    var flow: String

    @Option(help: "The graph language: a Mermaid flowchart, a Graphviz DOT digraph, or JSON (steps and edges).")
    var format: GraphFormatOption = .mermaid

    @Option(
        name: [.short, .long],
        help: ArgumentHelp("Write the graph to this file (`-`: standard output).", valueName: "file"))
    var output: String?

    @OptionGroup var catalogOptions: CatalogOptions

    func run() throws {
        let input = flow == StandardInputFlow.name ? try StandardInputFlow() : nil
        defer { input?.remove() }
        let flow = input?.path ?? self.flow
        let found = FlowFiles(paths: [flow])
        for problem in found.problems {
            Terminal.error(problem)
        }
        guard found.problems.isEmpty else { throw ExitCode.usage }
        guard let file = found.files.first else {
            Terminal.error("no flow files (.yaml, .yml, .json) found in \(flow)")
            throw ExitCode.usage
        }
        if found.files.count > 1 || found.files[0] != flow {
            Terminal.error("'\(flow)' is a folder; name one flow file")
            throw ExitCode.usage
        }

        let compiled = try FlowValidation(catalogs: catalogOptions, project: try Project.current()).load(file: file)
        let (program, diagnostics) = (compiled.program, compiled.diagnostics)
        FlowValidation.printToStandardError(
            diagnostics.map { diagnostic in
                var named = diagnostic
                named.file = input?.named(diagnostic.file) ?? diagnostic.file
                return named
            }, file: input?.named(file) ?? file)
        guard !diagnostics.hasErrors, let program else {
            if !diagnostics.hasErrors {
                Terminal.error("\(file): the checker produced no program")
            }
            throw ExitCode.flowFailed
        }

        let graph = try format.format.map { GraphRenderer.render(program, as: $0) } ?? GraphJSON.render(program)
        if let output, output != "-" {
            do {
                try graph.write(toFile: output, atomically: true, encoding: .utf8)
            } catch {
                Terminal.error("cannot write '\(output)': \(error.localizedDescription)")
                throw ExitCode.usage
            }
        } else {
            Terminal.write(graph)
        }
    }
}

/// The values of `graph --format`.
enum GraphFormatOption: String, CaseIterable, ExpressibleByArgument {
    case mermaid
    case dot
    case json

    /// The renderer's format; nil for JSON, which ``GraphJSON`` writes.
    var format: GraphFormat? {
        switch self {
        case .mermaid: return .mermaid
        case .dot: return .dot
        case .json: return nil
        }
    }
}
