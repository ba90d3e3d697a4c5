import Foundation
import Testing

/// Flows written against another authority's catalog (`Examples/CustomAuthority`), through the real binary:
/// `--catalog FILE` and `catalogs:` of flowrun.yaml for validate, graph, catalog and test; `run` refuses them.
@Suite struct CustomCatalogTests {
    static let example = FlowLibrary.root.appendingPathComponent("Examples/CustomAuthority")

    /// A copy of the example's catalog, flow and scenarios in a fresh folder.
    static func project() throws -> FlowFolder {
        let folder = try FlowFolder()
        for path in ["magic-link.json", "flows/magic-sign-in.yaml", "tests/magic-sign-in.test.yaml"] {
            try folder.write(path, String(contentsOf: example.appendingPathComponent(path), encoding: .utf8))
        }
        return folder
    }

    @Test("without its catalog the flow is FR119 with a hint; with --catalog or catalogs: it is clean")
    func validateWithACatalog() throws {
        let folder = try Self.project()
        let without = try folder.run("validate", "flows")
        #expect(without.status == 1)
        #expect(
            without.stdout.contains("error FR119: no action catalog for authority `magic-link`"), "\(without.stdout)")
        #expect(without.stdout.contains("`--catalog FILE`"), "\(without.stdout)")

        let option = try folder.run("validate", "--strict", "--catalog", "magic-link.json", "flows")
        #expect(option.status == 0, "\(option.stdout)\(option.stderr)")

        try folder.write("flowrun.yaml", "catalogs: [magic-link.json]\n")
        let project = try folder.run("validate", "--strict", "flows")
        #expect(project.status == 0, "\(project.stdout)\(project.stderr)")
        let graph = try folder.run("graph", "flows/magic-sign-in.yaml")
        #expect(graph.status == 0 && graph.stdout.contains("action: magicLink.send"), "\(graph.stdout)")
        let described = try folder.run("catalog", "--authority", "magic-link", "magicLink.verify")
        #expect(described.status == 0 && described.stdout.contains("verified"), "\(described.stdout)")
    }

    @Test("a catalog with an error is a usage error at its line and column; a second catalog for one authority too")
    func badCatalogs() throws {
        let folder = try Self.project()
        try folder.write(
            "broken.yaml",
            "catalog: 1\nauthority: broken\nactions:\n  a.b:\n    outcomes:\n      done: { error: maybe }\n")
        let broken = try folder.run("validate", "--catalog", "broken.yaml", "flows")
        #expect(broken.status == 2)
        #expect(
            broken.stderr.contains("catalog broken.yaml:6:22: `actions.a.b.outcomes.done.error`"), "\(broken.stderr)")

        try folder.write("again.json", "{\"catalog\": 1, \"authority\": \"magic-link\", \"actions\": {}}")
        let twice = try folder.run("validate", "--catalog", "magic-link.json", "--catalog", "again.json", "flows")
        #expect(twice.status == 2)
        #expect(
            twice.stderr.contains(
                "catalog again.json: authority `magic-link` already has a catalog (magic-link.json)"), "\(twice.stderr)"
        )

        let builtIn = try folder.run(
            "validate", "--catalog", FlowLibrary.root.appendingPathComponent("schemas/catalogs/native-auth.json").path,
            "flows")
        #expect(builtIn.status == 2)
        #expect(
            builtIn.stderr.contains("authority `native-auth` already has a catalog (built in)"), "\(builtIn.stderr)")
    }

    @Test("scenarios answer its actions with faults and reach 100%; a call no fault answers fails the scenario")
    func testWithFaults() throws {
        let folder = try Self.project()
        let passed = try folder.run("test", "--catalog", "magic-link.json", "--min-coverage", "100", "tests")
        #expect(passed.status == 0, "\(passed.stdout)\(passed.stderr)")
        #expect(passed.stdout.contains("3 scenarios: 3 passed, 0 failed"), "\(passed.stdout)")

        let scenarios = try String(
            contentsOf: folder.url.appendingPathComponent("tests/magic-sign-in.test.yaml"), encoding: .utf8)
        try folder.write(
            "tests/magic-sign-in.test.yaml",
            scenarios.replacingOccurrences(
                of:
                    "      - { action: magicLink.verify, answer: verified, data: { username: ada@example.com } }\n    expect:\n      end: success\n      messages: [\"Signed in as ada@example.com\"]\n      output:",
                with:
                    "    expect:\n      end: success\n      messages: [\"Signed in as ada@example.com\"]\n      output:"
            ))
        let unanswered = try folder.run("test", "--catalog", "magic-link.json", "tests")
        #expect(unanswered.status == 1)
        #expect(
            unanswered.stdout.contains(
                "the embedded authority offers no `magicLink.verify`: answer call 1 with a fault"),
            "\(unanswered.stdout)")

        let explored = try folder.run(
            "test", "--explore", "--catalog", "magic-link.json", "--min-coverage", "100", "flows/magic-sign-in.yaml")
        #expect(explored.status == 0, "\(explored.stdout)\(explored.stderr)")
    }

    @Test("run refuses a flow of another authority before asking anything")
    func runRefusesIt() throws {
        let folder = try Self.project()
        let run = try folder.run(
            "run", "--catalog", "magic-link.json", "flows/magic-sign-in.yaml", "--input", "email=ada@example.com")
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                "runs against `magic-link`, which flowrun cannot call: it runs native-auth flows"), "\(run.stderr)")
    }
}
