import FlowModel
import FlowrunFoundation
import Foundation
import TestSupport
import Testing

@testable import FlowServer

/// `flowrun serve --flows DIR` as a process: the flow runner's JSON API driven over HTTP like any client would,
/// with the library's flows, the dev outbox for codes, and a restart in the middle of a session.
@Suite("flow runner API")
struct FlowRunnerAPITests {
    static let flows = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("flows").path

    typealias Client = FlowAPIClient

    /// Starts `flowrun serve --flows FLOWS --dev-outbox` (plus `arguments`) in `folder`, runs `body`, stops it.
    static func withServer<Result>(
        _ arguments: [String] = [], flows: String = flows, folder: URL? = nil,
        _ body: (Client, ServedFlowrun) async throws -> Result
    ) async throws -> Result {
        try await FlowAPIClient.withServer(arguments, flows: flows, folder: folder, body)
    }

    @Test(
        "a sign-up over the API: a refused email comes back as the same ask, a resend, a wrong code, then the end",
        .enabled(if: FlowrunBinary.find() != nil))
    func signUpWithEmailCode() async throws {
        try await Self.withServer { client, served in
            let list = try await client.get("/flows")
            #expect(list.status == 200)
            #expect(
                list.data.count > 0
                    && String(decoding: list.data, as: UTF8.self).contains(#""file":"sign-up-email-otp.yaml""#))

            let started = try await client.start("sign-up-email-otp")
            #expect(started.status == 201, "\(started)")
            let id = try #require(started.string("id"))
            #expect(id.count == 32)
            #expect(started.header("Location") == "/api/v1/sessions/\(id)")
            #expect(started.string("state") == "asking")
            #expect(started.json?[field: "ask"]?[field: "step"] == "ask_email")

            let refused = try await client.answer(id, ["email": "not-an-email"])
            #expect(refused.status == 200)
            #expect(refused.json?[field: "ask"]?[field: "step"] == "ask_email")
            #expect(refused.json?[field: "ask"]?[field: "problemField"] == "email")

            let asked = try await client.answer(id, ["email": "ada@contoso.com"])
            #expect(asked.json?[field: "ask"]?[field: "step"] == "ask_code", "\(asked)")
            let resent = try await client.post("/sessions/\(id)/answers", #"{"choice": "resend"}"#)
            #expect(resent.json?[field: "ask"]?[field: "step"] == "ask_code")
            #expect(String(decoding: resent.data, as: UTF8.self).contains("A new code was sent"), "\(resent)")

            let wrong = try await client.answer(id, ["code": "00000000"])
            #expect(String(decoding: wrong.data, as: UTF8.self).contains("The code is incorrect"), "\(wrong)")
            let code = try await client.code(to: "ada@contoso.com")
            let ended = try await client.answer(id, ["code": code])
            #expect(ended.string("state") == "ended", "\(ended)")
            #expect(ended.json?[field: "end"]?[field: "kind"] == "success")
            #expect(ended.json?[field: "end"]?[field: "output"]?[field: "username"] == "ada@contoso.com")

            let again = try await client.get("/sessions/\(id)")
            #expect(again.string("state") == "ended")
            let late = try await client.answer(id, ["code": code])
            #expect(late.status == 409)
            #expect(late.string("error") == "session_over")

            let metrics = String(decoding: try await TestHTTP.get(client.origin + "/metrics").data, as: UTF8.self)
            #expect(metrics.contains(#"flowrun_flows_started_total{flow="sign-up-email-otp"} 1"#), "\(metrics)")
            #expect(
                metrics.contains(#"flowrun_flows_completed_total{flow="sign-up-email-otp",outcome="success"} 1"#),
                "\(metrics)")

            let stored = try Self.storedBytes(in: served.folder)
            #expect(!stored.contains(code), "a code reached the session store")
            #expect(!served.stderr.contains(id), "a session id reached the log")
            #expect(served.stderr.contains("route=/api/v1/sessions/{id}/answers"))
        }
    }

    @Test(
        "a session started before a restart continues after it, on the same state folder",
        .enabled(if: FlowrunBinary.find() != nil))
    func restartMidSession() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
        let id = try await Self.withServer(folder: folder) { client, _ in
            let started = try await client.start("sign-up-email-otp")
            let id = try #require(started.string("id"))
            let asked = try await client.answer(id, ["email": "bo@contoso.com"])
            #expect(asked.json?[field: "ask"]?[field: "step"] == "ask_code")
            return id
        }
        try await Self.withServer(folder: folder) { client, _ in
            let waiting = try await client.get("/sessions/\(id)")
            #expect(waiting.json?[field: "ask"]?[field: "step"] == "ask_code", "\(waiting)")
            let ended = try await client.answer(id, ["code": try await client.code(to: "bo@contoso.com")])
            #expect(ended.json?[field: "end"]?[field: "kind"] == "success", "\(ended)")
        }
    }

    @Test(
        "a password sign-up, then a sign-in with a wrong and the right password: no password is stored or logged",
        .enabled(if: FlowrunBinary.find() != nil))
    func passwordsStayInTheRequest() async throws {
        let password = "Correct-Horse-Battery-9"
        try await Self.withServer { client, served in
            let signUp = try #require(try await client.start("sign-up-password").string("id"))
            let asked = try await client.answer(signUp, ["email": "cy@contoso.com", "password": password])
            #expect(asked.json?[field: "ask"]?[field: "step"] == "ask_code", "\(asked)")
            let signedUp = try await client.answer(signUp, ["code": try await client.code(to: "cy@contoso.com")])
            #expect(signedUp.json?[field: "end"]?[field: "kind"] == "success", "\(signedUp)")

            let signIn = try #require(try await client.start("sign-in-password").string("id"))
            let wrong = try await client.answer(signIn, ["email": "cy@contoso.com", "password": "Wrong-Horse-1"])
            // The retry asks the email and the password again, as for an unknown email.
            #expect(wrong.json?[field: "ask"]?[field: "step"] == "ask_credentials", "\(wrong)")
            let right = try await client.answer(signIn, ["email": "cy@contoso.com", "password": password])
            #expect(right.json?[field: "end"]?[field: "kind"] == "success", "\(right)")

            #expect(!(try Self.storedBytes(in: served.folder)).contains(password))
            #expect(!served.stderr.contains(password))
            #expect(!String(decoding: right.data, as: UTF8.self).contains(password))
        }
    }

    @Test(
        "refusals: unknown flow and session, bad bodies, methods, a cancelled session",
        .enabled(if: FlowrunBinary.find() != nil))
    func refusals() async throws {
        try await Self.withServer { client, _ in
            #expect(try await client.start("no-such-flow").status == 404)
            #expect(
                try await client.get("/sessions/0123456789abcdef0123456789abcdef").string("error") == "no_such_session")
            #expect(try await client.get("/sessions/not-an-id").status == 404)
            #expect(try await client.get("/nowhere").status == 404)
            let method = try await client.delete("/flows")
            #expect(method.status == 405)
            #expect(method.header("Allow") == "GET")

            let id = try #require(try await client.start("sign-in-email-otp").string("id"))
            let notJSON = try await client.post("/sessions/\(id)/answers", "{not json")
            #expect(notJSON.status == 400)
            let wrongType = try await client.post("/sessions/\(id)/answers", "inputs=1", contentType: "text/plain")
            #expect(wrongType.status == 415)
            let both = try await client.post("/sessions/\(id)/answers", #"{"inputs": {}, "choice": "resend"}"#)
            #expect(both.status == 400)
            let badParams = try await client.post("/flows/sign-in-email-otp/sessions", #"{"params": 3}"#)
            #expect(badParams.status == 400)
            let misspelled = try await client.answer(id, ["emial": "dee@contoso.com"])
            #expect(misspelled.status == 400 && misspelled.error == "unknown_input", "\(misspelled)")
            #expect(misspelled.string("message")?.contains("did you mean `email`?") == true, "\(misspelled)")
            #expect(misspelled.string("message")?.contains("emial") == false, "the name sent is not repeated")
            let still = try await client.get("/sessions/\(id)")
            #expect(still.object["ask"]?[field: "step"]?.stringValue == "ask_email", "\(still)")

            let unknownParam = try await client.post(
                "/flows/sign-in-email-otp/sessions", #"{"params": {"emial": "dee@contoso.com"}}"#)
            #expect(unknownParam.status == 400 && unknownParam.error == "unknown_param", "\(unknownParam)")
            #expect(unknownParam.string("message")?.contains("It takes none.") == true, "\(unknownParam)")

            let cancelled = try await client.delete("/sessions/\(id)")
            #expect(cancelled.string("state") == "cancelled", "\(cancelled)")
            #expect(try await client.get("/sessions/\(id)").status == 404, "a deleted session is gone")
            #expect(try await client.answer(id, ["email": "dee@contoso.com"]).status == 404)
            #expect(try await client.delete("/sessions/\(id)").status == 404)
        }
    }

    @Test(
        "--max-sessions caps the sessions waiting on an ask (503); a session over does not count",
        .enabled(if: FlowrunBinary.find() != nil))
    func cap() async throws {
        try await Self.withServer(["--max-sessions", "1"]) { client, _ in
            let first = try #require(try await client.start("sign-in-email-otp").string("id"))
            let second = try await client.start("sign-in-email-otp")
            #expect(second.status == 503)
            #expect(second.string("error") == "too_many_sessions")
            #expect(try await client.delete("/sessions/\(first)").status == 200)
            #expect(try await client.start("sign-in-email-otp").status == 201)
        }
    }

    @Test(
        "--session-idle expires a session that waited longer for an answer (404), and frees its place",
        .enabled(if: FlowrunBinary.find() != nil))
    func expiry() async throws {
        try await Self.withServer(["--max-sessions", "1", "--session-idle", "1"]) { client, _ in
            let first = try #require(try await client.start("sign-in-email-otp").string("id"))
            // However slow the machine, after two seconds the session has waited more than its one second.
            try await Task.sleep(for: .milliseconds(2100))
            #expect(try await client.get("/sessions/\(first)").status == 404)
            #expect(try await client.start("sign-in-email-otp").status == 201)
        }
    }

    @Test(
        "every answer of the API conforms to schemas/flow-api.openapi.yaml, and every documented answer is given",
        .enabled(if: FlowrunBinary.find() != nil))
    func conformsToItsOpenAPIDocument() async throws {
        let document = try OpenAPIDocument.load("flow-api.openapi.yaml")
        var seen: [(template: String, method: String, answer: HTTPAnswer)] = []
        try await Self.withServer(["--max-sessions", "2", "--answers-per-minute", "2"]) { client, _ in
            func record(_ method: String, _ template: String, _ answer: HTTPAnswer) {
                seen.append((template, method, answer))
            }
            record("get", "/api/v1/flows", try await client.get("/flows"))
            record("delete", "/api/v1/flows", try await client.delete("/flows"))
            let started = try await client.start("sign-in-email-otp")
            record("post", "/api/v1/flows/{id}/sessions", started)
            let id = try #require(started.string("id"))
            let sessions = "/api/v1/flows/{id}/sessions"
            record("post", sessions, try await client.post("/flows/sign-in-email-otp/sessions", #"{"params": 1}"#))
            record("post", sessions, try await client.start("nowhere"))
            record("get", sessions, try await client.get("/flows/sign-in-email-otp/sessions"))
            record(
                "post", sessions,
                try await client.post("/flows/sign-in-email-otp/sessions", "x", contentType: "text/plain"))
            record("post", sessions, try await client.start("sign-in-email-otp"))
            record("post", sessions, try await client.start("sign-in-email-otp"))

            let answers = "/api/v1/sessions/{id}/answers"
            record("post", answers, try await client.answer(id, ["email": "nobody"]))
            record("post", answers, try await client.post("/sessions/\(id)/answers", "[]"))
            record("post", answers, try await client.answer(String(repeating: "0", count: 32), [:]))
            record("post", answers, try await client.post("/sessions/\(id)/answers", "{}", contentType: "text/plain"))
            let session = "/api/v1/sessions/{id}"
            record("get", session, try await client.get("/sessions/\(id)"))
            record("get", session, try await client.get("/sessions/\(String(repeating: "0", count: 32))"))
            record("delete", session, try await client.delete("/sessions/\(id)"))
            record("delete", session, try await client.delete("/sessions/\(id)"))
            record("delete", session, try await client.delete("/sessions/\(String(repeating: "0", count: 32))"))
            record("post", answers, try await client.answer(id, ["email": "ed@contoso.com"]))
            // Signing out with nobody signed in ends at once: a session that takes no answer and is not cancelled.
            let over = try #require(try await client.start("sign-out").string("id"))
            record("post", answers, try await client.answer(over, [:]))
            record("delete", session, try await client.delete("/sessions/\(over)"))
            let limited = try #require(try await client.start("sign-in-email-otp").string("id"))
            for _ in 0..<2 { record("post", answers, try await client.answer(limited, ["email": "nobody"])) }
            let refused = try await client.answer(limited, ["email": "nobody"])
            #expect(refused.status == 429 && refused.header("Retry-After") != nil, "\(refused)")
            record("post", answers, refused)
        }
        let limits = ["--rate-limit", "1000", "--session-starts-per-minute", "1"]
        try await Self.withServer(limits) { client, _ in
            func record(_ method: String, _ template: String, _ answer: HTTPAnswer) {
                seen.append((template, method, answer))
            }
            let sessions = "/api/v1/flows/{id}/sessions"
            let started = try await client.start("sign-in-email-otp")
            record("post", sessions, started)
            record("post", sessions, try await client.start("sign-in-email-otp"))
            let large = #"{"params": {"p": "\#(String(repeating: "p", count: 20_000))"}}"#
            record("post", sessions, try await client.post("/flows/sign-in-email-otp/sessions", large))
            let id = try #require(started.string("id"))
            let answers = "/api/v1/sessions/{id}/answers"
            record("post", answers, try await client.answer(id, ["email": String(repeating: "e", count: 20_000)]))
        }
        var given: Set<OpenAPIDocument.Answer> = []
        for (template, method, answer) in seen {
            let body = try JSONDecoder().decode(Value.self, from: answer.data)
            if answer.status == 405 {
                #expect(answer.header("Allow") != nil)
                #expect(document.problems(body, against: document.schema(named: "Error")).isEmpty)
                continue
            }
            given.insert(OpenAPIDocument.Answer(path: template, method: method, status: String(answer.status)))
            let schema = document.responseSchema(path: template, method: method, status: answer.status)
            #expect(schema != nil, "\(method.uppercased()) \(template) \(answer.status) is not documented")
            let problems = document.problems(body, against: schema)
            #expect(problems.isEmpty, "\(method.uppercased()) \(template) \(answer.status): \(problems)")
        }
        let missing = document.answers.subtracting(given).map(\.description).sorted()
        #expect(missing.isEmpty, "documented but never given: \(missing)")
    }

    /// A folder holding one flow file with `text`.
    static func flowFolder(_ name: String, _ text: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        return folder
    }

    @Test(
        "a secret asked before a later ask is not kept: the session fails, naming the variable it lacked",
        .enabled(if: FlowrunBinary.find() != nil))
    func secretsAreNotKeptAcrossAsks() async throws {
        let folder = try Self.flowFolder(
            "late.yaml",
            """
            flowrun: 1
            id: late-secret
            authority: native-auth
            inputs:
              email: { type: email, label: Email }
              password: { type: password, label: Password }
            start: ask_password
            steps:
              ask_password: { ask: [password], next: ask_email }
              ask_email: { ask: [email], next: sign_in }
              sign_in:
                action: signIn.start
                with: { username: "${email}", password: "${password}" }
                on:
                  completed: { end: success }
                  invalidCredentials: { fail: wrong, message: Wrong email or password. }
                  userNotFound: { fail: wrong, message: Wrong email or password. }
                  otherwise: { fail: not_signed_in }

            """)
        try await Self.withServer(flows: folder.path) { client, served in
            let id = try #require(try await client.start("late-secret").string("id"))
            _ = try await client.answer(id, ["password": "Kept-Nowhere-42"])
            let failed = try await client.answer(id, ["email": "fay@contoso.com"])
            #expect(failed.string("state") == "failed", "\(failed)")
            #expect(failed.string("reason")?.contains("`password` has no value at step `sign_in`") == true)
            #expect(!(try Self.storedBytes(in: served.folder)).contains("Kept-Nowhere-42"))
        }
    }

    @Test(
        "a flow edited while a session is open: after the restart that loads it, the session ends failed, saying so",
        .enabled(if: FlowrunBinary.find() != nil))
    func editedFlow() async throws {
        let original = try String(contentsOfFile: Self.flows + "/sign-in-email-otp.yaml", encoding: .utf8)
        let flows = try Self.flowFolder("sign-in-email-otp.yaml", original)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
        let id = try await Self.withServer(flows: flows.path, folder: folder) { client, _ in
            try #require(try await client.start("sign-in-email-otp").string("id"))
        }
        try original.replacingOccurrences(of: "label: Email address", with: "label: Your email")
            .write(to: flows.appendingPathComponent("sign-in-email-otp.yaml"), atomically: true, encoding: .utf8)
        try await Self.withServer(flows: flows.path, folder: folder) { client, _ in
            let answered = try await client.answer(id, ["email": "gus@contoso.com"])
            #expect(answered.string("state") == "failed", "\(answered)")
            #expect(answered.string("reason")?.contains("changed since the session was saved") == true)
            let fresh = try await client.start("sign-in-email-otp")
            guard case .list(let fields) = fresh.json?[field: "ask"]?[field: "fields"] else {
                Issue.record("no fields in \(fresh)")
                return
            }
            #expect(fields.first?[field: "label"] == "Your email")
        }
    }

    /// Every byte of the flow session database and its journal files, and the JSON of every session record in
    /// them (the records are stored deflated, so a search of the files alone would not see what they hold).
    static func storedBytes(in folder: URL) throws -> String {
        let state = folder.appendingPathComponent("state")
        var text = ""
        for name in try FileManager.default.contentsOfDirectory(atPath: state.path)
        where name.hasPrefix("flow-sessions.sqlite") {
            text += String(decoding: try Data(contentsOf: state.appendingPathComponent(name)), as: UTF8.self)
        }
        #expect(!text.isEmpty, "no flow session database in \(state.path)")
        for row in try FlowSessionStoreSecurityTests.storedRows(copying: folder) {
            text += String(decoding: try StoredRecordForm.json(row.record), as: UTF8.self)
        }
        return text
    }
}
