import Foundation
import Testing

/// What a flow author meets in the first hour, through the real binary: attempt limits, masking that never
/// cuts text, `validate .` in a project folder, mistyped commands and names, and usage errors that exit 2 with
/// their reason.
@Suite struct FirstHourTests {
    /// A flow whose question may be asked again once (`attempts: 1`), then the choice is exhausted.
    static let againOnce = """
        flowrun: 1
        id: again-once
        inputs:
          name: { type: text, label: Name }
        start: ask
        steps:
          ask:
            ask: [name]
            choices:
              again: { goto: ask, attempts: 1, exhausted: { fail: exhausted } }
            next: done
          done:
            end: success
            message: "Hello ${name}"

        """

    // MARK: attempts

    @Test("`attempts: 1` lets the transition through once; the second time it is exhausted")
    func attemptsCountTheTimesTheTransitionIsTaken() throws {
        let sandbox = try Sandbox()
        try sandbox.folder.write("again.yaml", Self.againOnce)
        try sandbox.folder.write("once.yaml", "name: [{ choose: again }, hello]\n")
        try sandbox.folder.write("twice.yaml", "name: [{ choose: again }, { choose: again }, hello]\n")
        let once = try sandbox.run(sandbox.path("again.yaml"), inputs: [], ["--answers", sandbox.path("once.yaml")])
        once.expectSuccess("Hello hello")
        let twice = try sandbox.run(sandbox.path("again.yaml"), inputs: [], ["--answers", sandbox.path("twice.yaml")])
        twice.expectFailure("exhausted")
    }

    @Test("the library's resend choice allows the three resends its limit names")
    func threeResendsAreAllowed() throws {
        let sandbox = try Sandbox()
        try sandbox.folder.write(
            "answers.yaml",
            """
            email: gus@example.com
            code: [{ choose: resend }, { choose: resend }, { choose: resend }, "@outbox"]

            """)
        let run = try sandbox.run("sign-up-email-otp", inputs: [], ["--answers", sandbox.path("answers.yaml")])
        run.expectSuccess()
        #expect(run.outcomes.filter { $0 == "signUp.resendCode → codeRequired" }.count == 3, run.transcript)
    }

    @Test("three wrong codes still end the library's code loops, as their descriptions say")
    func threeWrongCodesEndTheFlow() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(
            "sign-up-email-otp",
            inputs: ["email=gus@example.com"] + Array(repeating: "code=\(Planted.wrongCode)", count: 3))
        run.expectFailure("too_many_attempts")
        #expect(run.asks("ask_code") == 3, run.transcript)
    }

    // MARK: masking

    @Test("a password that is part of a refusal's words leaves the words whole")
    func passwordInsideAnErrorCode() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(
            "sign-up-password", inputs: ["email=gus@example.com", "password=short", "password=too", "password=_"])
        run.expectFailure("invalid_password")
        #expect(run.messages.filter { $0.contains("The password is too short.") }.count == 2, "\(run.messages)")
        #expect(!run.stdout.contains("redacted"), run.transcript)
    }

    @Test("a password that is part of the email address leaves the address whole")
    func passwordInsideAnEmail() throws {
        let sandbox = try Sandbox()
        let email = "str0ng-pa55@example.com"
        let run = try sandbox.run(
            "sign-up-password", inputs: ["email=\(email)", "password=str0ng-pa55", "code=@outbox"])
        run.expectSuccess("Signed up successfully as \(email)!")
    }

    @Test("a password that is part of a message leaves the message whole, and scenarios expect it as written")
    func passwordInsideAMessageInAScenario() throws {
        let folder = try FlowFolder()
        // The flow is copied into the project: a scenario may not name a flow outside it.
        try folder.write(
            "sign-up-password.yaml", try String(contentsOfFile: FlowLibrary.flow("sign-up-password"), encoding: .utf8))
        try folder.write(
            "sign-up.test.yaml",
            """
            flow: sign-up-password.yaml
            authority:
              tenant: { signUp: { method: emailPassword }, passwordHash: { iterations: 1000 } }
            scenarios:
              - name: the reason is shown whole
                inputs: { email: ann@contoso.com, password: [short, Unable, "Str0ng-Passw0rd!"], code: "@outbox" }
                expect:
                  end: success
                  messages:
                    - "Unable to sign up. The password is too short. Choose a different password."

            """)
        let result = try folder.run("test", "sign-up.test.yaml")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    // MARK: discovery

    @Test("`flowrun validate .` in a project folder checks the flows, not flowrun.yaml or authority.yaml")
    func validateAProjectFolder() throws {
        let folder = try FlowFolder()
        try folder.write("flowrun.yaml", "stateDir: .flowrun\n")
        try folder.write("authority.yaml", Tenant.standard)
        try folder.write("hello.yaml", Flows.helloYAML)
        try folder.write("tests/hello.test.yaml", "flow: ../hello.yaml\nscenarios: []\n")
        let result = try folder.run("validate", ".")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            !result.stdout.contains("flowrun.yaml") && !result.stdout.contains("authority.yaml"), "\(result.stdout)")
        #expect(result.stdout.contains("no problems in 1 file"), "\(result.stdout)")
    }

    // MARK: command line

    @Test("a mistyped command is refused with the command meant, not run as a flow")
    func mistypedCommand() throws {
        let folder = try FlowFolder()
        try folder.write("flows/hello.yaml", Flows.helloYAML)
        let result = try folder.run("vaildate", "flows/")
        #expect(result.status == 2)
        #expect(result.stderr.contains("did you mean `flowrun validate`?"), "\(result.stderr)")
    }

    @Test(
        "usage errors of `run` exit 2 and say why",
        arguments: [
            (["--answers", "/nonexistent.yaml"], "cannot read the answers file /nonexistent.yaml: no such file"),
            (["--input", "email"], "--input takes NAME=VALUE, got `email`"),
            (["--input", "emial=gus@example.com"], "did you mean --input email=…?"),
            (["--param", "foo=bar"], "the flow `hello` has no param `foo`"),
            (["--resume", "/nonexistent.json"], "--resume: cannot read the session file /nonexistent.json"),
        ])
    func runUsageErrors(options: [String], expected: String) throws {
        let sandbox = try Sandbox()
        try sandbox.folder.write("hello.yaml", Flows.helloYAML)
        let run = try sandbox.run(sandbox.path("hello.yaml"), inputs: [], options)
        #expect(run.status == 2, run.transcript)
        #expect(run.stderr.contains(expected), run.transcript)
        #expect(!FileManager.default.fileExists(atPath: sandbox.stateDir.path), "nothing ran")
    }

    @Test(
        "an answers file with a mistake is refused with its line and column",
        arguments: [
            ("email: a@example.com\nname: [Ada\n", "the answers file answers.yaml:3:1: did not find expected ','"),
            ("email: a@example.com\nname: [[Ada]]\n", "the answers file answers.yaml:2:8: an answer must be text"),
            (
                "email: a@example.com\nemail: b@example.com\n",
                "the answers file answers.yaml:2:1: duplicate key `email`"
            ),
            ("- a@example.com\n", "the answers file answers.yaml must map input names to answers"),
        ])
    func badAnswersFiles(text: String, expected: String) throws {
        let sandbox = try Sandbox()
        try sandbox.folder.write("hello.yaml", Flows.helloYAML)
        try sandbox.folder.write("answers.yaml", text)
        let run = try Flowrun.run(
            ["run", "hello.yaml", "--answers", "answers.yaml", "--json"], in: sandbox.folder.url)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains(expected), "\(run.stderr)")
    }

    @Test("a missing param is a usage error that names it")
    func missingParam() throws {
        let sandbox = try Sandbox()
        try sandbox.folder.write(
            "greet.yaml",
            """
            flowrun: 1
            id: greet
            params:
              who: { type: text }
            start: done
            steps:
              done: { end: success, message: "Hello ${who}" }

            """)
        let missing = try sandbox.run(sandbox.path("greet.yaml"))
        #expect(missing.status == 2, missing.transcript)
        #expect(missing.stderr.contains("needs --param who=VALUE"), missing.transcript)
        let typo = try sandbox.run(sandbox.path("greet.yaml"), inputs: [], ["--param", "woh=ann"])
        #expect(typo.status == 2, typo.transcript)
        #expect(typo.stderr.contains("did you mean --param who=…?"), typo.transcript)
        try sandbox.run(sandbox.path("greet.yaml"), inputs: [], ["--param", "who=ann"]).expectSuccess("Hello ann")
    }

    @Test("`--answers -` reads the answers from standard input")
    func answersFromStandardInput() throws {
        let sandbox = try Sandbox()
        try sandbox.folder.write("hello.yaml", Flows.helloYAML)
        let result = try Flowrun.run(
            ["run", "hello.yaml", "--state-dir", "state", "--answers", "-"], in: sandbox.url,
            standardInput: "email: gus@example.com\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Hello gus@example.com"), "\(result.stdout)")
    }

    @Test("the resume hint repeats the state folder and tenant the run used")
    func resumeHintRepeatsTheOptions() throws {
        let sandbox = try Sandbox()
        let session = sandbox.path("s.json")
        let run = try sandbox.run("sign-up-email-otp", inputs: ["email=gus@example.com"], ["--save", session])
        #expect(run.status == 5, run.transcript)
        #expect(run.stderr.contains("--state-dir \(sandbox.stateDir.path)"), run.transcript)
        #expect(run.stderr.contains("--config \(sandbox.configFile.path)"), run.transcript)
        #expect(run.stderr.contains("--resume \(session)"), run.transcript)
    }
}
