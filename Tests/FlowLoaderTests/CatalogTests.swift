import Foundation
import Testing

@testable import FlowLoader
@testable import FlowModel

/// The repository root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

@Suite struct CatalogTests {
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
