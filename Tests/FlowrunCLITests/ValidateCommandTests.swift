import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct ValidateCommandTests {
    // MARK: Exit codes and the text report

    @Test func cleanYAMLAndJSONFilesExitZero() throws {
        let folder = try FlowFolder()
        try folder.write("hello.yaml", Flows.helloYAML)
        try folder.write("hello.json", Flows.helloJSON)
        let result = try folder.run("validate", "hello.yaml", "hello.json")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "no problems in 2 files\n")
    }

    @Test func folderIsSearchedRecursivelySkippingHiddenFoldersAndOtherFiles() throws {
        let folder = try FlowFolder()
        try folder.write("flows/hello.yaml", Flows.helloYAML)
        try folder.write(
            "flows/nested/hello.yml", Flows.helloYAML.replacingOccurrences(of: "id: hello", with: "id: hello2"))
        try folder.write("flows/notes.txt", "not a flow")
        try folder.write("flows/.hidden.yaml", Flows.syntaxError)
        try folder.write("flows/.flowrun/session.json", Flows.jsonSyntaxError)
        try folder.write("flows/.build-cli/x.yaml", Flows.syntaxError)
        try folder.write("flows/.git/x.yaml", Flows.syntaxError)
        let result = try folder.run("validate", "flows")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "no problems in 2 files\n")
    }

    @Test func yamlSyntaxErrorExitsOne() throws {
        let folder = try FlowFolder()
        try folder.write("broken.yaml", Flows.syntaxError)
        let result = try folder.run("validate", "broken.yaml")
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("broken.yaml:"))
        #expect(result.stdout.contains(": error FR005: "))
        #expect(result.stdout.hasSuffix("1 error in 1 file\n"))
    }

    @Test func jsonSyntaxErrorExitsOne() throws {
        let folder = try FlowFolder()
        try folder.write("broken.json", Flows.jsonSyntaxError)
        let result = try folder.run("validate", "broken.json")
        #expect(result.status == 1)
        #expect(result.stdout.contains("broken.json:1:"))
        #expect(result.stdout.contains(": error FR005: "))
    }

    @Test func unknownKeyIsShownWithItsSourceLineAndACaret() throws {
        let folder = try FlowFolder()
        try folder.write("unknown.yaml", Flows.unknownKey)
        let result = try folder.run("validate", "unknown.yaml")
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("unknown.yaml:2:1: error FR009: "), "\(result.stdout)")
        #expect(result.stdout.contains("\n   2 | bogus: 1\n     | ^\n  hint: "))
        #expect(!result.stdout.contains("\u{1B}["), "no colour when standard output is not a terminal")
    }

    @Test func undefinedStepExitsOne() throws {
        let folder = try FlowFolder()
        try folder.write("undefined.yaml", Flows.undefinedStep)
        let result = try folder.run("validate", "undefined.yaml")
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("undefined.yaml:9:"))
        #expect(result.stdout.contains(": error FR101: "))
    }

    @Test func warningExitsZeroButOneUnderStrict() throws {
        let folder = try FlowFolder()
        try folder.write("unreachable.yaml", Flows.unreachableStep)
        let relaxed = try folder.run("validate", "unreachable.yaml")
        #expect(relaxed.status == 0, "\(relaxed.stdout)")
        #expect(relaxed.stdout.contains(": warning FR102: "))
        let strict = try folder.run("validate", "--strict", "unreachable.yaml")
        #expect(strict.status == 1, "\(strict.stdout)")
        #expect(strict.stdout.contains(": warning FR102: "))
    }

    @Test func strictDoesNotFailACleanFile() throws {
        let folder = try FlowFolder()
        try folder.write("hello.yaml", Flows.helloYAML)
        #expect(try folder.run("validate", "--strict", "hello.yaml").status == 0)
    }

    @Test func sharedSubflowProblemIsReportedOnce() throws {
        let folder = try FlowFolder()
        try folder.write("a.yaml", Flows.usingShared(id: "a"))
        try folder.write("b.yaml", Flows.usingShared(id: "b"))
        try folder.write("shared.yaml", Flows.brokenShared)
        let result = try folder.run("validate", "--format", "json", ".")
        #expect(result.status == 1)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        let shared = diagnostics.filter {
            ($0["file"] as? String)?.hasSuffix("shared.yaml") == true && $0["code"] as? String == "FR009"
        }
        #expect(shared.count == 1, "\(diagnostics)")
    }

    // MARK: Formats

    @Test func jsonFormatIsOneJSONDocument() throws {
        let folder = try FlowFolder()
        try folder.write("hello.yaml", Flows.helloYAML)
        try folder.write("unknown.yaml", Flows.unknownKey)
        let result = try folder.run("validate", "--format", "json", "hello.yaml", "unknown.yaml")
        #expect(result.status == 1)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        #expect(document["files"] as? Int == 2)
        #expect(document["errors"] as? Int == 1)
        #expect(document["warnings"] as? Int == 0)
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.first?["code"] as? String == "FR009")
        #expect(diagnostics.first?["file"] as? String == "unknown.yaml")
        #expect(diagnostics.first?["line"] as? Int == 2)
        #expect(diagnostics.first?["column"] as? Int == 1)
    }

    @Test func jsonFormatOfACleanRun() throws {
        let folder = try FlowFolder()
        try folder.write("hello.yaml", Flows.helloYAML)
        let result = try folder.run("validate", "--format", "json", "hello.yaml")
        #expect(result.status == 0)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        #expect(document["errors"] as? Int == 0)
        #expect((document["diagnostics"] as? [Any])?.isEmpty == true)
    }

    @Test func junitFormatIsXMLWithOneCasePerFile() throws {
        let folder = try FlowFolder()
        try folder.write("hello.yaml", Flows.helloYAML)
        try folder.write("unknown.yaml", Flows.unknownKey)
        let result = try folder.run("validate", "--format", "junit", ".")
        #expect(result.status == 1)
        let document = try XMLDocument(data: Data(result.stdout.utf8))
        let suite = try #require(document.rootElement()?.elements(forName: "testsuite").first, "\(result.stdout)")
        #expect(suite.attribute(forName: "name")?.stringValue == "flowrun validate")
        #expect(suite.attribute(forName: "tests")?.stringValue == "2")
        #expect(suite.attribute(forName: "failures")?.stringValue == "1")
        let cases = suite.elements(forName: "testcase")
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == ["hello.yaml", "unknown.yaml"])
        #expect(cases[0].elements(forName: "failure").isEmpty)
        #expect(cases[1].elements(forName: "failure").first?.attribute(forName: "type")?.stringValue == "FR009")
    }

    @Test func githubFormatPrintsOnlyWorkflowCommands() throws {
        let folder = try FlowFolder()
        try folder.write("unknown.yaml", Flows.unknownKey)
        try folder.write("broken.yaml", Flows.syntaxError)
        try folder.write("unreachable.yaml", Flows.unreachableStep)
        let result = try folder.run("validate", "--format", "github", ".")
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count >= 2)
        #expect(
            lines.allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") || $0.hasPrefix("::notice ") },
            "\(result.stdout)")
        #expect(lines.last?.hasPrefix("::notice title=flowrun validate::3 files checked, ") == true)
        #expect(lines.contains { $0.hasPrefix("::error file=unknown.yaml,line=2,col=1,title=FR009::") })
    }

    // MARK: Colour

    #if canImport(Glibc)
        @Test func coloursOnATerminal() throws {
            let folder = try FlowFolder()
            try folder.write("unknown.yaml", Flows.unknownKey)
            let result = try Flowrun.runOnTerminal(["validate", "unknown.yaml"], in: folder.url)
            #expect(result.status == 1)
            #expect(result.stdout.contains("\u{1B}[1;31merror\u{1B}[0m"), "\(result.stdout)")
        }

        @Test func emptyNoColorStillColours() throws {
            let folder = try FlowFolder()
            try folder.write("hello.yaml", Flows.helloYAML)
            var environment = Flowrun.cleanEnvironment()
            environment["NO_COLOR"] = ""
            let result = try Flowrun.runOnTerminal(
                ["validate", "hello.yaml"], in: folder.url, environment: environment)
            #expect(result.stdout.contains("\u{1B}["), "\(result.stdout)")
        }

        @Test(arguments: [("NO_COLOR", "1"), ("TERM", "dumb")])
        func environmentDisablesColours(variable: String, value: String) throws {
            let folder = try FlowFolder()
            try folder.write("unknown.yaml", Flows.unknownKey)
            var environment = Flowrun.cleanEnvironment()
            environment[variable] = value
            let result = try Flowrun.runOnTerminal(
                ["validate", "unknown.yaml"], in: folder.url, environment: environment)
            #expect(result.status == 1)
            #expect(result.stdout.contains("error FR009"), "\(result.stdout)")
            #expect(!result.stdout.contains("\u{1B}"))
        }

        @Test func noColorFlagDisablesColours() throws {
            let folder = try FlowFolder()
            try folder.write("unknown.yaml", Flows.unknownKey)
            let result = try Flowrun.runOnTerminal(["validate", "--no-color", "unknown.yaml"], in: folder.url)
            #expect(result.status == 1)
            #expect(result.stdout.contains("error FR009"), "\(result.stdout)")
            #expect(!result.stdout.contains("\u{1B}"))
        }
    #endif

    // MARK: Usage errors

    @Test func missingPathExitsTwo() throws {
        let folder = try FlowFolder()
        try folder.write("hello.yaml", Flows.helloYAML)
        let result = try folder.run("validate", "hello.yaml", "missing.yaml")
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("missing.yaml"))
    }

    @Test func folderWithoutFlowsExitsTwo() throws {
        let folder = try FlowFolder()
        try folder.write("empty/notes.txt", "nothing here")
        let result = try folder.run("validate", "empty")
        #expect(result.status == 2)
        #expect(result.stderr.contains("no flow files"))
    }

    @Test(arguments: [
        ["validate"],
        ["validate", "--format", "xml", "a.yaml"],
        ["validate", "--colour", "a.yaml"],
        ["a.yaml", "--frobnicate"],
    ])
    func usageErrorsExitTwo(arguments: [String]) throws {
        let folder = try FlowFolder()
        try folder.write("a.yaml", Flows.helloYAML)
        let result = try Flowrun.run(arguments, in: folder.url)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("flowrun: error: "), "one error prefix: \(result.stderr)")
        #expect(!result.stderr.contains("Error: "), "\(result.stderr)")
        #expect(result.stderr.contains("Usage: "))
    }

    @Test("an option before the command is an unknown option, not a missing flow; -v points at --version")
    func optionBeforeTheCommand() throws {
        let folder = try FlowFolder()
        let result = try Flowrun.run(["-v"], in: folder.url)
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix("flowrun: error: unknown option `-v`; did you mean `--version`?"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("Missing expected argument"))
        #expect(try Flowrun.run(["--version"], in: folder.url).status == 0)
    }

    @Test("a word that is neither a command nor a flow file is refused as a mistyped command")
    func unknownWordIsRefused() throws {
        let folder = try FlowFolder()
        let result = try Flowrun.run(["frobnicate"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("`frobnicate` is neither a command nor a flow file"), "\(result.stderr)")
    }

    @Test("a missing file with a flow extension is still run as a flow, and refused as one")
    func missingFlowFileIsAFlowPath() throws {
        let folder = try FlowFolder()
        let result = try Flowrun.run(["frobnicate.yaml"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("FR001"), "\(result.stderr)")
    }
}

@Suite struct RootCommandTests {
    @Test func versionIsTheChangelogsNewest() throws {
        let folder = try FlowFolder()
        let result = try folder.run("--version")
        #expect(result.status == 0)
        let changelog = try String(contentsOf: FlowLibrary.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = changelog.split(separator: "\n").first {
            $0.hasPrefix("## ") && $0.first(where: \.isNumber) != nil
        }
        let version = try #require(newest?.dropFirst(3).split(separator: " ").first, "no version in CHANGELOG.md")
        #expect(result.stdout == "flowrun \(version)\n")
    }

    @Test func helpListsTheSubcommands() throws {
        let folder = try FlowFolder()
        let result = try folder.run("--help")
        #expect(result.status == 0)
        #expect(result.stdout.contains("validate"))
        #expect(result.stdout.contains("graph"))
    }

    @Test("a parent whose sub-flow is broken fails too (FR128), also in the JUnit report")
    func parentOfABrokenSubflowFails() throws {
        let folder = try FlowFolder()
        try folder.write(
            "parent.yaml",
            """
            flowrun: 1
            id: parent
            start: go
            steps:
              go:
                use: ./child.yaml
                on: { success: { end: success } }

            """)
        try folder.write(
            "child.yaml", "flowrun: 1\nid: child\nstart: done\nsteps:\n  done: { end: success, nxt: x }\n")
        let text = try folder.run("validate", "parent.yaml")
        #expect(text.status == 1)
        #expect(
            text.stdout.contains("parent.yaml:6:10: error FR128: sub-flow `./child.yaml` has errors"), "\(text.stdout)")
        let junit = try folder.run("validate", "--format", "junit", "parent.yaml", "child.yaml")
        #expect(junit.stdout.contains("failures=\"2\""), "\(junit.stdout)")
        #expect(junit.stdout.contains("type=\"FR128\""), "\(junit.stdout)")
    }

    @Test func binaryIsFound() throws {
        let binary = try Flowrun.binary()
        #expect(FileManager.default.isExecutableFile(atPath: binary.path))
    }
}
