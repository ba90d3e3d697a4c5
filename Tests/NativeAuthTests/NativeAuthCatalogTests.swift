import FlowLoader
import FlowModel
import Foundation
import Testing

@testable import NativeAuth

/// The embedded `native-auth` catalog: the same text as `schemas/catalogs/`, and it decodes.
@Suite struct NativeAuthCatalogTests {
    private var catalogFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("schemas/catalogs")
    }

    private var catalogFiles: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: catalogFolder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    /// Fails when a catalog changed without `python3 scripts/embed-catalogs.py`.
    @Test func embeddedCatalogsMatchTheFilesOnDisk() throws {
        #expect(NativeAuthCatalog.embeddedJSON.map(\.file) == catalogFiles, "run python3 scripts/embed-catalogs.py")
        for (file, json) in NativeAuthCatalog.embeddedJSON {
            let onDisk = try String(contentsOf: catalogFolder.appendingPathComponent(file), encoding: .utf8)
            #expect(json == onDisk, "\(file) differs from the embedded copy; run python3 scripts/embed-catalogs.py")
        }
    }

    @Test func everyEmbeddedCatalogDecodes() {
        for (file, json) in NativeAuthCatalog.embeddedJSON {
            #expect(throws: Never.self, "\(file)") { try CatalogLoader().decode(Array(json.utf8)) }
        }
    }

    @Test func theClientsDefaultCatalogIsNativeAuth() throws {
        try #require(catalogFiles.contains("native-auth.json"), "schemas/catalogs/native-auth.json does not exist")
        let catalog = NativeAuthClient.defaultCatalog
        #expect(catalog.authority == "native-auth")
        #expect(catalog.actions["signUp.start"]?.outcomes["codeRequired"] != nil)
    }
}
