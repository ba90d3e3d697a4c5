import FlowModel

/// The action catalogs compiled into flowrun (from `schemas/catalogs/*.json`, embedded by
/// `scripts/embed-catalogs.py`).
public enum BuiltinCatalogs {
    /// Every built-in catalog, decoded on first use. A catalog that does not decode is left out (and the
    /// FlowLoader tests fail), so this never crashes.
    public static let all: [ActionCatalog] = embeddedJSON.compactMap { entry in
        try? CatalogLoader().decode(Array(entry.json.utf8))
    }

    /// The built-in catalog for an authority name, e.g. `native-auth`.
    public static func named(_ authority: String) -> ActionCatalog? {
        all.first { $0.authority == authority }
    }
}
