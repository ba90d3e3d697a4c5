import Foundation
import Testing

@testable import FlowLoader
@testable import FlowModel

/// The repository root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

@Suite struct CatalogTests {
    private var catalogFolder: URL { repositoryRoot.appendingPathComponent("schemas/catalogs") }

    private var catalogFiles: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: catalogFolder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    /// Fails when a catalog changed without `python3 scripts/embed-catalogs.py`.
    @Test func embeddedCatalogsMatchTheFilesOnDisk() throws {
        #expect(BuiltinCatalogs.embeddedJSON.map(\.file) == catalogFiles, "run python3 scripts/embed-catalogs.py")
        for (file, json) in BuiltinCatalogs.embeddedJSON {
            let onDisk = try String(contentsOf: catalogFolder.appendingPathComponent(file), encoding: .utf8)
            #expect(json == onDisk, "\(file) differs from the embedded copy; run python3 scripts/embed-catalogs.py")
        }
    }

    @Test func everyEmbeddedCatalogDecodes() {
        for (file, json) in BuiltinCatalogs.embeddedJSON {
            #expect(throws: Never.self, "\(file)") { try CatalogLoader().decode(Array(json.utf8)) }
        }
        #expect(BuiltinCatalogs.all.count == BuiltinCatalogs.embeddedJSON.count)
    }

    @Test func nativeAuthIsBuiltIn() throws {
        try #require(catalogFiles.contains("native-auth.json"), "schemas/catalogs/native-auth.json does not exist yet")
        let catalog = try #require(BuiltinCatalogs.named("native-auth"))
        #expect(catalog.authority == "native-auth")
        #expect(catalog.actions["signUp.start"]?.outcomes["codeRequired"] != nil)
        #expect(BuiltinCatalogs.named("okta") == nil)
    }

    @Test func catalogErrorsSayWhereAndWhat() {
        func message(_ json: String) -> String? {
            do {
                _ = try CatalogLoader().decode(Array(json.utf8))
                return nil
            } catch {
                return error.message
            }
        }
        #expect(
            message(#"{"catalog": 1, "authority": "a", "actions": {"x.y": {}}}"#)
                == #"missing `outcomes` at actions["x.y"]"#)
        #expect(
            message(#"{"catalog": 1, "authority": "a", "actions": {"x": {"outcomes": {"o": {"error": "yes"}}}}}"#)
                == "expected a boolean at actions.x.outcomes.o.error")
        #expect(
            message(
                #"{"catalog": 1, "authority": "a", "actions": {"x": {"outcomes": {}, "parameters": {"p": {"type": "strng"}}}}}"#
            )?.hasPrefix("invalid value at actions.x.parameters.p.type") == true)
        #expect(message("{").map { $0.hasPrefix("not valid JSON") } == true)
        #expect(message(#"{"catalog": 2, "authority": "a", "actions": {}}"#)?.contains("version 2") == true)
        #expect(message(#"{"catalog": 1, "authority": "a", "actions": {}}"#) == nil)
    }

    @Test func catalogFromAFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("c.json", #"{"catalog": 1, "authority": "mine", "actions": {}}"#)
        #expect(try CatalogLoader().load(file: folder.file("c.json")).authority == "mine")
        #expect(throws: CatalogError.self) { try CatalogLoader().load(file: folder.file("missing.json")) }
    }
}
