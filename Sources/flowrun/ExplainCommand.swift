import ArgumentParser
import FlowModel
import FlowReporting

/// `flowrun explain [CODE]`: what a diagnostic code means, with a broken and a fixed example.
struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Explain a diagnostic code: what it reports, an example that breaks the rule and the same example fixed.",
        discussion: """
            Without CODE, lists every code (--format markdown: the full reference, as in docs/diagnostics.md; \
            --format json: every explanation with its example files).

            Exit codes: 0, or 2 for a code that does not exist.
            """)

    @Argument(help: ArgumentHelp("A diagnostic code, e.g. FR115.", valueName: "code"))
    var code: String?

    @Option(help: "The output format.")
    var format: ExplainFormat = .text

    func run() throws {
        guard let code else {
            switch format {
            case .text: Terminal.write(ExplanationReport.list())
            case .markdown: Terminal.write(ExplanationReport.markdown())
            case .json: Terminal.writeFormatted(try ExplanationReport.json())
            }
            return
        }
        guard let explanation = RuleExplanation.named(code) else {
            let codes = RuleExplanation.all.map(\.code.rawValue)
            let meant = Spelling.suggestion(for: code.uppercased(), among: codes)
            throw UsageError(
                "`\(code)` is not a diagnostic code"
                    + (meant.map { "; did you mean `\($0)`?" } ?? "; `flowrun explain` lists them"))
        }
        switch format {
        case .text: Terminal.write(ExplanationReport.text(explanation))
        case .markdown: Terminal.write(ExplanationReport.markdown(explanation))
        case .json: Terminal.writeFormatted(try ExplanationReport.json([explanation]))
        }
    }
}

/// The values of `explain --format`.
enum ExplainFormat: String, CaseIterable, ExpressibleByArgument {
    case text
    case markdown
    case json
}
