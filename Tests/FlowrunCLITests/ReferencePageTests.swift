import Foundation
import Testing

/// The reference pages generated from the code (`scripts/generate-docs.py`): the command reference from the
/// binary's own description of its commands, the settings reference from the schemas, and the example tenants
/// they show, each loaded by the binary.
@Suite struct ReferencePageTests {
    /// Runs `python3 scripts/generate-docs.py arguments…` in the repository with this build's binary.
    static func generateDocs(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try Python.run(
            ["scripts/generate-docs.py", "--flowrun", try Flowrun.binary().path] + arguments, in: FlowLibrary.root)
    }

    @Test("docs/cli.md and docs/tenant.md are what the commands' help and the schemas say")
    func pagesMatchTheirSources() throws {
        let (status, output) = try Self.generateDocs(["--check"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("checked docs/cli.md, docs/tenant.md"), "\(output)")
    }

    @Test("every command states its exit codes, which the command reference gathers in one table")
    func exitCodesInOnePlace() throws {
        let page = try String(contentsOf: FlowLibrary.root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let help = try FlowFolder().run("--help").stdout
        let listing = try #require(help.range(of: "SUBCOMMANDS:\n")).upperBound
        let commands = help[listing...].split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let first = line.split(separator: " ").first,
                first.allSatisfy(\.isLowercase)
            else { return nil }
            return String(first)
        }
        #expect(commands.count >= 8, "\(help)")
        for command in commands {
            #expect(page.contains("\n| `\(command)` | "), "docs/cli.md has no exit codes for `\(command)`")
            #expect(page.contains("\n## `flowrun \(command)`\n"), "docs/cli.md has no section for `\(command)`")
        }
    }

    @Test("each example tenant of docs/tenant.md is a configuration the binary accepts")
    func exampleTenantsLoad() throws {
        let folder = FlowLibrary.root.appendingPathComponent("docs/examples/tenants")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }
        #expect(files.count >= 3)
        for file in files.sorted() {
            let result = try Flowrun.run(
                ["validate", "--config", folder.appendingPathComponent(file).path, "flows/sign-in-password.yaml"],
                in: FlowLibrary.root)
            #expect(result.status == 0, "\(file): \(result.stdout)\(result.stderr)")
        }
        let broken = try FlowFolder()
        try broken.write("authority.yaml", "codes: { length: 3 }\n")
        let refused = try broken.run("validate", "--config", "authority.yaml", "-")
        #expect(refused.status == 2 && refused.stderr.contains("authority.yaml:1:"), "\(refused.stderr)")
    }

    @Test("docs/events.md has a row for every field and names every kind of event of the events schema")
    func eventPageMatchesTheSchema() throws {
        let page = try String(contentsOf: FlowLibrary.root.appendingPathComponent("docs/events.md"), encoding: .utf8)
        let url = FlowLibrary.root.appendingPathComponent("schemas/events.schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        let kinds = try #require((properties["event"] as? [String: Any])?["enum"] as? [String])
        #expect(properties.count >= 10 && kinds.count >= 10)
        for field in properties.keys.sorted() {
            #expect(page.contains("\n| `\(field)` | "), "docs/events.md has no row for the field `\(field)`")
        }
        for kind in kinds {
            #expect(page.contains("`\(kind)`"), "docs/events.md does not name the event `\(kind)`")
        }
    }
}
