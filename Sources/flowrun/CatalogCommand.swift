import ArgumentParser
import FlowModel
import FlowReporting
import Foundation
import NativeAuth

/// `flowrun catalog [ACTION]`: the actions a flow can call, with their parameters, outcomes and data.
struct Catalog: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Describe the actions of an authority's catalog: parameters, outcomes and the data they carry.",
        discussion: """
            Without ACTION, lists every action (--format markdown: the full reference, as in docs/catalog.md). \
            With ACTION, describes that one. --format json prints the catalog's own JSON.

            Exit codes: 0, or 2 for an unknown authority or action, or a catalog file that cannot be read.
            """)

    @Argument(help: ArgumentHelp("An action, e.g. signUp.start.", valueName: "action"))
    var action: String?

    @Option(help: ArgumentHelp("The catalog: a flow's `authority:`.", valueName: "name"))
    var authority = "native-auth"

    @Option(help: "The output format.")
    var format: CatalogFormat = .text

    @OptionGroup var catalogOptions: CatalogOptions

    func run() throws {
        let known = try catalogOptions.catalogs(project: try Project.current())
        guard let catalog = known.first(where: { $0.authority == authority }) else {
            let names = known.map(\.authority)
            throw UsageError(
                "no catalog for authority `\(authority)` (known: \(names.joined(separator: ", ")))")
        }
        var selected: (name: String, action: CatalogAction)?
        if let action {
            guard let found = catalog.actions[action] else {
                let meant = Spelling.suggestion(for: action, among: catalog.actions.keys)
                throw UsageError(
                    "`\(action)` is not an action of the `\(authority)` catalog"
                        + (meant.map { "; did you mean `\($0)`?" } ?? "; `flowrun catalog` lists them"))
            }
            selected = (action, found)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        switch (format, selected) {
        case (.text, nil): Terminal.write(CatalogReport.list(catalog))
        case (.text, let (name, action)?): Terminal.write(CatalogReport.text(name, action))
        case (.markdown, _): Terminal.write(CatalogReport.markdown(catalog, only: selected?.name))
        case (.json, nil): Terminal.writeFormatted(String(decoding: try encoder.encode(catalog), as: UTF8.self) + "\n")
        case (.json, let (name, action)?):
            Terminal.writeFormatted(String(decoding: try encoder.encode([name: action]), as: UTF8.self) + "\n")
        }
    }
}

/// The values of `catalog --format`.
enum CatalogFormat: String, CaseIterable, ExpressibleByArgument {
    case text
    case json
    case markdown
}
