import Foundation
import Testing

/// `flowrun run --json` as a machine consumer meets it: a program reading the events through a pipe (no
/// `stdbuf`), answering only after each `inputRequested` with a JSON line built from the event alone.
@Suite("event stream over pipes")
struct EventStreamTests {
    /// A running `flowrun run --json` with its standard input and output on pipes.
    final class PipedRun {
        let process = Process()
        private let input = Pipe()
        private let output = Pipe()
        private let errors = Pipe()
        private var buffered = Data()
        /// Every line read so far.
        private(set) var lines: [String] = []

        init(_ arguments: [String], in directory: URL) throws {
            process.executableURL = try Flowrun.binary()
            process.arguments = arguments
            process.currentDirectoryURL = directory
            process.environment = Flowrun.cleanEnvironment()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            // A stream that is not flushed would leave the reader waiting: end the run instead of the test hanging.
            let process = self.process
            DispatchQueue.global().asyncAfter(deadline: .now() + 60) { if process.isRunning { process.terminate() } }
        }

        /// The next event line, or nil at the end of the stream.
        func nextEvent() throws -> JSON? {
            while true {
                if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = buffered[..<newline]
                    buffered = Data(buffered[buffered.index(after: newline)...])
                    lines.append(String(decoding: line, as: UTF8.self))
                    return try JSON.parse(Data(line))
                }
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { return nil }
                buffered.append(chunk)
            }
        }

        func answer(_ line: String) {
            input.fileHandleForWriting.write(Data((line + "\n").utf8))
        }

        /// Closes standard input, waits for the exit; the exit status and standard error.
        func finish() -> (status: Int32, stderr: String) {
            try? input.fileHandleForWriting.close()
            while (try? nextEvent()) != nil {}
            process.waitUntilExit()
            return (
                process.terminationStatus,
                String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            )
        }
    }

    /// A JSON answer to `request` built from the event alone: an address for emails, the planted password, the
    /// newest code of the outbox, a word per attribute.
    static func answer(_ request: JSON, email: String, sandbox: Sandbox) throws -> String {
        guard case .array(let fields)? = request["fields"] else { return "{}" }
        var parts: [String] = []
        for field in fields {
            let name = try #require(field["name"]?.string)
            switch field["type"]?.string {
            case "email": parts.append("\"\(name)\": \"\(email)\"")
            case "password": parts.append("\"\(name)\": \"\(Planted.password)\"")
            case "code": parts.append("\"\(name)\": \"\(try #require(sandbox.sentCodes(to: email).first).code)\"")
            case "attributes":
                guard case .array(let attributes)? = field["attributes"] else { continue }
                let values = attributes.compactMap { $0["name"]?.string }.map { "\"\($0)\": \"Ada\"" }
                parts.append("\"\(name)\": {\(values.joined(separator: ", "))}")
            default: parts.append("\"\(name)\": \"flowrun\"")
            }
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// Validates every line against schemas/events.schema.json with python `jsonschema`.
    static func expectSchemaValid(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = try FlowFolder()
        let file = try folder.write("events.jsonl", lines.joined(separator: "\n") + "\n")
        let schema = FlowLibrary.root.appendingPathComponent("schemas/events.schema.json").path
        let check = [
            "import json, sys",
            "from jsonschema import Draft202012Validator",
            "validator = Draft202012Validator(json.load(open(sys.argv[1])))",
            "lines = [json.loads(line) for line in open(sys.argv[2])]",
            "bad = [f'{event}: {error.message}' for event in lines for error in validator.iter_errors(event)]",
            "print('\\n'.join(bad)); sys.exit(1 if bad else 0)",
        ].joined(separator: "\n")
        let (status, text) = try Python.run(["-c", check, schema, file.path])
        #expect(status == 0, "events break the schema:\n\(text)", sourceLocation: sourceLocation)
    }

    /// Expects `seq` to count 1, 2, 3, … and every event to carry a time.
    static func expectNumbered(_ events: [JSON], sourceLocation: SourceLocation = #_sourceLocation) {
        let numbers = events.map { $0["seq"] }
        #expect(numbers == events.indices.map { .number(Double($0 + 1)) }, sourceLocation: sourceLocation)
        #expect(events.allSatisfy { $0["time"]?.string?.hasSuffix("Z") == true }, sourceLocation: sourceLocation)
    }

    @Test("a program drives a sign-up through pipes, answering each inputRequested from the event alone")
    func drivesSignUpThroughPipes() throws {
        let sandbox = try Sandbox(tenant: Tenant.emailPassword)
        let email = "piped@example.com"
        let run = try PipedRun(
            [
                "run", "--json", FlowLibrary.flow("sign-up-password"), "--state-dir", sandbox.stateDir.path,
                "--config", sandbox.configFile.path,
            ], in: sandbox.url)
        var events: [JSON] = []
        var labels: [String] = []
        while let event = try run.nextEvent() {
            events.append(event)
            guard event["event"]?.string == "inputRequested", let request = event["request"] else { continue }
            if case .array(let fields)? = request["fields"] { labels += fields.compactMap { $0["label"]?.string } }
            run.answer(try Self.answer(request, email: email, sandbox: sandbox))
        }
        let (status, stderr) = run.finish()
        #expect(status == 0, "\(stderr)")
        #expect(events.last?["event"]?.string == "ended")
        #expect(events.last?["end"]?["kind"]?.string == "success")
        #expect(labels.contains("Email address") && labels.contains("Password") && labels.contains("Verification code"))
        let outcome = try #require(
            events.first { $0["event"]?.string == "outcome" && $0["data"]?["codeLength"] != nil })
        #expect(outcome["data"]?["sentTo"]?.string?.isEmpty == false)
        #expect(!run.lines.joined().contains(Planted.password))
        Self.expectNumbered(events)
        try Self.expectSchemaValid(run.lines)
    }

    @Test("token data in outcome events is masked by the catalog's secret marks")
    func outcomeDataMasksTokens() throws {
        let sandbox = try Sandbox(tenant: Tenant.emailPassword)
        try sandbox.signUpWithPassword("tokens@example.com")
        _ = try sandbox.signIn("tokens@example.com")
        let run = try sandbox.run("access-token")
        run.expectSuccess()
        let tokens = try sandbox.tokens()
        #expect(!tokens.isEmpty)
        for token in tokens { #expect(!run.stdout.contains(token)) }
        #expect(run.stdout.contains("\"accessToken\":\"••••\""), "\(run.stdout)")
    }

    @Test("a cancelled run closes the stream with `cancelled` (exit 3)")
    func cancelledRunCloses() throws {
        let sandbox = try Sandbox()
        let run = try PipedRun(
            [
                "run", "--json", FlowLibrary.flow("sign-in-email-otp"), "--state-dir", sandbox.stateDir.path,
                "--config", sandbox.configFile.path,
            ], in: sandbox.url)
        var events: [JSON] = []
        while let event = try run.nextEvent() {
            events.append(event)
            if event["event"]?.string == "inputRequested" { run.answer(#"{"cancel": true}"#) }
        }
        #expect(run.finish().status == 3)
        #expect(events.last?["event"]?.string == "cancelled")
        Self.expectNumbered(events)
        try Self.expectSchemaValid(run.lines)
    }

    @Test("a suspended run closes with `suspended` naming the session file (exit 5)")
    func suspendedRunCloses() throws {
        let sandbox = try Sandbox()
        let session = sandbox.path("session.json")
        let run = try sandbox.run("sign-in-password", inputs: ["email=ann@example.com"], ["--save", session])
        #expect(run.status == 5, run.transcript)
        let last = try JSON.parse(Data(try #require(run.lines.last).utf8))
        #expect(last["event"]?.string == "suspended")
        #expect(last["session"]?.string == session)
        try Self.expectSchemaValid(run.lines)
    }

    @Test("a run that cannot go on closes with `error` and its message")
    func failedRunCloses() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run("sign-in-password", inputs: ["email=ann@example.com"])
        #expect(run.status == 1, run.transcript)
        let last = try JSON.parse(Data(try #require(run.lines.last).utf8))
        #expect(last["event"]?.string == "error")
        #expect(last["message"]?.string?.contains("no scripted answer left for `password`") == true, run.transcript)
        try Self.expectSchemaValid(run.lines)
    }

    @Test("a refused answer names its field, and a bad JSON line is refused and read again")
    func rejectionNamesTheField() throws {
        let sandbox = try Sandbox()
        let result = try Flowrun.run(
            [
                "run", "--json", FlowLibrary.flow("sign-in-email-otp"), "--state-dir", sandbox.stateDir.path,
                "--config", sandbox.configFile.path,
            ], in: sandbox.url,
            standardInput: "{\"mail\": \"x\"}\n{\"email\": \"not-an-address\"}\n")
        let events = try result.stdout.split(separator: "\n").map { try JSON.parse(Data($0.utf8)) }
        #expect(result.stderr.contains("`mail` is not an input of this ask"), "\(result.stderr)")
        let rejected = try #require(events.first { $0["event"]?.string == "inputRejected" })
        #expect(rejected["field"]?.string == "email")
        let again = try #require(events.last { $0["event"]?.string == "inputRequested" })
        #expect(again["request"]?["problemField"]?.string == "email")
        #expect(again["request"]?["problem"]?.string == "Enter a valid email address")
        #expect(events.last?["event"]?.string == "cancelled")
    }
}
