import ArgumentParser
import FlowLoader
import FlowModel
import NativeAuth

/// `--catalog FILE` (repeatable), and `catalogs:` of `flowrun.yaml`: action catalogs of other authorities, so
/// that flows written against them are checked, drawn and tested like native-auth flows.
struct CatalogOptions: ParsableArguments {
    @Option(
        name: .customLong("catalog"),
        help: ArgumentHelp(
            "An action catalog (JSON or YAML, schemas/catalog.schema.json) for flows whose "
                + "`authority:` names it; repeat for more (added to `catalogs` of ./flowrun.yaml).",
            valueName: "file"))
    var files: [String] = []

    /// The built-in native-auth catalog, then each catalog of the project's `flowrun.yaml` (inside the project
    /// folder) and of `--catalog`. A catalog that cannot be read, or a second catalog for one authority, is a usage
    /// error.
    func catalogs(project: Project) throws -> [ActionCatalog] {
        var catalogs = [NativeAuthClient.defaultCatalog]
        var origins = [NativeAuthClient.defaultCatalog.authority: "built in"]
        for file in try project.catalogFiles() + files {
            let catalog: ActionCatalog
            do {
                catalog = try CatalogLoader().load(file: file)
            } catch {
                throw UsageError("catalog \(error)")
            }
            if let earlier = origins[catalog.authority] {
                throw UsageError(
                    "catalog \(file): authority `\(catalog.authority)` already has a catalog (\(earlier))")
            }
            origins[catalog.authority] = file
            catalogs.append(catalog)
        }
        return catalogs
    }
}
