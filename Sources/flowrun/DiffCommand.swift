import ArgumentParser
import FlowCompiler
import FlowModel
import FlowReview
import Foundation

/// `flowrun diff OLD NEW` and `flowrun diff --base REV [PATH...]`
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show what a change to flows does to their users.",
        discussion: """
            Compares two checked versions of flows step by step: ends a run can reach or no longer reach and the \
            new ways to reach them, asks and their inputs, choices, outcomes handled or now falling to \
            `otherwise`, destinations, attempt limits and messages. A change that strands a saved session (the ask \
            it waits in is gone, or asks other inputs) comes first. OLD and NEW are two flow files, or two folders \
            whose flows are matched by relative path, then by flow id. With --base REV, the flows of each PATH \
            (default: the working folder) are compared with the same paths at the git revision REV.

            Exit codes: 0 compared (with --exit-code: no change), 1 with --exit-code: some flow changed, \
            2 a usage error, an unreadable path, a flow with errors or a failed git command.
            """
    )

    @Argument(
        help: ArgumentHelp("OLD and NEW flow files or folders; with --base, the paths to compare.", valueName: "path"),
        completion: .flowFiles)
    var paths: [String] = []

    @Option(help: ArgumentHelp("Compare the working tree's flows with this git revision's.", valueName: "rev"))
    var base: String?

    @Option(help: "The output format; markdown suits a pull-request comment.")
    var format: DiffFormatOption = .text

    @Flag(help: "Exit 1 when a flow changed, 0 when none did (like git diff --exit-code).")
    var exitCode = false

    @OptionGroup var catalogOptions: CatalogOptions

    func run() throws {
        let project = try Project.current()
        let validation = try FlowValidation(catalogs: catalogOptions, project: project)
        var diffs: [FlowDiff] = []
        if let base {
            let snapshot = try GitRevisionFlows(
                revision: base, paths: paths.isEmpty ? ["."] : paths, root: project.root)
            defer { snapshot.remove() }
            let oldRoot = project.root.map { FlowPath.join(snapshot.folder, $0) }
            for path in paths.isEmpty ? ["."] : paths {
                let pairs = try FlowPairs(old: FlowPath.join(snapshot.folder, path), new: path, optionalSides: true)
                diffs += try pairs.diffs(compiler: validation.compiler, oldRoot: oldRoot) { old in
                    FlowPath.join(path, String(old.dropFirst(snapshot.folder.count + 1)))
                }
            }
        } else {
            guard paths.count == 2 else {
                throw UsageError("diff needs two paths, OLD and NEW (or --base REV and the paths to compare)")
            }
            let pairs = try FlowPairs(old: paths[0], new: paths[1], optionalSides: false)
            diffs = try pairs.diffs(compiler: validation.compiler, oldRoot: nil) { $0 }
        }
        switch format {
        case .text: Terminal.write(DiffReport.text(diffs))
        case .markdown: Terminal.write(DiffReport.markdown(diffs))
        case .json: Terminal.write(try DiffReport.json(diffs))
        }
        if exitCode && diffs.contains(where: { !$0.isEmpty }) { throw ExitCode.flowFailed }
    }
}

/// The values of `diff --format`.
enum DiffFormatOption: String, CaseIterable, ExpressibleByArgument {
    case text
    case markdown
    case json
}
