import Foundation
import Testing

/// `flowrun diff` and `flowrun bounds` through the real binary, on the flow library and edited copies of it, and
/// `validate` against `limits:` of flowrun.yaml.
@Suite struct ReviewCommandTests {
    /// The library's flows (not its scenarios) copied under `name/` of `folder`.
    static func copyLibrary(into folder: FlowFolder, as name: String) throws {
        let flows = FlowLibrary.root.appendingPathComponent("flows")
        for file in try FileManager.default.contentsOfDirectory(atPath: flows.path) where file.hasSuffix(".yaml") {
            try folder.write(
                "\(name)/\(file)", try String(contentsOf: flows.appendingPathComponent(file), encoding: .utf8))
        }
    }

    /// Rewrites `file` of `folder`, replacing `old` by `new`; the test fails when `old` is not there.
    static func edit(_ folder: FlowFolder, _ file: String, _ old: String, _ new: String) throws {
        let url = folder.url.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(old), "\(file) has no `\(old)`")
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }

    /// Removes the lines of `file` from the one starting with `first` up to, not including, the one starting
    /// with `next`.
    static func removeLines(_ folder: FlowFolder, _ file: String, from first: String, upTo next: String) throws {
        let url = folder.url.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(text.range(of: first))
        let end = try #require(text.range(of: next, range: start.upperBound..<text.endIndex))
        try (String(text[..<start.lowerBound]) + String(text[end.lowerBound...])).write(
            to: url, atomically: true, encoding: .utf8)
    }

    /// `old/` and `new/` hold the library; `new/` with an outcome handler dropped, an ask added, a limit
    /// raised, a message rewritten and an ask removed.
    static func editedLibrary() throws -> FlowFolder {
        let folder = try FlowFolder()
        try copyLibrary(into: folder, as: "old")
        try copyLibrary(into: folder, as: "new")
        // sign-up-email-otp: `userAlreadyExists` of submit_code now falls to `otherwise`, and a second ask.
        try edit(
            folder, "new/sign-up-email-otp.yaml",
            "      userAlreadyExists: { fail: user_already_exists, message: \"Unable to sign up: a user already exists "
                + "with this username.\" }\n      browserRequired: { end: browser_required, message: \"Sign-up must "
                + "continue in a browser.\"",
            "      browserRequired: { end: browser_required, message: \"Sign-up must continue in a browser.\"")
        try edit(
            folder, "new/sign-up-email-otp.yaml", "    next: start_sign_up\n",
            "    next: confirm_email\n\n  confirm_email:\n    ask: [email]\n    next: start_sign_up\n")
        // sign-in-password: five new codes instead of three, other words, and no separate password step.
        try edit(
            folder, "new/sign-in-password.yaml", "resend: { goto: resend_code, attempts: 3,",
            "resend: { goto: resend_code, attempts: 5,")
        try edit(
            folder, "new/sign-in-password.yaml", "Too many new codes requested. Please start again.",
            "You asked for too many codes.")
        try edit(
            folder, "new/sign-in-password.yaml", "      passwordRequired: ask_password\n",
            "      passwordRequired: { fail: password_step, message: \"This flow does not ask the password alone.\" }\n"
        )
        try removeLines(
            folder, "new/sign-in-password.yaml", from: "  # The server asked for the password", upTo: "  ask_code:")
        return folder
    }

    @Test("diff as text: what changed for users, stranding changes first and marked")
    func diffText() throws {
        let folder = try Self.editedLibrary()
        let result = try folder.run("diff", "old", "new")
        #expect(result.status == 0, "\(result.stderr)")
        let text = result.stdout
        #expect(text.contains("new/sign-in-password.yaml (sign-in-password): "))
        #expect(text.contains("stranding saved sessions"))
        #expect(
            text.contains(
                "  ! ask removed at `ask_password`: the ask for `password` is gone: sessions waiting in it cannot resume\n"
            ))
        #expect(text.contains("attempt limit changed at `ask_code`: `choice resend`: raised from 3 to 5 attempts"))
        #expect(
            text.contains(
                "\"You asked for too many codes.\" (was \"Too many new codes requested. Please start again.\")"))
        #expect(
            text.contains(
                "outcome no longer handled at `submit_code`: outcome `userAlreadyExists` now falls to `otherwise` → "
                    + "fail: unsupported_sign_up (was → fail: user_already_exists)"))
        #expect(text.contains("ask added at `confirm_email`: the ask for `email` is new"))
        // Three more resends: the start's code and five new ones.
        #expect(text.contains("    worst case changed: codes sent in one run: 6 (was 4)\n"))
        #expect(text.contains("`fail: password_step` can now be reached: from `start_sign_in` on `passwordRequired`"))
        #expect(text.hasSuffix("2 of 17 flows changed for users.\n"))
        let firstChange = try #require(text.split(separator: "\n").first { $0.hasPrefix("  ") })
        #expect(firstChange.hasPrefix("  ! "), "the stranding change comes first: \(firstChange)")
    }

    @Test("diff as Markdown: a heading per flow, the stranding warning before the table")
    func diffMarkdown() throws {
        let folder = try Self.editedLibrary()
        let result = try folder.run("diff", "--format", "markdown", "old", "new")
        #expect(result.status == 0, "\(result.stderr)")
        let text = result.stdout
        #expect(text.hasPrefix("## flowrun diff\n"))
        let heading = try #require(text.range(of: "### `sign-in-password` (`new/sign-in-password.yaml`)\n"))
        let warning = try #require(text.range(of: "> [!WARNING]\n", range: heading.upperBound..<text.endIndex))
        let table = try #require(
            text.range(of: "| change | step | what |\n", range: heading.upperBound..<text.endIndex))
        #expect(warning.lowerBound < table.lowerBound)
        #expect(
            text.contains("> - `ask_password`: the ask for `password` is gone: sessions waiting in it cannot resume\n"))
        #expect(
            text.contains("| attempt limit changed | `ask_code` | `choice resend`: raised from 3 to 5 attempts |\n"))
        #expect(text.contains("### `sign-up-email-otp` (`new/sign-up-email-otp.yaml`)\n"))
    }

    struct DiffJSON: Decodable {
        struct Flow: Decodable {
            var file: String
            var flow: String
            var changes: [Change]
        }
        struct Change: Decodable {
            var kind: String
            var step: String?
            var detail: String
            var strandsSessions: Bool
        }
        var changed: Bool
        var flows: [Flow]
    }

    @Test("diff as JSON: each change with its kind, step and whether it strands sessions")
    func diffJSON() throws {
        let folder = try Self.editedLibrary()
        let result = try folder.run("diff", "--format", "json", "old", "new")
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONDecoder().decode(DiffJSON.self, from: Data(result.stdout.utf8))
        #expect(report.changed)
        #expect(report.flows.map(\.flow).sorted() == ["sign-in-password", "sign-up-email-otp"])
        let signIn = try #require(report.flows.first { $0.flow == "sign-in-password" })
        #expect(signIn.changes.first?.kind == "askRemoved")
        #expect(signIn.changes.first?.strandsSessions == true)
        #expect(signIn.changes.contains { $0.kind == "stepRemoved" && $0.step == "submit_password" })
        #expect(signIn.changes.contains { $0.kind == "attemptsChanged" && $0.step == "ask_code" })
        #expect(signIn.changes.contains { $0.kind == "messageChanged" })
        let signUp = try #require(report.flows.first { $0.flow == "sign-up-email-otp" })
        #expect(signUp.changes.contains { $0.kind == "outcomeNoLongerHandled" && $0.step == "submit_code" })
        #expect(signUp.changes.contains { $0.kind == "askAdded" && $0.step == "confirm_email" && !$0.strandsSessions })
        #expect(signUp.changes.allSatisfy { !$0.strandsSessions })
    }

    @Test("diff --exit-code: 0 with no change, 1 with one; without it, 0 either way; a missing path is 2")
    func exitCode() throws {
        let folder = try Self.editedLibrary()
        let same = try folder.run("diff", "--exit-code", "old", "old")
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stdout == "No change for users in 17 flows.\n")
        #expect(try folder.run("diff", "--exit-code", "old", "new").status == 1)
        #expect(try folder.run("diff", "old", "new").status == 0)
        #expect(try folder.run("diff", "old", "nowhere").status == 2)
        #expect(try folder.run("diff", "old").status == 2)
    }

    /// Runs git in `folder`, failing the test when it fails.
    static func git(_ folder: FlowFolder, _ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=flowrun", "-c", "user.email=flowrun@example.com"] + arguments
        process.currentDirectoryURL = folder.url
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments.joined(separator: " ")) failed")
    }

    @Test("diff --base compares the working tree's flows with a git revision's")
    func diffAgainstGitRevision() throws {
        let folder = try FlowFolder()
        let library = FlowLibrary.root.appendingPathComponent("flows")
        for name in ["sign-in-password.yaml", "sign-up-email-otp.yaml"] {
            try folder.write(
                "flows/\(name)", try String(contentsOf: library.appendingPathComponent(name), encoding: .utf8))
        }
        try folder.write("flows/tests/sign-in-password.test.yaml", "not a flow: scenario files are left out\n")
        try Self.git(folder, "init", "--quiet")
        try Self.git(folder, "add", ".")
        try Self.git(folder, "commit", "--quiet", "-m", "flows")
        let unchanged = try folder.run("diff", "--base", "HEAD", "--exit-code", "flows")
        #expect(unchanged.status == 0, "\(unchanged.stdout)\(unchanged.stderr)")
        #expect(unchanged.stdout == "No change for users in 2 flows.\n")

        try Self.edit(
            folder, "flows/sign-in-password.yaml", "      passwordRequired: ask_password\n",
            "      passwordRequired: { fail: password_step }\n")
        try Self.removeLines(
            folder, "flows/sign-in-password.yaml", from: "  # The server asked for the password", upTo: "  ask_code:")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("flows/sign-up-email-otp.yaml"))
        let changed = try folder.run("diff", "--base", "HEAD", "--format", "json", "--exit-code")
        #expect(changed.status == 1, "\(changed.stderr)")
        let report = try JSONDecoder().decode(DiffJSON.self, from: Data(changed.stdout.utf8))
        let signIn = try #require(report.flows.first { $0.flow == "sign-in-password" })
        #expect(signIn.file == "flows/sign-in-password.yaml")
        #expect(signIn.changes.first?.kind == "askRemoved")
        let removed = try #require(report.flows.first { $0.flow == "sign-up-email-otp" })
        #expect(removed.file == "flows/sign-up-email-otp.yaml")
        #expect(removed.changes.map(\.kind) == ["flowRemoved"])

        let unknown = try folder.run("diff", "--base", "no-such-revision", "flows")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no-such-revision"))
        #expect(try folder.run("diff", "--base=--output=x", "flows").status == 2)
        #expect(try folder.run("diff", "--base", "HEAD", "/etc").status == 2)
    }

    struct BoundsJSON: Decodable {
        struct Flow: Decodable {
            var flow: String
            var bounds: [String: Measure]
        }
        struct Measure: Decodable {
            var count: Int?
            var exact: Bool?
            var unbounded: Bool
            var path: [Step]?
            var loop: [Step]?
        }
        struct Step: Decodable {
            var step: String
            var line: Int
            var total: Int
        }
        var flows: [Flow]
    }

    /// sign-in-password, by hand. `signIn.start` (a password attempt) runs once, then again after each of the
    /// three limited retries (`invalidCredentials`, `userNotFound`, `invalidUsername`, 2 each): 7 times. Then
    /// either the password step (`submit_password`, 1 + 2 retries: 3 more password attempts, 10 in all) or the
    /// code step: `codeRequired` sends 1 code, `resend` 3 more (4 codes); `submit_code` 1 + 2 retries (3 code
    /// attempts). Authority calls: 7 + 3 resends + 3 submits = 13. Asks: 7 of the credentials, and the code
    /// 1 + 3 + 2 = 6 times: 13. Steps: 14 on the credentials, 6 asks of the code, 3 resends, 3 submits and the
    /// success end: 27.
    @Test("bounds of sign-in-password: the figures derived by hand, each with its path")
    func boundsOfSignInPassword() throws {
        let result = try FlowFolder().run("bounds", "--format", "json", FlowLibrary.flow("sign-in-password"))
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONDecoder().decode(BoundsJSON.self, from: Data(result.stdout.utf8))
        let bounds = try #require(report.flows.first).bounds
        #expect(bounds["codesSent"]?.count == 4)
        #expect(bounds["passwordAttempts"]?.count == 10)
        #expect(bounds["codeAttempts"]?.count == 3)
        #expect(bounds["authorityCalls"]?.count == 13)
        #expect(bounds["asks"]?.count == 13)
        #expect(bounds["steps"]?.count == 27)
        #expect(bounds.values.allSatisfy { $0.exact == true })
        let passwordPath = try #require(bounds["passwordAttempts"]?.path)
        #expect(passwordPath.filter { $0.step == "start_sign_in" }.count == 7)
        #expect(passwordPath.filter { $0.step == "submit_password" }.count == 3)
        #expect(passwordPath.last?.total == 10)
    }

    /// sign-up-email-otp, by hand: `invalidUsername` leads back to the email ask with no attempt limit, so asks,
    /// calls and steps have no bound. Codes: 1 from `signUp.start`, 3 resends: 4. Code attempts: 1 + 2 retries.
    @Test("bounds of sign-up-email-otp as text: a loop without a limit is unbounded, with the loop")
    func boundsWithUnboundedLoop() throws {
        let result = try FlowFolder().run("bounds", FlowLibrary.flow("sign-up-email-otp"))
        #expect(result.status == 0, "\(result.stderr)")
        let text = result.stdout
        #expect(text.contains("sign-up-email-otp.yaml (sign-up-email-otp): the worst case of one run\n"))
        #expect(
            text.contains("  codes sent: 4\n    path: ask_email → start_sign_up → ask_code → resend_code → ask_code"))
        #expect(text.contains("  code attempts: 3\n"))
        #expect(text.contains("  password attempts: 0\n"))
        #expect(text.contains("  asks: unbounded\n    loop: ask_email → start_sign_up → ask_email\n"))
        #expect(text.contains("  authority calls: unbounded\n"))
    }

    /// Examples/shared-subflows/signup: `signUp.start` sends 1 code, then the verify-code sub-flow, used once
    /// with `purpose: signUp`, 3 more (its `resend` limit) and takes 3 codes (1 + 2 retries). Its `choose` on
    /// `purpose` is decided by the constant, so its reset branches do not count.
    @Test("bounds through a sub-flow: its steps named useStep/subStep, its choose decided by the constant param")
    func boundsThroughSubflow() throws {
        let folder = FlowLibrary.root.appendingPathComponent("Examples/shared-subflows")
        let result = try Flowrun.run(["bounds", "signup/sign-up.yaml"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("  codes sent: 4\n    path: ask_email → start_sign_up → verify → verify/ask_code → ")
        )
        #expect(result.stdout.contains("  code attempts: 3\n"))
        #expect(!result.stdout.contains("upper bound"))
        #expect(!result.stdout.contains("submit_reset_code"))
    }

    @Test("validate fails with FR132 where a flow goes over `limits:` of flowrun.yaml, or has no bound")
    func validateAgainstProjectLimits() throws {
        let folder = try FlowFolder()
        let text = try String(contentsOfFile: FlowLibrary.flow("sign-up-email-otp"), encoding: .utf8)
        try folder.write("sign-up.yaml", text)
        try folder.write("flowrun.yaml", "limits: { codesSent: 4 }\n")
        let within = try folder.run("validate", "sign-up.yaml")
        #expect(within.status == 0, "\(within.stdout)")

        try folder.write("flowrun.yaml", "limits: { codesSent: 3, codeAttempts: 3 }\n")
        let over = try folder.run("validate", "sign-up.yaml")
        #expect(over.status == 1)
        // The fourth code is sent by the third resend, whose `codeRequired` leads back to ask_code (line 32).
        let askCode = try #require(
            text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0 == "  ask_code:" })
        #expect(
            over.stdout.contains(
                "sign-up.yaml:\(askCode + 1):3: error FR132: one run of `sign-up-email-otp` can reach 4 codes sent, "
                    + "over `limits.codesSent: 3`"),
            "\(over.stdout)")
        #expect(!over.stdout.contains("codeAttempts"))

        try folder.write("flowrun.yaml", "limits: { asks: 20 }\n")
        let unbounded = try folder.run("validate", "sign-up.yaml")
        #expect(unbounded.status == 1)
        #expect(unbounded.stdout.contains("error FR132: one run of `sign-up-email-otp` has no bound on asks"))

        try folder.write("flowrun.yaml", "limits: { codes: 3 }\n")
        let unknown = try folder.run("validate", "sign-up.yaml")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown limit `codes`"))
    }
}
