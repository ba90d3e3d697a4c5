import FlowChecker
import FlowLoader
import FlowModel
import Foundation
import NativeAuth
import Testing

/// The JSON Schema and flowrun agree: what the schema fixtures accept flowrun accepts, what they reject it
/// rejects; and a flow written in YAML and in JSON is the same program.
@Suite("schema agreement and round trip")
struct SchemaAgreementTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func fixtures(_ folder: String) -> [String] {
        let directory = repository.appendingPathComponent("schemas/tests/\(folder)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()
            .map { directory.appendingPathComponent($0).path }
    }

    static func loadAndCheck(_ path: String) -> [Diagnostic] {
        let loaded = FlowLoader().load(file: path)
        guard let flows = loaded.flows, !loaded.diagnostics.hasErrors else { return loaded.diagnostics }
        return loaded.diagnostics + FlowChecker(catalogs: [NativeAuthClient.defaultCatalog]).check(flows).diagnostics
    }

    @Test("every schema-valid fixture loads and checks without a diagnostic", arguments: fixtures("valid"))
    func validFixture(path: String) {
        #expect(Self.loadAndCheck(path).map(\.description) == [])
    }

    @Test("every schema-invalid fixture gets an error from the loader or the checker", arguments: fixtures("invalid"))
    func invalidFixture(path: String) {
        #expect(Self.loadAndCheck(path).hasErrors, "flowrun accepts \(path), which the schema rejects")
    }

    @Test("the same flow in YAML and in JSON yields equal programs")
    func roundTrip() throws {
        let checker = FlowChecker(catalogs: [NativeAuthClient.defaultCatalog])
        func program(_ name: String) throws -> Program {
            let path = Self.repository.appendingPathComponent("schemas/tests/valid/\(name)").path
            let loaded = FlowLoader().load(file: path)
            let flows = try #require(loaded.flows, "\(loaded.diagnostics)")
            return try #require(checker.check(flows).program)
        }
        let fromYAML = try program("every-keyword.yaml")
        var fromJSON = try program("every-keyword.json")
        #expect(fromJSON.file != fromYAML.file)
        fromJSON.file = fromYAML.file
        #expect(fromJSON == fromYAML)
        #expect(fromYAML.steps.count == 13)
        #expect(fromYAML.subflows.count == 1)
    }
}
