import FlowEngine
import FlowLoader
import FlowModel
import FlowScenarios
import Foundation
import Testing

/// The package's root folder.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// A fixture file's path.
func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
}

/// A temporary folder with a copy of the tiny flow, where scenario files are written.
struct ScenarioFolder {
    let path: String

    init() throws {
        path =
            FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-scenarios-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture("tiny-sign-in.yaml"), toPath: path + "/tiny-sign-in.yaml")
    }

    /// Writes a scenario file and returns its path.
    func write(_ text: String, name: String = "tiny.test.yaml") throws -> String {
        let file = path + "/" + name
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Loads a scenario file, recording its diagnostics as test issues.
    func load(_ text: String) throws -> LoadedScenarios {
        let result = ScenarioLoader().load(file: try write(text))
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
        return try #require(result.scenarios)
    }

    /// The diagnostics of a scenario file, as `line:column code` strings.
    func problems(_ text: String) throws -> [String] {
        ScenarioLoader().load(file: try write(text)).diagnostics.map {
            "\($0.position.map { "\($0.line):\($0.column)" } ?? "-") \($0.code.rawValue)"
        }
    }

    /// Loads the file and runs every scenario of it.
    func run(_ text: String) async throws -> [ScenarioResult] {
        let loaded = try load(text)
        return await ScenarioSuite.run([loaded], jobs: 2)
    }
}

/// The header every test scenario file starts with: the tiny flow and a user without a password.
let tinyHeader = """
    flow: tiny-sign-in.yaml
    authority:
      users:
        - username: ann@contoso.com
    scenarios:

    """
