import Foundation
import Testing

/// `flowrun schema` and `catalog --format json` through the real binary, checked with python3 `jsonschema`.
@Suite struct SchemaCommandTests {
    /// `python3 -c` code validating the JSON file `argv[2]` against the schema `argv[1]`; prints each error.
    static let validateJSON = """
        from json import load
        from sys import argv, exit
        from jsonschema import Draft202012Validator
        validator = Draft202012Validator(load(open(argv[1])))
        errors = [f"{e.message} at {list(e.absolute_path)}" for e in validator.iter_errors(load(open(argv[2])))]
        print(len(errors), "errors", *errors[:5], sep="\\n")
        exit(1 if errors else 0)
        """

    @Test("without a catalog it prints schemas/flow.schema.json, with the native-auth actions")
    func nativeAuthSchemaIsTheCommittedOne() throws {
        let result = try FlowFolder().run("schema")
        #expect(result.status == 0, "\(result.stderr)")
        let committed = try Data(contentsOf: FlowLibrary.root.appendingPathComponent("schemas/flow.schema.json"))
        #expect(try JSON.parse(Data(result.stdout.utf8)) == JSON.parse(committed), "run scripts/schema-actions.py")
    }

    @Test("the schema of a custom catalog accepts its flows and refuses an action it does not have")
    func customCatalogSchemaValidatesItsFlows() throws {
        let folder = try CustomCatalogTests.project()
        let result = try folder.run("schema", "--catalog", "magic-link.json")
        #expect(result.status == 0, "\(result.stderr)")
        let schema = try folder.write("magic-link.flow.schema.json", result.stdout)
        let check = FlowLibrary.root.appendingPathComponent("scripts/check-schemas.py").path
        let example = CustomCatalogTests.example.appendingPathComponent("flows").path
        let valid = try Python.run([check, "--flow-schema", schema.path, example])
        #expect(valid.status == 0, "\(valid.output)")

        let flow = try String(
            contentsOf: folder.url.appendingPathComponent("flows/magic-sign-in.yaml"), encoding: .utf8)
        let typo = try folder.write(
            "typo/typo.yaml", flow.replacingOccurrences(of: "magicLink.verify", with: "magicLink.check"))
        let unknown = try Python.run([check, "--flow-schema", schema.path, typo.path])
        #expect(unknown.status == 1, "\(unknown.output)")
        #expect(unknown.output.contains("'magicLink.check' is not one of"), "\(unknown.output)")
        let outcome = try folder.write(
            "outcome/outcome.yaml", flow.replacingOccurrences(of: "expired: { goto", with: "gone: { goto"))
        let wrongOutcome = try Python.run([check, "--flow-schema", schema.path, outcome.path])
        #expect(wrongOutcome.status == 1 && wrongOutcome.output.contains("gone"), "\(wrongOutcome.output)")
    }

    @Test("an unknown authority is a usage error")
    func unknownAuthority() throws {
        let result = try FlowFolder().run("schema", "--authority", "magic-link")
        #expect(result.status == 2)
        #expect(result.stderr.contains("no catalog for authority `magic-link`"), "\(result.stderr)")
    }

    @Test("`catalog --format json` validates against schemas/catalog.schema.json", arguments: [false, true])
    func catalogJSONValidates(custom: Bool) throws {
        let folder = try CustomCatalogTests.project()
        let arguments = custom ? ["--catalog", "magic-link.json", "--authority", "magic-link"] : []
        let result = try Flowrun.run(["catalog", "--format", "json"] + arguments, in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let output = try folder.write("printed.json", result.stdout)
        let schema = FlowLibrary.root.appendingPathComponent("schemas/catalog.schema.json").path
        let check = try Python.run(["-c", Self.validateJSON, schema, output.path])
        #expect(check.status == 0, "\(check.output)")
    }
}
