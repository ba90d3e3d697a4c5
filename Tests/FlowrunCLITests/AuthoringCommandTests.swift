import Foundation
import Testing

/// The catalog, reports written to files, GitHub annotations, JSON graphs, acknowledged warnings, list params,
/// and the command line's smaller promises, through the real binary.
@Suite struct AuthoringCommandTests {
    // MARK: catalog

    @Test func catalogListsAndDescribesActions() throws {
        let folder = try FlowFolder()
        let list = try folder.run("catalog")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("signUp.start") && list.stdout.contains("token.get"), "\(list.stdout)")
        let one = try folder.run("catalog", "signUp.start")
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout.contains("username: email, required"), "\(one.stdout)")
        #expect(one.stdout.contains("password: password, secret"), "\(one.stdout)")
        #expect(one.stdout.contains("invalidPassword (error)"), "\(one.stdout)")
        #expect(one.stdout.contains("data sentTo: string"), "\(one.stdout)")
        let json = try folder.run("catalog", "token.get", "--format", "json")
        let parsed = try JSON.parse(Data(json.stdout.utf8))
        #expect(parsed["token.get"]?["outcomes"]?["completed"] != nil, "\(json.stdout)")
    }

    @Test func aMistypedActionIsAUsageErrorWithTheActionMeant() throws {
        let result = try FlowFolder().run("catalog", "signUp.strat")
        #expect(result.status == 2)
        #expect(result.stderr.contains("did you mean `signUp.start`?"), "\(result.stderr)")
    }

    @Test("docs/catalog.md is `flowrun catalog --format markdown`")
    func actionReferenceMatchesTheCatalog() throws {
        let result = try FlowFolder().run("catalog", "--format", "markdown")
        #expect(result.status == 0)
        let committed = try String(
            contentsOf: FlowLibrary.root.appendingPathComponent("docs/catalog.md"), encoding: .utf8)
        #expect(
            committed == result.stdout,
            "docs/catalog.md drifted: run `swift run flowrun catalog --format markdown > docs/catalog.md`")
    }

    // MARK: reports

    @Test("`test --output FILE` writes the report while the text still goes to the terminal")
    func testReportToAFile() throws {
        let folder = try FlowFolder()
        let scenarios = FlowLibrary.root.appendingPathComponent("flows/tests/sign-out-nobody.test.yaml").path
        let result = try folder.run("test", scenarios, "--format", "junit", "--output", "report.xml")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("PASS "), "\(result.stdout)")
        let report = try String(contentsOf: folder.url.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(report.hasPrefix("<?xml") && report.contains("<testcase"), "\(report)")
    }

    @Test("`test --format github` annotates a failed scenario")
    func testGitHubAnnotations() throws {
        let folder = try FlowFolder()
        try folder.write("hello.yaml", Flows.helloYAML)
        try folder.write(
            "hello.test.yaml",
            """
            flow: hello.yaml
            scenarios:
              - name: expects the wrong end
                inputs: { email: ann@contoso.com }
                expect: { end: failure }

            """)
        let result = try folder.run("test", "hello.test.yaml", "--format", "github")
        #expect(result.status == 1)
        #expect(
            result.stdout.contains("::error file=hello.test.yaml,line=5,col=20,"),
            "at the expectation: \(result.stdout)")
    }

    @Test("`validate --output FILE` writes JSON while the terminal gets text")
    func validateReportToAFile() throws {
        let folder = try FlowFolder()
        try folder.write("hello.yaml", Flows.helloYAML)
        let result = try folder.run("validate", "hello.yaml", "--format", "json", "--output", "report.json")
        #expect(result.status == 0)
        #expect(result.stdout.contains("no problems in 1 file"), "\(result.stdout)")
        let report = try JSON.parse(Data(contentsOf: folder.url.appendingPathComponent("report.json")))
        #expect(report["files"] == .number(1))
    }

    @Test func graphAsJSON() throws {
        let folder = try FlowFolder()
        try folder.write("hello.yaml", Flows.helloYAML)
        let result = try folder.run("graph", "hello.yaml", "--format", "json")
        #expect(result.status == 0, "\(result.stderr)")
        let graph = try JSON.parse(Data(result.stdout.utf8))
        #expect(graph["start"] == .string("ask_email"))
        #expect(graph["edges"]?.list?.first?["to"] == .string("done"), "\(result.stdout)")
    }

    @Test("`--format json` is the same as `--json` for run and outbox")
    func formatJSONIsTheJSONFlag() throws {
        let sandbox = try Sandbox()
        try sandbox.folder.write("hello.yaml", Flows.helloYAML)
        let result = try Flowrun.run(
            ["run", "hello.yaml", "--state-dir", "state", "--input", "email=a@b.co", "--format", "json"],
            in: sandbox.url)
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("{") }, "\(result.stdout)")
        let outbox = try Flowrun.run(["outbox", "--state-dir", "state", "--format", "json"], in: sandbox.url)
        #expect(outbox.status == 0 && outbox.stdout.hasPrefix("["), "\(outbox.stdout)\(outbox.stderr)")
    }

    // MARK: small promises

    @Test("`test --jobs` shows one default")
    func jobsHelpShowsOneDefault() throws {
        let result = try FlowFolder().run("help", "test")
        let start = try #require(result.stdout.range(of: "  --jobs <n>"), "\(result.stdout)")
        let end = try #require(result.stdout.range(of: "  --filter"))
        let help = result.stdout[start.lowerBound..<end.lowerBound]
        #expect(help.components(separatedBy: "default").count == 2, "\(help)")
        #expect(help.contains("CPU cores"), "\(help)")
    }

    @Test("`test --explore --write` reports what it wrote without an error, with a modeline that resolves")
    func exploreWriteIsNotAnError() throws {
        let folder = try FlowFolder()
        try folder.write("schemas/scenario.schema.json", "{}")
        try folder.write("flows/hello.yaml", Flows.helloYAML)
        let result = try folder.run("test", "--explore", "flows/hello.yaml", "--write", "flows/tests")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stderr.contains("error"), "\(result.stderr)")
        let written = try String(
            contentsOf: folder.url.appendingPathComponent("flows/tests/hello.test.yaml"), encoding: .utf8)
        #expect(
            written.hasPrefix("# yaml-language-server: $schema=../../schemas/scenario.schema.json\n"),
            "\(written.prefix(120))")
    }

    @Test("`validate -` checks the flow on standard input and names it `-`")
    func validateStandardInput() throws {
        let folder = try FlowFolder()
        let broken = try Flowrun.run(["validate", "-"], in: folder.url, standardInput: Flows.unknownKey)
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("-:2:1: error FR009"), "\(broken.stdout)")
        let clean = try Flowrun.run(["validate", "-"], in: folder.url, standardInput: Flows.helloJSON)
        #expect(clean.status == 0, "\(clean.stdout)")
    }

    @Test("FR013's hint for `attempts` without `exhausted` says what to add")
    func attemptsWithoutExhaustedHint() throws {
        let folder = try FlowFolder()
        try folder.write(
            "loop.yaml",
            Flows.helloYAML.replacingOccurrences(of: "next: done", with: "next: { goto: done, attempts: 2 }"))
        let result = try folder.run("validate", "loop.yaml")
        #expect(result.status == 1)
        #expect(result.stdout.contains("hint: add `exhausted:`"), "\(result.stdout)")
        #expect(!result.stdout.contains("keep exactly one"), "\(result.stdout)")
    }

    @Test("a JSON scenario file may name its schema")
    func jsonScenarioWithSchema() throws {
        let folder = try FlowFolder()
        try folder.write("hello.yaml", Flows.helloYAML)
        try folder.write(
            "hello.test.json",
            """
            { "$schema": "https://flowrun.dev/schemas/scenario.schema.json", "flow": "hello.yaml",
              "scenarios": [{ "name": "says hello", "inputs": { "email": "ann@contoso.com" },
                              "expect": { "end": "success" } }] }

            """)
        let result = try folder.run("test", "hello.test.json")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test("an authority that cannot be reached is named on standard error at the end of the run")
    func transportErrorIsNamed() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(
            "sign-up-email-otp", inputs: ["email=gus@example.com"],
            ["--authority", "http://127.0.0.1:1/contoso"], json: false)
        #expect(run.status == 1, run.transcript)
        #expect(run.stderr.contains("signUp.start: No answer from the authority"), run.transcript)
    }

    @Test("`serve` on a port in use says so in words")
    func serveOnABusyPort() throws {
        let folder = try FlowFolder()
        let first = try ServeProcess(stateDir: folder.url.appendingPathComponent("one"), in: folder.url)
        defer { _ = first.stop() }
        let port = try #require(first.url.port)
        let second = try folder.run("serve", "--port", "\(port)", "--state-dir", "two")
        #expect(second.status == 1)
        #expect(second.stderr.contains("address already in use"), "\(second.stderr)")
        #expect(!second.stderr.contains(")"), "\(second.stderr)")
    }

    @Test("bash completion offers flow files and folders, nothing else, for a flow argument")
    func bashCompletesFlowFiles() throws {
        let folder = try FlowFolder()
        for name in ["a.yaml", "b.yml", "c.json", "notes.txt", "sub/inner.yaml"] { try folder.write(name, "") }
        let script = try folder.run("--generate-completion-script", "bash")
        #expect(script.status == 0)
        try folder.write("completion.bash", script.stdout)
        for command in ["validate", "run", "graph"] {
            let line = "flowrun \(command) "
            let offered = try Self.bash(
                "source ./completion.bash; COMP_WORDS=(flowrun \(command) ''); COMP_CWORD=2; COMP_LINE='\(line)'; "
                    + "COMP_POINT=\(line.count); _flowrun flowrun '' \(command); printf '%s\\n' \"${COMPREPLY[@]}\"",
                in: folder.url)
            #expect(
                Set(offered.split(separator: "\n")) == ["a.yaml", "b.yml", "c.json", "sub"], "\(command): \(offered)")
        }
    }

    @Test("zsh and fish completion name the flow file extensions for the flow argument")
    func zshAndFishCompleteFlowFiles() throws {
        let zsh = try FlowFolder().run("--generate-completion-script", "zsh")
        #expect(zsh.stdout.contains(#"':flow:_files -g '\''*.yaml *.yml *.json'\'''"#), "\(zsh.stdout.prefix(400))")
        let fish = try FlowFolder().run("--generate-completion-script", "fish")
        let validate = fish.stdout.split(separator: "\n").filter { $0.contains(#"positional "flowrun validate""#) }
        #expect(validate.contains { $0.contains(#"set -l exts \'yaml\' \'yml\' \'json\'"#) }, "\(validate)")
    }

    /// Runs a bash command line in `directory` and returns its standard output.
    static func bash(_ command: String, in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: language

    static let emailFirst = """
        flowrun: 1
        id: email-first
        inputs:
          email: { type: email }
          password: { type: password }
        start: ask_email
        steps:
          ask_email: { ask: [email], next: start }
          start:
            action: signIn.start
            with: { username: "${email}" }
            on:
              passwordRequired: ask_password
              userNotFound: { goto: ask_email, message: "No account uses that address.", attempts: 3, exhausted: { fail: unknown } }
              otherwise: { fail: other }
          ask_password: { ask: [password], next: submit }
          submit:
            action: signIn.submitPassword
            with: { password: "${password}" }
            on:
              completed: done
              invalidCredentials: { goto: ask_password, message: "Wrong password.", attempts: 3, exhausted: { fail: locked } }
              otherwise: { fail: other }
          done: { end: success }

        """

    @Test("FR126 stays quiet when the two outcomes come from different steps (email first)")
    func emailFirstIsNotEnumeration() throws {
        let folder = try FlowFolder()
        try folder.write("email-first.yaml", Self.emailFirst)
        let result = try folder.run("validate", "--strict", "email-first.yaml")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(!result.stdout.contains("FR126"), "\(result.stdout)")
    }

    /// One step that can answer both outcomes, with different words.
    static func oneStep(allow: String) -> String {
        """
        flowrun: 1
        id: one-step
        inputs:
          email: { type: email }
          password: { type: password }
        start: ask
        steps:
          ask: { ask: [email, password], next: start }
          start:
            action: signIn.start
            with: { username: "${email}", password: "${password}" }
            on:
              completed: done
              userNotFound: { goto: ask, message: "No account uses that address.", attempts: 3, exhausted: { fail: unknown } }
              invalidCredentials: { goto: ask, message: "Wrong password.", attempts: 3, exhausted: { fail: locked } }
              otherwise: { fail: other }
        \(allow)
          done: { end: success }

        """
    }

    @Test("a warning acknowledged at its step is reported as acknowledged and does not fail --strict")
    func acknowledgedWarning() throws {
        let folder = try FlowFolder()
        try folder.write("plain.yaml", Self.oneStep(allow: ""))
        try folder.write(
            "allowed.yaml", Self.oneStep(allow: "    allow: { FR126: \"the tenant shows this page to staff only\" }"))
        let plain = try folder.run("validate", "--strict", "plain.yaml")
        #expect(plain.status == 1, "\(plain.stdout)")
        let allowed = try folder.run("validate", "--strict", "allowed.yaml")
        #expect(allowed.status == 0, "\(allowed.stdout)")
        #expect(
            allowed.stdout.contains("warning FR126:")
                && allowed.stdout.contains(
                    "(acknowledged: the tenant shows this page to staff only)"),
            "\(allowed.stdout)")
        #expect(allowed.stdout.contains("1 warning acknowledged"), "\(allowed.stdout)")
    }

    @Test("an acknowledgement needs a warning's code and a reason")
    func badAcknowledgements() throws {
        let folder = try FlowFolder()
        try folder.write("error.yaml", Self.oneStep(allow: "    allow: { FR101: because }"))
        try folder.write("empty.yaml", Self.oneStep(allow: "    allow: { FR126: \"\" }"))
        let error = try folder.run("validate", "error.yaml")
        #expect(error.status == 1 && error.stdout.contains("only warnings can be acknowledged"), "\(error.stdout)")
        let empty = try folder.run("validate", "empty.yaml")
        #expect(empty.status == 1 && empty.stdout.contains("FR126 needs a reason"), "\(empty.stdout)")
    }

    @Test("an acknowledgement that matches no warning in its step is reported, and fails --strict")
    func unusedAcknowledgement() throws {
        let folder = try FlowFolder()
        let sameWords = Self.oneStep(allow: "    allow: { FR126: \"left over from an older version\" }")
            .replacingOccurrences(of: "\"No account uses that address.\"", with: "\"Wrong password.\"")
        try folder.write("stale.yaml", sameWords)
        let stale = try folder.run("validate", "--strict", "stale.yaml")
        #expect(stale.status == 1, "\(stale.stdout)")
        #expect(
            stale.stdout.contains("stale.yaml:17:14: warning FR127: `allow` acknowledges FR126, but no FR126 warning"),
            "\(stale.stdout)")
        try folder.write(
            "elsewhere.yaml",
            Self.oneStep(allow: "").replacingOccurrences(
                of: "  done: { end: success }",
                with: "  done:\n    end: success\n    allow: { FR126: \"acknowledged in the wrong step\" }"))
        let elsewhere = try folder.run("validate", "elsewhere.yaml")
        #expect(elsewhere.stdout.contains("warning FR126:"), "\(elsewhere.stdout)")
        #expect(elsewhere.stdout.contains("warning FR127:"), "\(elsewhere.stdout)")
        #expect(!elsewhere.stdout.contains("(acknowledged"), "\(elsewhere.stdout)")
    }

    @Test("a list param carries scopes to token.get")
    func listParamToTokenGet() throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithPassword("lin@example.com")
        _ = try sandbox.signIn("lin@example.com")
        try sandbox.folder.write(
            "scoped.yaml",
            """
            flowrun: 1
            id: scoped-token
            params:
              wanted: { type: list }
            start: get
            steps:
              get:
                action: token.get
                with: { scopes: "${wanted}" }
                on:
                  completed: { end: success, output: { scopes: "${scopes}" } }
                  otherwise: { fail: no_token }

            """)
        let run = try sandbox.run(sandbox.path("scoped.yaml"), inputs: [], ["--param", "wanted=User.Read, Mail.Read"])
        run.expectSuccess()
        let granted = run.ended?.output["scopes"]?.strings ?? []
        #expect(granted.contains("User.Read") && granted.contains("Mail.Read"), "\(granted)")
    }
}
