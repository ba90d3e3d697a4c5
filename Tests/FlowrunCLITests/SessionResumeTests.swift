import Foundation
import Testing

/// `--save` while waiting for a code, `--resume` in another process.
@Suite struct SessionResumeTests {
    static let email = "fay@example.com"

    @Test func saveWhileWaitingForTheCodeThenResume() throws {
        let sandbox = try Sandbox()
        let session = sandbox.path("s.json")
        let first = try sandbox.run(
            "sign-up-password", inputs: ["email=\(Self.email)", "password=\(Planted.password)"], ["--save", session])
        #expect(first.status == 5, first.transcript)
        #expect(first.ended == nil)
        #expect(first.events.last?.event == "suspended")
        #expect(first.events.dropLast().last?.event == "inputRequested")
        #expect(first.events.dropLast().last?.inputs == ["code"])
        #expect(first.stderr.contains("session saved to \(session)"), first.transcript)
        #expect(posixMode(session) == 0o600)

        let saved = try String(contentsOfFile: session, encoding: .utf8)
        let codes = try sandbox.sentCodes().map(\.code)
        #expect(codes.count == 1)
        for secret in codes + [Planted.password] {
            #expect(!saved.contains(secret), "the session file holds a secret")
        }
        let document = try JSON.parse(Data(saved.utf8))
        #expect(document["session"]?["flowID"] == .string("sign-up-password"))

        let resumed = try sandbox.run("sign-up-password", inputs: ["code=@outbox"], ["--resume", session])
        resumed.expectSuccess("Signed up successfully as \(Self.email)!")
        #expect(resumed.outcomes == ["signUp.submitCode → completed"])
        // The password went with the start, before the session was saved.
        _ = try sandbox.signIn(Self.email, Planted.password)
    }

    /// A sign-in saved while waiting for its code, resumed in another process, signs the user in.
    @Test func resumedSignInFillsTheAccountCache() throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithCode(Self.email)
        let session = sandbox.path("sign-in.json")
        let first = try sandbox.run("sign-in-email-otp", inputs: ["email=\(Self.email)"], ["--save", session])
        #expect(first.status == 5, first.transcript)
        #expect(try sandbox.account() == nil)
        let resumed = try sandbox.run("sign-in-email-otp", inputs: ["code=@outbox"], ["--resume", session])
        resumed.expectSuccess("Signed in as \(Self.email)")
        #expect(posixMode(sandbox.accountFile.path) == 0o600)
        let saved = try String(contentsOfFile: session, encoding: .utf8)
        for secret in try sandbox.tokens() + sandbox.sentCodes().map(\.code) {
            #expect(!saved.contains(secret))
        }
    }

    @Test func answersRunningOutWithoutSaveIsAnError() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run("sign-up-email-otp", inputs: ["email=\(Self.email)"])
        #expect(run.status == 1, run.transcript)
        #expect(run.ended == nil)
        #expect(run.stderr.contains("no scripted answer left for `code`"), run.transcript)
    }

    /// A session belongs to the flow it was saved from: once the file changes, it is refused.
    @Test func resumeRefusesAChangedFlow() throws {
        let sandbox = try Sandbox()
        let original = try String(contentsOfFile: FlowLibrary.flow("sign-up-email-otp"), encoding: .utf8)
        let flow = try sandbox.folder.write("flow.yaml", original)
        let session = sandbox.path("s.json")
        let first = try sandbox.run(flow.path, inputs: ["email=\(Self.email)"], ["--save", session])
        #expect(first.status == 5, first.transcript)
        try sandbox.folder.write(
            "flow.yaml", original.replacingOccurrences(of: "Signed up successfully", with: "Welcome aboard"))
        let resumed = try sandbox.run(flow.path, inputs: ["code=@outbox"], ["--resume", session])
        #expect(resumed.status == 1, resumed.transcript)
        #expect(resumed.ended == nil, resumed.transcript)
        #expect(
            resumed.stderr.contains("the flow `sign-up-email-otp` changed since the session was saved"),
            resumed.transcript)
        #expect(try sandbox.sentCodes().count == 1)
    }

    /// A session does not depend on where the flow files are: saved with the flow in one folder, it resumes
    /// after the folder moved.
    @Test func resumeAfterTheFlowFolderMoved() throws {
        let sandbox = try Sandbox()
        let original = try String(contentsOfFile: FlowLibrary.flow("sign-up-email-otp"), encoding: .utf8)
        let before = try sandbox.folder.write("before/flow.yaml", original)
        let session = sandbox.path("s.json")
        let first = try sandbox.run(before.path, inputs: ["email=\(Self.email)"], ["--save", session])
        #expect(first.status == 5, first.transcript)
        #expect(!(try String(contentsOfFile: session, encoding: .utf8)).contains("before"))
        let after = try sandbox.folder.write("after/elsewhere/flow.yaml", original)
        try FileManager.default.removeItem(at: before.deletingLastPathComponent())
        let resumed = try sandbox.run(after.path, inputs: ["code=@outbox"], ["--resume", session])
        resumed.expectSuccess("Signed up successfully as \(Self.email)!")
    }

    /// The continuation is used up once the code verified: replaying the saved session fails.
    @Test func aSessionCannotBeReplayed() throws {
        let sandbox = try Sandbox()
        let session = sandbox.path("s.json")
        let first = try sandbox.run("sign-up-email-otp", inputs: ["email=\(Self.email)"], ["--save", session])
        #expect(first.status == 5, first.transcript)
        try sandbox.run("sign-up-email-otp", inputs: ["code=@outbox"], ["--resume", session]).expectSuccess()
        let replay = try sandbox.run("sign-up-email-otp", inputs: ["code=@outbox"], ["--resume", session])
        #expect(replay.status == 1, replay.transcript)
        #expect(replay.ended?.kind == "failure", replay.transcript)
        #expect(try sandbox.sentCodes().count == 1)
    }

    /// Saving over an existing, world-readable file leaves it readable by its owner only.
    @Test func savingOverAReadableFileMakesItPrivate() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.folder.write("s.json", "old")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: session.path)
        let run = try sandbox.run("sign-up-email-otp", inputs: ["email=\(Self.email)"], ["--save", session.path])
        #expect(run.status == 5, run.transcript)
        #expect(posixMode(session.path) == 0o600)
        #expect(try JSON.parse(Data(contentsOf: session))["session"]?["flowID"] == .string("sign-up-email-otp"))
    }
}
