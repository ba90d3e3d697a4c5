import Foundation
import Testing

/// Without `--input` or `--answers`, `flowrun run` asks on the terminal; with standard input a pipe it reads
/// lines. These smoke tests type the answers into a pipe, the code once the authority has sent it.
@Suite struct InteractiveSmokeTests {
    static let email = "hal@example.com"

    /// A running `flowrun run FLOW` whose standard input the test writes.
    final class Typing {
        let process = Process()
        let input = Pipe()
        let outputURL: URL
        let errorURL: URL

        init(_ sandbox: Sandbox, flow: String) throws {
            outputURL = URL(fileURLWithPath: sandbox.path("interactive.out"))
            errorURL = URL(fileURLWithPath: sandbox.path("interactive.err"))
            try #require(FileManager.default.createFile(atPath: outputURL.path, contents: nil))
            try #require(FileManager.default.createFile(atPath: errorURL.path, contents: nil))
            process.executableURL = try Flowrun.binary()
            process.arguments = [
                "run", FlowLibrary.flow(flow), "--state-dir", sandbox.stateDir.path, "--config",
                sandbox.configFile.path,
            ]
            process.currentDirectoryURL = sandbox.url
            process.environment = Flowrun.cleanEnvironment()
            process.standardInput = input
            process.standardOutput = try FileHandle(forWritingTo: outputURL)
            process.standardError = try FileHandle(forWritingTo: errorURL)
            try process.run()
        }

        func type(_ line: String) throws {
            try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
        }

        /// Closes standard input and waits for the exit.
        func finish() throws -> RunResult {
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
            return RunResult(
                status: process.terminationStatus, stdout: try String(contentsOf: outputURL, encoding: .utf8),
                stderr: try String(contentsOf: errorURL, encoding: .utf8))
        }
    }

    /// Waits (at most 20 s) for the authority to send a code for `purpose`.
    static func awaitCode(_ sandbox: Sandbox, purpose: String) throws -> String {
        let deadline = Date().addingTimeInterval(20)
        let arguments = ["outbox", "--state-dir", sandbox.stateDir.path, "--json"]
        while Date() < deadline {
            // The run may still be creating the database: a failed look is retried.
            let result = try Flowrun.run(arguments, in: sandbox.url)
            if result.status == 0,
                let sent = try? JSONDecoder().decode([SentCode].self, from: Data(result.stdout.utf8)),
                let code = sent.first(where: { $0.purpose == purpose })
            {
                return code.code
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
        throw CodeNotSent(purpose: purpose)
    }

    struct CodeNotSent: Error {
        var purpose: String
    }

    @Test func signUpByTypingTheEmailAndTheCode() throws {
        let sandbox = try Sandbox()
        let typing = try Typing(sandbox, flow: "sign-up-email-otp")
        try typing.type(Self.email)
        let code = try Self.awaitCode(sandbox, purpose: "signUp")
        try typing.type(code)
        let result = try typing.finish()
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Signed up successfully as \(Self.email)!"), "\(result.stdout)")
        #expect(result.stdout.contains("username: \(Self.email)"), "\(result.stdout)")
        #expect(result.stderr.contains("Email address"), "the prompt: \(result.stderr)")
        #expect(result.stderr.contains("flowrun: ended: success"), "\(result.stderr)")
        #expect(!result.stdout.contains(code), "the code is not on standard output")
    }

    @Test func signInByTypingTheEmailAndThePassword() throws {
        let sandbox = try Sandbox()
        try sandbox.signUpWithPassword(Self.email)
        let typing = try Typing(sandbox, flow: "sign-in-password")
        try typing.type(Self.email)
        try typing.type(Planted.password)
        let result = try typing.finish()
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Signed in as \(Self.email)"), "\(result.stdout)")
        #expect(!(result.stdout + result.stderr).contains(Planted.password))
        #expect(posixMode(sandbox.accountFile.path) == 0o600)
    }

    /// End of input at a prompt cancels the run: exit 3.
    @Test func endOfInputCancels() throws {
        let sandbox = try Sandbox()
        let typing = try Typing(sandbox, flow: "sign-up-email-otp")
        let result = try typing.finish()
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("cancelled"), "\(result.stderr)")
    }
}
