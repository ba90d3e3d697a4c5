import FlowrunFoundation
import Foundation
import TestSupport
import Testing

/// Attacks on the flow runner's browser pages and on its session cap, replayed through `flowrun serve --flows`:
/// a CSRF cookie and token pair the attacker chose, a session id planted in a victim's browser, one address
/// filling the session cap, answers of any size, and cross-site simple requests to the API.
@Suite("flow runner security")
struct FlowServerSecurityTests {
    typealias Pages = FlowPagesTests

    @Test(
        "a CSRF cookie and token pair the attacker chose, or a token issued to another browser, is refused (403)",
        .enabled(if: FlowrunBinary.find() != nil))
    func attackerChosenCSRFPairIsRefused() async throws {
        try await FlowRunnerAPITests.withServer { client, _ in
            let start = client.origin + "/ui/sign-up-email-otp"
            let chosen = String(repeating: "c", count: 32)
            #expect(try await Pages.post(start, ["csrf": chosen], cookie: "flowrun_browser=\(chosen)").status == 403)
            #expect(try await Pages.post(start, ["csrf": chosen], cookie: "flowrun_csrf=\(chosen)").status == 403)
            let (_, othersToken) = try await Pages.visit("sign-up-email-otp", at: client.origin)
            let (cookie, _) = try await Pages.visit("sign-up-email-otp", at: client.origin)
            #expect(try await Pages.post(start, ["csrf": othersToken], cookie: cookie).status == 403)
        }
    }

    @Test(
        "a session id planted in the victim's cookie (started through the API, or in another browser) is not adopted",
        .enabled(if: FlowrunBinary.find() != nil))
    func plantedSessionIsNotAdopted() async throws {
        try await FlowRunnerAPITests.withServer { client, _ in
            let planted = try #require(try await client.start("sign-in-email-otp").string("id"))
            let (victim, token) = try await Pages.visit("sign-in-email-otp", at: client.origin)
            let page = client.origin + "/ui/sign-in-email-otp/session"
            let cookies = "\(victim); flowrun_session_sign-in-email-otp=\(planted)"
            let shown = String(decoding: try await Pages.get(page, cookie: cookies).data, as: UTF8.self)
            #expect(shown.contains("Your session expired or never started."), "\(shown)")
            #expect(!shown.contains(#"name="email""#))
            let answered = try await Pages.post(page, ["csrf": token, "email": "victim@contoso.com"], cookie: cookies)
            #expect(answered.status == 303)
            let after = try await client.get("/sessions/\(planted)")
            #expect(after.object["ask"]?[field: "step"]?.stringValue == "ask_email", "\(after)")
            #expect(after.object["messages"] == .list([]), "the victim's answer was taken: \(after)")

            let (otherPage, otherCookies, _) = try await Pages.startSession("sign-in-email-otp", at: client.origin)
            let session = try #require(otherCookies.split(separator: ";").last?.trimmingCharacters(in: .whitespaces))
            let stolen = String(
                decoding: try await Pages.get(otherPage, cookie: "\(victim); \(session)").data, as: UTF8.self)
            #expect(stolen.contains("Your session expired or never started."), "\(stolen)")
        }
    }

    @Test(
        "one address cannot fill the session cap: over its open sessions or its starts a minute, 429 with Retry-After",
        .enabled(if: FlowrunBinary.find() != nil))
    func oneAddressCannotFillTheSessionCap() async throws {
        // `--rate-limit` limits loopback too, as a client other than loopback is limited by default.
        let limits = ["--rate-limit", "1000", "--sessions-per-address", "3", "--session-starts-per-minute", "5"]
        try await FlowRunnerAPITests.withServer(limits) { client, _ in
            var ids: [String] = []
            for _ in 0..<3 { ids.append(try #require(try await client.start("sign-in-email-otp").string("id"))) }
            let open = try await client.start("sign-in-email-otp")
            #expect(open.status == 429, "\(open)")
            #expect(open.error == "too_many_starts")
            #expect(Int(open.header("Retry-After") ?? "") ?? 0 > 0)
            let browser = try await Pages.visit("sign-in-email-otp", at: client.origin)
            let page = try await Pages.post(
                client.origin + "/ui/sign-in-email-otp", ["csrf": browser.token], cookie: browser.cookie)
            #expect(page.status == 429)

            #expect(try await client.delete("/sessions/\(ids[0])").status == 200)
            #expect(try await client.start("sign-in-email-otp").status == 201)
            #expect(try await client.delete("/sessions/\(ids[1])").status == 200)
            #expect(try await client.start("sign-in-email-otp").status == 201)
            #expect(try await client.delete("/sessions/\(ids[2])").status == 200)
            let starts = try await client.start("sign-in-email-otp")
            #expect(starts.status == 429, "\(starts)")
            #expect(starts.string("message")?.contains("in the last minute") == true, "\(starts)")
        }
        // Without `--rate-limit`, loopback is exempt: more starts than a minute's limit all succeed.
        let statuses = try await FlowRunnerAPITests.withServer { client, _ in
            var statuses: [Int] = []
            for _ in 0..<31 { statuses.append(try await client.start("sign-in-email-otp").status) }
            return statuses
        }
        #expect(statuses == Array(repeating: 201, count: 31))
    }

    @Test(
        "answers of any size are refused, naming the limit: a 20 KiB body, 60 keys, a 2,000-character value",
        .enabled(if: FlowrunBinary.find() != nil))
    func oversizedAnswersAreRefused() async throws {
        try await FlowRunnerAPITests.withServer { client, _ in
            let id = try #require(try await client.start("sign-in-email-otp").string("id"))
            let huge = try await client.answer(id, ["email": String(repeating: "a", count: 20_000) + "@contoso.com"])
            #expect(huge.status == 413, "\(huge)")
            #expect(huge.error == "body_too_large" && huge.string("message")?.contains("16384") == true)
            let long = try await client.answer(id, ["email": String(repeating: "a", count: 2_000) + "@contoso.com"])
            #expect(long.status == 400 && long.error == "answer_too_large", "\(long)")
            #expect(long.string("message")?.contains("1024 characters") == true)
            var keys = ["email": "ada@contoso.com"]
            for index in 0..<60 { keys["attribute\(index)"] = "x" }
            let many = try await client.answer(id, keys)
            #expect(many.status == 400 && many.string("message")?.contains("50 inputs") == true, "\(many)")
            let nested = try await client.post(
                "/sessions/\(id)/answers",
                #"{"inputs": {"email": "ada@contoso.com", "attributes": {"#
                    + (0..<60).map { #""k\#($0)": "v""# }
                    .joined(separator: ", ") + "}}}")
            #expect(nested.status == 400, "\(nested)")
            let params = try await client.post(
                "/flows/sign-in-email-otp/sessions", #"{"params": {"p": "\#(String(repeating: "p", count: 2_000))"}}"#)
            #expect(params.status == 400 && params.error == "answer_too_large", "\(params)")
            let after = try await client.get("/sessions/\(id)")
            #expect(after.object["ask"]?[field: "step"]?.stringValue == "ask_email", "\(after)")
        }
    }

    @Test(
        "a session that would be stored over 32 KiB is refused (413) and stays as it was",
        .enabled(if: FlowrunBinary.find() != nil))
    func oversizedStoredSessionIsRefused() async throws {
        let echo = String(repeating: "${name}", count: 40)
        let flows = try FlowRunnerAPITests.flowFolder(
            "echo.yaml",
            """
            flowrun: 1
            id: echo
            inputs:
              name: { type: text, label: Name }
              again: { type: text, label: Again }
            start: ask_name
            steps:
              ask_name: { ask: [name], next: ask_again }
              ask_again: { ask: [again], hint: "\(echo)", next: done }
              done: { end: success }

            """)
        try await FlowRunnerAPITests.withServer(flows: flows.path) { client, _ in
            let id = try #require(try await client.start("echo").string("id"))
            let answer = try await client.answer(id, ["name": String(repeating: "n", count: 1_000)])
            #expect(answer.status == 413 && answer.error == "session_too_large", "\(answer)")
            #expect(answer.string("message")?.contains("32768 bytes") == true)
            let after = try await client.get("/sessions/\(id)")
            #expect(after.object["ask"]?[field: "step"]?.stringValue == "ask_name", "\(after)")
            let next = try await client.answer(id, ["name": "Kim"])
            #expect(next.status == 200, "the refused answer left its session free: \(next)")
        }
    }

    @Test(
        "a cross-site simple request (no JSON content type) cannot start or answer a session (415)",
        .enabled(if: FlowrunBinary.find() != nil))
    func crossSiteSimpleRequestsAreRefused() async throws {
        try await FlowRunnerAPITests.withServer { client, _ in
            let sessions = client.origin + "/api/v1/flows/sign-in-email-otp/sessions"
            let bare = try await TestHTTP.send(.POST, sessions)
            #expect(bare.status == 415 && bare.error == "unsupported_media_type", "\(bare)")
            #expect(bare.header("Accept") == "application/json")
            for type in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
                let started = try await client.post("/flows/sign-in-email-otp/sessions", "", contentType: type)
                #expect(started.status == 415, "\(type): \(started)")
            }
            let id = try #require(try await client.start("sign-in-email-otp").string("id"))
            let form = try await TestHTTP.post(client.origin + "/api/v1/sessions/\(id)/answers", form: "inputs=x")
            #expect(form.status == 415, "\(form)")
        }
    }
}
