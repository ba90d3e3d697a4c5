import FlowLoader
import FlowModel
import Foundation
import Testing

/// The schema fixtures and example flows of the repository: the loader and the JSON Schema agree.
@Suite struct FixtureTests {
    private func files(in folder: String) -> [URL] {
        let url = repositoryRoot.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        let flowFiles = names.filter { name in [".yaml", ".yml", ".json"].contains { name.hasSuffix($0) } }
        return flowFiles.sorted().map { url.appendingPathComponent($0) }
    }

    @Test func validSchemaFixturesLoad() {
        for file in files(in: "schemas/tests/valid") {
            let result = FlowLoader().load(file: file.path)
            #expect(result.diagnostics.isEmpty, "\(file.lastPathComponent): \(result.diagnostics)")
            #expect(result.flows != nil, "\(file.lastPathComponent)")
        }
    }

    @Test func invalidSchemaFixturesAreRejected() {
        for file in files(in: "schemas/tests/invalid") {
            let result = FlowLoader().load(file: file.path)
            #expect(result.diagnostics.hasErrors, "\(file.lastPathComponent) loaded without an error")
            #expect(result.flows == nil, "\(file.lastPathComponent)")
        }
    }

    @Test func exampleFlowsLoad() {
        for file in files(in: "flows") {
            let result = FlowLoader().load(file: file.path)
            #expect(result.diagnostics.isEmpty, "\(file.lastPathComponent): \(result.diagnostics)")
        }
    }

    @Test func everyKeywordFixtureIsTheSameInYAMLAndJSON() throws {
        let folder = repositoryRoot.appendingPathComponent("schemas/tests/valid")
        let yamlFile = folder.appendingPathComponent("every-keyword.yaml")
        let jsonFile = folder.appendingPathComponent("every-keyword.json")
        guard FileManager.default.fileExists(atPath: yamlFile.path),
            FileManager.default.fileExists(atPath: jsonFile.path)
        else { return }
        let yaml = FlowLoader().parse(try Data(contentsOf: yamlFile), file: "every-keyword.yaml")
        var json = FlowLoader().parse(try Data(contentsOf: jsonFile), file: "every-keyword.json")
        json.document?.file = "every-keyword.yaml"
        #expect(yaml.document != nil)
        #expect(yaml.document == json.document)
    }
}
