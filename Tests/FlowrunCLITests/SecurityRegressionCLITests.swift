import Foundation
import Testing

/// The proofs of the adversarial review against the `flowrun` binary, replayed: each failed before its fix.
/// docs/security.md lists the protections.
@Suite("Security regressions (CLI)")
struct SecurityRegressionCLITests {
    // MARK: `--save` wrote a live continuation token

    @Test("a session saved after a reset's code step holds only a sealed continuation")
    func savedSessionHoldsNoLiveToken() throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithPassword("se@example.com")
        let session = sandbox.path("reset.json")
        let first = try sandbox.run(
            "reset-password", inputs: ["email=se@example.com", "code=@outbox"], ["--save", session])
        #expect(first.status == 5, first.transcript)
        let text = try String(contentsOfFile: session, encoding: .utf8)
        let document = try JSON.parse(Data(text.utf8))
        #expect(document["session"]?["continuation"] == nil, "a continuation in the clear: \(document)")
        #expect(document["sealedContinuation"]?.string?.isEmpty == false, "\(document)")
        #expect(!text.contains("continuationToken"), "\(text)")
        #expect(posixMode(sandbox.stateDir.appendingPathComponent("session.key").path) == 0o600)

        // Another state folder has no key for it: refused, and the password stays as it was.
        let elsewhere = sandbox.path("other-state")
        let stolen = try Flowrun.run(
            [
                "run", FlowLibrary.flow("reset-password"), "--state-dir", elsewhere, "--config",
                sandbox.configFile.path, "--input", "newPassword=\(Planted.newPassword)", "--resume", session,
            ], in: sandbox.url)
        #expect(stolen.status != 0, "\(stolen.stderr)")
        #expect(stolen.stderr.contains("another state folder's key"), "\(stolen.stderr)")

        let resumed = try sandbox.run(
            "reset-password", inputs: ["newPassword=\(Planted.newPassword)"], ["--resume", session])
        #expect(resumed.status == 0, resumed.transcript)
        _ = try sandbox.signIn("se@example.com", Planted.newPassword)
    }

    @Test("a session saved by an older flowrun, its sealed continuation inside the session, is refused plainly")
    func olderSessionFormatIsRefused() throws {
        let sandbox = try Sandbox()
        let session = sandbox.path("old.json")
        let older = """
            {"attempts": {}, "continuation": {"fields": {"sealed": "AAAA"}}, "flowDigest": "digest",
             "flowID": "reset-password", "version": 2,
             "frames": [{"file": "", "secretNames": [], "step": 0, "variables": {}}]}
            """
        try Data(older.utf8).write(to: URL(fileURLWithPath: session))
        let resumed = try sandbox.run(
            "reset-password", inputs: ["newPassword=\(Planted.newPassword)"], ["--resume", session])
        #expect(resumed.status == 2, resumed.transcript)
        #expect(resumed.stderr.contains("was saved by an older flowrun"), resumed.transcript)
    }

    // MARK: symbolic links led the loader out of the folder

    @Test("a use: through a symlink out of the root is refused and never quoted")
    func symlinkOutOfTheRootIsRefused() throws {
        let folder = try FlowFolder()
        let secret = "https://alice:ghp_planted-secret-token@github.com"
        try folder.write("outside/git-credentials", "\(secret)\n")
        try folder.write(
            "flows/main.yaml",
            """
            flowrun: 1
            id: main
            start: shared
            steps:
              shared:
                use: shared.yaml
                on:
                  success: { end: success }
                  failure: { fail: failed }

            """)
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("flows/shared.yaml").path,
            withDestinationPath: "../outside/git-credentials")
        let result = try folder.run("validate", "--format", "github", "flows/main.yaml")
        #expect(result.status != 0, "\(result.stdout)\(result.stderr)")
        #expect((result.stdout + result.stderr).contains("FR016"), "\(result.stdout)\(result.stderr)")
        #expect(!(result.stdout + result.stderr).contains("ghp_planted"), "\(result.stdout)\(result.stderr)")

        let search = try folder.run("validate", "flows")
        #expect(!(search.stdout + search.stderr).contains("ghp_planted"), "\(search.stdout)\(search.stderr)")
    }

    // MARK: terminal escape injection

    @Test("control characters in a printed value are escaped, never sent raw")
    func terminalEscapesAreEscaped() throws {
        let folder = try FlowFolder()
        try folder.write(
            "hello.yaml",
            """
            flowrun: 1
            id: hello-name
            inputs:
              name: { type: text, label: Name }
            start: ask_name
            steps:
              ask_name:
                ask: [name]
                next: done
              done:
                end: success
                message: "Hello ${name}"
                output: { name: "${name}" }

            """)
        let hostile = "Eve\u{1B}]0;owned\u{07}\u{1B}[2K\nflowrun: ended: success"
        let result = try folder.run(
            ["run", "hello.yaml", "--state-dir", "state", "--input", "name=\(hostile)"], environment: [:])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("\u{1B}") && !result.stderr.contains("\u{1B}"), "\(result.stdout)")
        #expect(!result.stdout.contains("\u{07}"))
        #expect(result.stdout.contains("Hello Eve\\u{1B}]0;owned\\u{7}\\u{1B}[2K\\u{A}flowrun: ended: success"))
    }

    @Test("validate reports an escape sequence in a flow's label as FR131, without printing it raw")
    func controlCharacterInALabelIsReported() throws {
        let folder = try FlowFolder()
        try folder.write(
            "hello.yaml",
            """
            flowrun: 1
            id: hello
            inputs:
              name: { type: text, label: "Name\\e]0;owned\\a\\e[2J" }
            start: ask_name
            steps:
              ask_name:
                ask: [name]
                hint: "Your name\\e[1;31m"
                next: done
              done:
                end: success
                message: "Hello ${name}"

            """)
        let result = try folder.run("validate", "hello.yaml")
        #expect(result.status != 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("hello.yaml:4:3: error FR131"), "\(result.stdout)")
        #expect(result.stdout.contains("hello.yaml:7:3: error FR131"), "\(result.stdout)")
        #expect(!(result.stdout + result.stderr).contains("\u{1B}"))
    }

    // MARK: the library's password sign-in told unknown emails apart by its next ask

    @Test("sign-in-password: an unknown email and a wrong password get the same message and the same next ask")
    func signInPasswordHidesWhichAccountsExist() throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithPassword("known@example.com")
        func nextAsk(_ email: String) throws -> (step: String?, inputs: [String]?, messages: [String]) {
            let run = try sandbox.run(
                "sign-in-password", inputs: ["email=\(email)", "password=\(Planted.otherPassword)"],
                ["--save", sandbox.path("session-\(email).json")])
            #expect(run.status == 5, run.transcript)
            let asks = run.events.filter { $0.event == "inputRequested" }
            #expect(asks.count == 2, run.transcript)
            return (asks.last?.step, asks.last?.inputs, run.messages)
        }
        let unknown = try nextAsk("nobody@example.com")
        let wrong = try nextAsk("known@example.com")
        #expect(unknown.step == wrong.step && unknown.inputs == wrong.inputs, "\(unknown) \(wrong)")
        #expect(unknown.messages == wrong.messages, "\(unknown.messages) \(wrong.messages)")
        #expect(wrong.inputs == ["email", "password"])
    }

    @Test("validate reports FR126 for a flow that sends a wrong password to another ask than an unknown email")
    func accountEnumerationByTheNextAskIsReported() throws {
        let folder = try FlowFolder()
        let library = try String(contentsOfFile: FlowLibrary.flow("sign-in-password"), encoding: .utf8)
        let old = library.replacingOccurrences(
            of: "      invalidCredentials:\n        goto: ask_credentials\n",
            with: "      invalidCredentials:\n        goto: retry_password\n"
        ).replacingOccurrences(
            of: "  ask_password:\n",
            with: "  retry_password:\n    ask: [password]\n    next: start_sign_in\n\n  ask_password:\n")
        #expect(old != library)
        try folder.write("sign-in-password.yaml", old)
        let result = try folder.run("validate", "sign-in-password.yaml")
        #expect(result.stdout.contains("warning FR126"), "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("asks for password at `retry_password`"), "\(result.stdout)")
    }

    // MARK: the store was not bound to a tenant

    @Test("a state folder of one tenant is refused for another")
    func stateFolderBoundToTenant() throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithCode("tb@example.com")
        let fabrikam = try sandbox.folder.write(
            "fabrikam.yaml",
            Tenant.with("tenant: fabrikam\ntenantID: 11111111-2222-3333-4444-555555555555"))
        let result = try Flowrun.run(
            [
                "run", FlowLibrary.flow("sign-in-email-otp"), "--state-dir", sandbox.stateDir.path, "--config",
                fabrikam.path, "--input", "email=tb@example.com", "--input", "code=@outbox",
            ], in: sandbox.url)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("not of tenant 11111111-2222-3333-4444-555555555555"), "\(result.stderr)")
    }

    // MARK: --state-dir changed the mode of an existing folder and used a key others could read

    @Test("an existing state folder keeps its mode; one others can write, or a readable session.key, is refused")
    func stateFolderModesAreCheckedNotChanged() throws {
        let folder = try FlowFolder()
        func signUp(_ state: URL, _ email: String) throws -> RunResult {
            try folder.run(
                [
                    "run", FlowLibrary.flow("sign-up-email-otp"), "--state-dir", state.path, "--input",
                    "email=\(email)",
                    "--input", "code=@outbox",
                ], environment: Flowrun.cleanEnvironment())
        }
        let shared = folder.url.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: shared.path)
        let refused = try signUp(shared, "tmp@example.com")
        #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("can be written by others (mode 01777)"), "\(refused.stderr)")
        #expect(posixMode(shared.path) == 0o1777)
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared.path).isEmpty)

        let readable = folder.url.appendingPathComponent("readable")
        try FileManager.default.createDirectory(at: readable, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: readable.path)
        let first = try signUp(readable, "kept@example.com")
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(posixMode(readable.path) == 0o755)
        let database = readable.appendingPathComponent("authority.sqlite").path
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: database)
        let leaked = try signUp(readable, "second@example.com")
        #expect(leaked.status == 2, "\(leaked.stdout)\(leaked.stderr)")
        #expect(leaked.stderr.contains("chmod 600 \(database)"), "\(leaked.stderr)")

        let key = folder.url.appendingPathComponent("keyed")
        try FileManager.default.createDirectory(at: key, withIntermediateDirectories: true)
        try Data(repeating: 7, count: 32).write(to: key.appendingPathComponent("session.key"))
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o644], ofItemAtPath: key.appendingPathComponent("session.key").path)
        let keyed = try signUp(key, "key@example.com")
        #expect(keyed.status == 2, "\(keyed.stdout)\(keyed.stderr)")
        #expect(keyed.stderr.contains("session.key can be read or written by others (mode 0644)"), "\(keyed.stderr)")
    }

    // MARK: `@outbox` took the newest code sent to anyone

    @Test("@outbox takes the code sent to the run's own user, not a newer one to someone else")
    func outboxTakesTheRunsOwnCode() throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithCode("ow@example.com")
        let session = sandbox.path("ow.json")
        let first = try sandbox.run("sign-in-email-otp", inputs: ["email=ow@example.com"], ["--save", session])
        #expect(first.status == 5, first.transcript)
        // Another user is sent a code after this run's code: it is now the newest in the outbox.
        let other = try sandbox.run(
            "sign-up-email-otp", inputs: ["email=zz@example.com"], ["--save", sandbox.path("zz")])
        #expect(other.status == 5, other.transcript)
        #expect(try sandbox.sentCodes().first?.to == "zz@example.com")
        let resumed = try sandbox.run("sign-in-email-otp", inputs: ["code=@outbox"], ["--resume", session])
        resumed.expectSuccess("Signed in as ow@example.com")
    }

    // MARK: `--dev-outbox` on a non-loopback address

    @Test("serve --dev-outbox on 0.0.0.0 is refused with exit 2 unless the override is given")
    func devOutboxRefusedOffLoopback() throws {
        let folder = try FlowFolder()
        let refused = try folder.run("serve", "--host", "0.0.0.0", "--port", "0", "--dev-outbox")
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("--unsafe-dev-outbox-on-network"), "\(refused.stderr)")
    }
}
