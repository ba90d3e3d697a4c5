import Foundation
import TestSupport
import Testing

/// `flowrun serve --ui-open-on-first-ask` through the real binary: a flow that opens on an ask shows its form at
/// `/ui/{id}` without starting a session, and the first answer posted there starts it.
@Suite("first ask without a Start button")
struct FirstAskPageTests {
    /// How many sessions of `flow` the server started, from its metrics.
    static func started(_ flow: String, at origin: String) async throws -> Int {
        let metrics = String(decoding: try await TestHTTP.get(origin + "/metrics").data, as: UTF8.self)
        let prefix = "flowrun_flows_started_total{flow=\"\(flow)\"} "
        let line = metrics.split(separator: "\n").first { $0.hasPrefix(prefix) }
        return line.flatMap { Int($0.dropFirst(prefix.count)) } ?? 0
    }

    @Test(
        "a GET shows the first ask and starts nothing; posting the first answer starts the session and answers it",
        .enabled(if: FlowrunBinary.find() != nil))
    func firstAskThenSession() async throws {
        try await FlowRunnerAPITests.withServer(["--ui-open-on-first-ask"]) { client, served in
            let flow = "sign-up-email-otp"
            let opening = try await TestHTTP.get(client.origin + "/ui/\(flow)")
            let html = String(decoding: opening.data, as: UTF8.self)
            #expect(opening.status == 200)
            #expect(html.contains(#"<form method="post" action="/ui/sign-up-email-otp" novalidate>"#), "\(html)")
            #expect(html.contains(#"type="email""#))
            #expect(!html.contains(">Start</button>"))
            #expect(FlowPagesTests.cookie("flowrun_session_\(flow)", in: opening) == nil)
            #expect(try await Self.started(flow, at: client.origin) == 0)

            let (browser, token) = try await FlowPagesTests.visit(flow, at: client.origin)
            #expect(try await Self.started(flow, at: client.origin) == 0)
            let answered = try await FlowPagesTests.post(
                client.origin + "/ui/\(flow)", ["csrf": token, "email": "first-ask@contoso.com", "action": "answer"],
                cookie: browser)
            #expect(answered.status == 303)
            #expect(answered.header("Location") == "/ui/\(flow)/session")
            let session = try #require(
                FlowPagesTests.cookie("flowrun_session_\(flow)", in: answered)?.split(separator: ";").first)
            #expect(try await Self.started(flow, at: client.origin) == 1)
            let next = try await FlowPagesTests.get(
                client.origin + "/ui/\(flow)/session", cookie: "\(browser); \(session)")
            let page = String(decoding: next.data, as: UTF8.self)
            #expect(page.contains(#"autocomplete="one-time-code""#), "\(page)")
            #expect(page.contains(#"action="/ui/sign-up-email-otp/session""#))
            #expect(try await client.code(to: "first-ask@contoso.com").count > 0)

            // A flow whose first step is an action keeps its Start button, and serve said why.
            let start = try await TestHTTP.get(client.origin + "/ui/account-claims")
            #expect(String(decoding: start.data, as: UTF8.self).contains(">Start</button>"))
            #expect(served.stderr.contains("account-claims.yaml: opens on its Start button"), "\(served.stderr)")
        }
    }

    @Test(
        "a first answer without the form's token is refused and starts nothing",
        .enabled(if: FlowrunBinary.find() != nil))
    func firstAnswerNeedsTheToken() async throws {
        try await FlowRunnerAPITests.withServer(["--ui-open-on-first-ask"]) { client, _ in
            let flow = "sign-up-email-otp"
            let (browser, _) = try await FlowPagesTests.visit(flow, at: client.origin)
            let refused = try await FlowPagesTests.post(
                client.origin + "/ui/\(flow)", ["csrf": "forged", "email": "x@contoso.com", "action": "answer"],
                cookie: browser)
            #expect(refused.status == 403)
            #expect(try await Self.started(flow, at: client.origin) == 0)
        }
    }

    @Test("without the option a flow's page is its Start button", .enabled(if: FlowrunBinary.find() != nil))
    func startButtonByDefault() async throws {
        try await FlowRunnerAPITests.withServer { client, _ in
            let start = try await TestHTTP.get(client.origin + "/ui/sign-up-email-otp")
            let html = String(decoding: start.data, as: UTF8.self)
            #expect(html.contains(">Start</button>"))
            #expect(!html.contains(#"type="email""#))
        }
    }
}
