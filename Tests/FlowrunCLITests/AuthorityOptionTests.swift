import Foundation
import Testing

/// Choosing the authority: `--authority`, `--tenant`, and `flowrun.yaml` in the working folder (the command
/// line wins; unknown keys are refused with their line and column).
@Suite struct AuthorityOptionTests {
    static let email = "opt@example.com"

    /// A working folder with the standard tenant as `./authority.yaml` and, when given, a `flowrun.yaml`.
    static func folder(projectFile: String? = nil) throws -> FlowFolder {
        let folder = try FlowFolder()
        try folder.write("authority.yaml", Tenant.standard)
        if let projectFile { try folder.write("flowrun.yaml", projectFile) }
        return folder
    }

    /// `flowrun run FLOW --json --input… options…` in `folder`, with no state folder option unless given.
    static func run(
        _ folder: FlowFolder, _ flow: String, inputs: [String], _ options: [String] = [],
        environment: [String: String] = AuthorityOptionTests.environmentWithoutStateDir
    ) throws -> FlowRun {
        var arguments = ["run", FlowLibrary.flow(flow), "--json"]
        for input in inputs { arguments += ["--input", input] }
        return FlowRun(try folder.run(arguments + options, environment: environment), json: true)
    }

    static let signUp = ["email=\(email)", "code=@outbox"]

    static var environmentWithoutStateDir: [String: String] {
        var environment = Flowrun.cleanEnvironment()
        environment["FLOWRUN_STATE_DIR"] = nil
        return environment
    }

    @Test func anUnknownKeyIsRefusedWithItsPlace() throws {
        let folder = try Self.folder(projectFile: "authority: embedded\nbogus: 1\n")
        let run = try Self.run(folder, "sign-up-email-otp", inputs: Self.signUp)
        #expect(run.status == 2, run.transcript)
        #expect(run.stderr.contains("flowrun.yaml:2:1: unknown key `bogus`"), run.transcript)
        #expect(run.events.isEmpty)
    }

    @Test(arguments: [
        ("challengeTypes: { a: b }\n", "flowrun.yaml:1:17: `challengeTypes` must be"),
        ("clientId: [a, b]\n", "flowrun.yaml:1:11: `clientId` must be non-empty text"),
        ("- authority\n", "flowrun.yaml:1:1: must be a mapping"),
        ("authority: ftp://example.com/x\n", "flowrun.yaml: authority: `ftp://example.com/x` is not an authority"),
        ("authority: embedded\ntenant: contoso\n", "`authority` and `tenant` in flowrun.yaml exclude each other"),
        ("authority: [unclosed\n", "flowrun.yaml:2:1: did not find expected ',' or ']'"),
        ("authority: embedded\nauthority: embedded\n", "flowrun.yaml:2:1: duplicate key `authority`"),
    ])
    func badProjectFiles(text: String, expected: String) throws {
        let run = try Self.run(try Self.folder(projectFile: text), "sign-up-email-otp", inputs: Self.signUp)
        #expect(run.status == 2, run.transcript)
        #expect(run.stderr.contains(expected), run.transcript)
    }

    @Test(arguments: [
        (["--tenant", "contoso"], "--tenant needs --client-id"),
        (["--tenant", "con toso", "--client-id", "x"], "--tenant: `con toso` is not a tenant subdomain"),
        (["--authority", "ftp://example.com/x"], "--authority: `ftp://example.com/x` is not an authority"),
        (["--authority", "https://u:p@example.com/x"], "must not hold a user name or password"),
        (["--authority", "http://127.0.0.1:1/contoso", "--tenant", "contoso"], "exclude each other"),
        (["--tenant", "contoso", "--client-id", "x", "--config", "authority.yaml"], "--config describes"),
    ])
    func badOptions(options: [String], expected: String) throws {
        let run = try Self.run(try Self.folder(), "sign-up-email-otp", inputs: Self.signUp, options)
        #expect(run.status == 2, run.transcript)
        #expect(run.stderr.contains(expected), run.transcript)
    }

    /// Nothing listens on port 1: the client reports `unexpected` (a transport error) and the flow ends.
    @Test func anUnreachableAuthority() throws {
        let folder = try Self.folder()
        let run = try Self.run(
            folder, "sign-up-email-otp", inputs: Self.signUp,
            ["--authority", "http://127.0.0.1:1/contoso", "--state-dir", "state"])
        #expect(run.status == 1, run.transcript)
        #expect(run.outcomes == ["signUp.start → unexpected"], run.transcript)
        run.expectEnd(
            status: 1, kind: "failure", reason: "unexpected",
            message: "Unexpected error signing up. The sign-in service could not be reached. Check the connection")
        #expect(run.errorDescription.contains("No answer from the authority"), "\(run.transcript)")
        #expect(
            !FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("state/authority.sqlite").path),
            "no embedded database with an HTTP authority")
    }

    @Test func theStateFolderComesFromTheOptionThenTheEnvironmentThenTheFile() throws {
        let folder = try Self.folder(projectFile: "stateDir: from-file\n")
        func database(_ dir: String) -> Bool {
            FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("\(dir)/authority.sqlite").path)
        }
        let fromFile = try Self.run(folder, "sign-up-email-otp", inputs: Self.signUp)
        fromFile.expectSuccess()
        #expect(database("from-file"))

        var environment = Self.environmentWithoutStateDir
        environment["FLOWRUN_STATE_DIR"] = folder.url.appendingPathComponent("from-env").path
        try Self.run(folder, "sign-up-email-otp", inputs: Self.signUp, environment: environment).expectSuccess()
        #expect(database("from-env"))

        try Self.run(
            folder, "sign-up-email-otp", inputs: Self.signUp, ["--state-dir", "from-option"], environment: environment
        )
        .expectSuccess()
        #expect(database("from-option"))
    }

    @Test func clientSettingsFromTheFileAndTheCommandLineWins() throws {
        let folder = try Self.folder(projectFile: "challengeTypes: [password, redirect]\ncapabilities: mfa_required\n")
        let fromFile = try Self.run(
            folder, "sign-up-email-otp", inputs: Self.signUp, ["--state-dir", "state"])
        fromFile.expectEnd(status: 4, kind: "browser_required")
        let fromOption = try Self.run(
            folder, "sign-up-email-otp", inputs: Self.signUp,
            ["--state-dir", "state", "--challenge-types", "oob password redirect"])
        fromOption.expectSuccess()
    }

    /// `--authority embedded` on the command line wins over an HTTP authority in the file.
    @Test func embeddedOnTheCommandLineWinsOverTheFile() throws {
        let folder = try Self.folder(projectFile: "authority: http://127.0.0.1:1/contoso\n")
        let run = try Self.run(
            folder, "sign-up-email-otp", inputs: Self.signUp, ["--authority", "embedded", "--state-dir", "state"])
        run.expectSuccess()
    }
}
