import ArgumentParser
import FlowModel
import FlowReporting

/// `flowrun schema [--catalog FILE]`: the flow schema an editor uses, for the flows of one catalog.
struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON Schema of flow files for an authority's catalog, for editors.",
        discussion: """
            Prints schemas/flow.schema.json with the action names, each action's `with` parameters and its \
            outcome names in `on` taken from the catalog: for `native-auth` by default, for the last --catalog \
            FILE otherwise (or the catalog --authority names). Save it next to your flows and point the editor's \
            modeline at it, e.g. `# yaml-language-server: $schema=magic-link.flow.schema.json`.

            Exit codes: 0, or 2 for an unknown authority or a catalog file that cannot be read.
            """)

    @Option(
        help: ArgumentHelp(
            "The catalog: a flow's `authority:` (default: that of the last --catalog, else native-auth).",
            valueName: "name"))
    var authority: String?

    @OptionGroup var catalogOptions: CatalogOptions

    func run() throws {
        let known = try catalogOptions.catalogs(project: try Project.current())
        let wanted = authority ?? (catalogOptions.files.isEmpty ? nil : known.last?.authority) ?? "native-auth"
        guard let catalog = known.first(where: { $0.authority == wanted }) else {
            throw UsageError(
                "no catalog for authority `\(wanted)` (known: \(known.map(\.authority).joined(separator: ", ")))")
        }
        Terminal.writeFormatted(try FlowSchema.json(for: catalog))
    }
}
