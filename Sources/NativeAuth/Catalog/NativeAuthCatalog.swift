import FlowLoader
import FlowModel

/// The `native-auth` action catalog: the actions ``NativeAuthClient`` performs, their parameters and outcomes
/// (from `schemas/catalogs/native-auth.json`, embedded by `scripts/embed-catalogs.py`).
public enum NativeAuthCatalog {
    /// The catalog, decoded on first use. Should the embedded text not decode (the NativeAuth tests fail then),
    /// this is a catalog with no actions, which the checker reports for every action a flow calls; it never
    /// crashes.
    public static let catalog: ActionCatalog =
        embeddedJSON.first { $0.file == "native-auth.json" }
        .flatMap { try? CatalogLoader().decode(Array($0.json.utf8)) }
        ?? ActionCatalog(authority: "native-auth", actions: [:])
}

extension NativeAuthClient {
    /// The catalog this client implements, and the one to check its flows against.
    public static var defaultCatalog: ActionCatalog { NativeAuthCatalog.catalog }
}
