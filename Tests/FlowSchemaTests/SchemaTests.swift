import Foundation
import Testing

/// Validates the schemas, the catalogs and every flow of the library with a real JSON Schema validator
/// (python3 `jsonschema`, Draft 2020-12) through `scripts/check-schemas.py`.
@Suite("JSON Schema")
struct SchemaTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `python3 script arguments…` in the repository; its exit status and output.
    static func python(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.currentDirectoryURL = Self.repository
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test("the flow schema's actions, parameters and outcomes are those of the catalogs")
    func actionsMatchTheCatalogs() throws {
        let (status, output) = try Self.python(["scripts/schema-actions.py", "--check"])
        #expect(status == 0, "\(output)")
    }

    @Test("flows/, the valid and invalid schema fixtures and the catalogs validate as expected")
    func flowLibraryValidates() throws {
        let (status, text) = try Self.python(["scripts/check-schemas.py"])
        #expect(status == 0, "check-schemas.py failed:\n\(text)")
        let summary = try #require(text.split(separator: "\n").last { $0.hasSuffix(" failed") })
        #expect(summary.hasSuffix(", 0 failed"))
        #expect(!summary.hasPrefix("0 passed"))
    }
}
