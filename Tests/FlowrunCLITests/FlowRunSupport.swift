import Foundation
import Testing

// End-to-end support: runs the real `flowrun run` against the embedded authority in a fresh state folder,
// with `--json`, and reads what the run left behind (the `ended` event, the outbox, account.json).

/// The flow library of the repository (`flows/`) and the test fixtures.
enum FlowLibrary {
    /// The repository root, found from this source file (`Tests/FlowrunCLITests/FlowRunSupport.swift`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `flows/NAME.yaml`.
    static func flow(_ name: String) -> String {
        root.appendingPathComponent("flows/\(name).yaml").path
    }

    /// `Tests/FlowrunCLITests/Fixtures/NAME`.
    static func fixture(_ name: String) -> String {
        root.appendingPathComponent("Tests/FlowrunCLITests/Fixtures/\(name)").path
    }
}

/// Tenant configurations (`--config`), as YAML. Every one hashes passwords cheaply so the tests stay fast.
enum Tenant {
    /// The default tenant (email OTP sign-up, default policies) with a low PBKDF2 cost.
    static let standard = "passwordHash: { iterations: 1000 }\n"

    /// The standard tenant plus `yaml`.
    static func with(_ yaml: String) -> String {
        standard + yaml + "\n"
    }

    /// Sign-up asks for a password after the email is verified.
    static let emailPassword = with("signUp: { method: emailPassword }")
}

/// Known secrets the tests plant, so that they can look for them in everything a run prints.
enum Planted {
    static let password = "Plant3d-Pa55word!"
    static let newPassword = "N3w-Plant3d-Pa55word!"
    static let otherPassword = "0ther-Plant3d-Pa55!"
    /// A code that never verifies: codes are 8 digits by default, this one has 7.
    static let wrongCode = "0000000"
}

/// A JSON value read from an event line, a session file or the account file.
indirect enum JSON: Decodable, Hashable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let list = try? container.decode([JSON].self) {
            self = .array(list)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }

    /// Parses `data` as JSON.
    static func parse(_ data: Data) throws -> JSON {
        try JSONDecoder().decode(JSON.self, from: data)
    }

    subscript(key: String) -> JSON? {
        guard case .object(let fields) = self else { return nil }
        return fields[key]
    }

    var string: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    var list: [JSON]? {
        guard case .array(let items) = self else { return nil }
        return items
    }

    /// Every string anywhere inside, keys excluded.
    var strings: [String] {
        switch self {
        case .string(let text): return [text]
        case .array(let items): return items.flatMap(\.strings)
        case .object(let fields): return fields.values.flatMap(\.strings)
        default: return []
        }
    }

    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return String(flag)
        case .number(let number): return String(number)
        case .string(let text): return text
        case .array(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .object(let fields):
            return "{"
                + fields.keys.sorted().map { "\($0): \(fields[$0]?.description ?? "")" }
                .joined(separator: ", ") + "}"
        }
    }
}

/// One `--json` event line.
struct FlowEvent: Decodable, Hashable {
    var event: String
    var flow: String
    var step: String?
    var action: String?
    var outcome: String?
    var inputs: [String]?
    var message: String?
    var end: FlowEnd?
}

/// The `end` of an `ended` event.
struct FlowEnd: Decodable, Hashable {
    var kind: String
    var reason: String?
    var message: String?
    var output: [String: JSON]
}

/// What a `flowrun run` produced, with its `--json` events parsed.
struct FlowRun {
    var status: Int32
    var stdout: String
    var stderr: String
    /// The event lines of standard output (all of them under `--json`).
    var lines: [String]
    var events: [FlowEvent]

    init(_ result: RunResult, json: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        status = result.status
        stdout = result.stdout
        stderr = result.stderr
        lines = []
        events = []
        guard json else { return }
        for line in result.stdout.split(separator: "\n", omittingEmptySubsequences: true) {
            lines.append(String(line))
            do {
                events.append(try JSONDecoder().decode(FlowEvent.self, from: Data(line.utf8)))
            } catch {
                Issue.record("not a JSON event line: \(line)", sourceLocation: sourceLocation)
            }
        }
    }

    /// The end of the run (the root flow's `ended` event).
    var ended: FlowEnd? { events.last { $0.event == "ended" }?.end }

    /// The authority's error text the run ended with (`errorDescription` in the end's output), or "".
    var errorDescription: String { ended?.output["errorDescription"]?.description ?? "" }

    /// The messages shown, in order (`message` events).
    var messages: [String] { events.filter { $0.event == "message" }.compactMap(\.message) }

    /// The outcomes the authority answered, as `action → outcome`, in order.
    var outcomes: [String] {
        events.filter { $0.event == "outcome" }.map { "\($0.action ?? "?") → \($0.outcome ?? "?")" }
    }

    /// How many times `step` asked for input.
    func asks(_ step: String) -> Int {
        events.filter { $0.event == "inputRequested" && $0.step == step }.count
    }

    /// Everything the run printed, for failure messages.
    var transcript: Comment {
        "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)"
    }

    /// Expects the run to have exited with `status` after an `ended` event of `kind` (and `reason`, and a
    /// message containing `message`).
    func expectEnd(
        status expected: Int32, kind: String, reason: String? = nil, message: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(status == expected, transcript, sourceLocation: sourceLocation)
        guard let end = ended else {
            Issue.record("no `ended` event\n\(transcript)", sourceLocation: sourceLocation)
            return
        }
        #expect(end.kind == kind, transcript, sourceLocation: sourceLocation)
        #expect(end.reason == reason, transcript, sourceLocation: sourceLocation)
        if let message {
            #expect(
                end.message?.contains(message) == true, "\(end.message ?? "no message")", sourceLocation: sourceLocation
            )
        }
    }

    /// Expects a success end (exit 0) whose message contains `message`.
    func expectSuccess(_ message: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        expectEnd(status: 0, kind: "success", message: message, sourceLocation: sourceLocation)
    }

    /// Expects a failure end (exit 1) with `reason` and a message containing `message`.
    func expectFailure(_ reason: String, _ message: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        expectEnd(status: 1, kind: "failure", reason: reason, message: message, sourceLocation: sourceLocation)
    }

    /// Expects a message event containing `text`.
    func expectMessage(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            messages.contains { $0.contains(text) }, "no message contains “\(text)”: \(messages)",
            sourceLocation: sourceLocation)
    }
}

/// A code the embedded authority "sent" (`flowrun outbox --json`).
struct SentCode: Decodable, Hashable {
    var to: String
    var code: String
    var purpose: String
}

/// A fresh workspace for end-to-end runs: a temporary folder (removed at the end) with a tenant configuration
/// and a state folder of its own, so tests can run in parallel.
final class Sandbox {
    let folder: FlowFolder
    /// `--state-dir`: the authority's database and the account cache.
    let stateDir: URL
    /// `--config`: the tenant configuration.
    let configFile: URL

    init(tenant: String = Tenant.standard) throws {
        folder = try FlowFolder()
        stateDir = folder.url.appendingPathComponent("state")
        configFile = try folder.write("authority.yaml", tenant)
    }

    var url: URL { folder.url }

    /// A path in the workspace.
    func path(_ name: String) -> String {
        folder.url.appendingPathComponent(name).path
    }

    /// `flowrun run FLOW --state-dir … --config … [--json] --input NAME=VALUE… options…`, where `flow` is a name
    /// in `flows/` or a path.
    func run(
        _ flow: String, inputs: [String] = [], _ options: [String] = [], json: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> FlowRun {
        let file = flow.contains("/") ? flow : FlowLibrary.flow(flow)
        var arguments = ["run", file, "--state-dir", stateDir.path, "--config", configFile.path]
        if json { arguments.append("--json") }
        for input in inputs { arguments += ["--input", input] }
        arguments += options
        let result = try Flowrun.run(arguments, in: folder.url)
        return FlowRun(result, json: json, sourceLocation: sourceLocation)
    }

    /// Every code the authority sent, newest first (`flowrun outbox --json`).
    func sentCodes(to recipient: String? = nil) throws -> [SentCode] {
        var arguments = ["outbox", "--state-dir", stateDir.path, "--json", "--limit", "1000"]
        if let recipient { arguments += ["--to", recipient] }
        let result = try Flowrun.run(arguments, in: folder.url)
        try #require(result.status == 0, "flowrun outbox: \(result.stderr)")
        return try JSONDecoder().decode([SentCode].self, from: Data(result.stdout.utf8))
    }

    var accountFile: URL { stateDir.appendingPathComponent("account.json") }

    /// The account cache, or nil when there is no file.
    func account() throws -> JSON? {
        guard let data = FileManager.default.contents(atPath: accountFile.path) else { return nil }
        return try JSON.parse(data)
    }

    /// The access, ID and refresh tokens of the cached account.
    func tokens() throws -> [String] {
        guard let account = try account() else { return [] }
        return ["accessToken", "idToken", "refreshToken"].compactMap { account[$0]?.string }.filter { !$0.isEmpty }
    }

    /// Signs `email` up with an email code (sign-up-email-otp): a user without a password.
    func signUpWithCode(_ email: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let run = try run("sign-up-email-otp", inputs: ["email=\(email)", "code=@outbox"])
        run.expectSuccess(sourceLocation: sourceLocation)
    }

    /// Signs `email` up with `password` (sign-up-password).
    func signUpWithPassword(
        _ email: String, _ password: String = Planted.password, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let run = try run("sign-up-password", inputs: ["email=\(email)", "password=\(password)", "code=@outbox"])
        run.expectSuccess(sourceLocation: sourceLocation)
    }

    /// Signs `email` in with `password` (sign-in-password).
    func signIn(
        _ email: String, _ password: String = Planted.password, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> FlowRun {
        let run = try run("sign-in-password", inputs: ["email=\(email)", "password=\(password)"])
        run.expectSuccess("Signed in as \(email)", sourceLocation: sourceLocation)
        return run
    }
}

/// The permission bits of a file, or nil when it does not exist.
func posixMode(_ path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
}
