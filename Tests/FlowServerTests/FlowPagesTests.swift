import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NativeAuthWire
import TestSupport
import Testing

/// The flow runner's web UI through the real binary and plain HTTP (the browser run is
/// `scripts/browser-ui-test.py`): security headers, the browser cookie and a CSRF refusal, the session cookie, the
/// fields' autocomplete hints, post-then-redirect answers, and escaping.
@Suite("flow runner web UI")
struct FlowPagesTests {
    /// A client that does not follow redirects, so that the answers' `303` and `Set-Cookie` can be read (shared
    /// by the tests and never shut down, as `HTTPClient.shared` is not).
    static let client = HTTPClient(
        eventLoopGroup: HTTPClient.defaultEventLoopGroup,
        configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))

    static func send(_ method: HTTPMethod, _ url: String, body: String? = nil, cookie: String) async throws
        -> HTTPAnswer
    {
        var request = HTTPClientRequest(url: url)
        request.method = method
        request.headers.add(name: "Cookie", value: cookie)
        if let body {
            request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            request.body = .bytes(ByteBuffer(string: body))
        }
        let response = try await client.execute(request, timeout: TestHTTP.patience)
        let buffer = try await response.body.collect(upTo: 4 * 1024 * 1024)
        return HTTPAnswer(
            status: Int(response.status.code), headers: response.headers.map { (name: $0.name, value: $0.value) },
            data: Data(buffer.readableBytesView))
    }

    /// A form POST; the redirect it answers is not followed.
    static func post(_ url: String, _ fields: [String: String], cookie: String) async throws -> HTTPAnswer {
        try await send(.POST, url, body: FormBody.encode(fields), cookie: cookie)
    }

    static func get(_ url: String, cookie: String) async throws -> HTTPAnswer {
        try await send(.GET, url, cookie: cookie)
    }

    /// A browser's first visit to `flow`'s Start page: the `flowrun_browser` cookie the server set (as sent back)
    /// and the CSRF token it signed for it, read from the form.
    static func visit(_ flow: String, at origin: String) async throws -> (cookie: String, token: String) {
        let page = try await TestHTTP.get(origin + "/ui/\(flow)")
        let browser = try #require(cookie("flowrun_browser", in: page)?.split(separator: ";").first)
        let html = String(decoding: page.data, as: UTF8.self)
        let marker = #"name="csrf" value=""#
        let start = try #require(html.range(of: marker), "no CSRF field in \(html)")
        return (String(browser), String(html[start.upperBound...].prefix { $0 != "\"" }))
    }

    /// Starts a session of `flow` through its Start form in a new browser: the session page's URL, the cookies to
    /// send with it, and the CSRF token its forms need.
    static func startSession(_ flow: String, at origin: String) async throws -> (
        page: String, cookies: String, token: String
    ) {
        let (browser, token) = try await visit(flow, at: origin)
        let started = try await post(origin + "/ui/\(flow)", ["csrf": token], cookie: browser)
        let session = try #require(cookie("flowrun_session_\(flow)", in: started)?.split(separator: ";").first)
        return (origin + "/ui/\(flow)/session", "\(browser); \(session)", token)
    }

    static func cookie(_ name: String, in answer: HTTPAnswer) -> String? {
        answer.headers.filter { $0.name.lowercased() == "set-cookie" }.map(\.value)
            .first { $0.hasPrefix(name + "=") }
    }

    @Test(
        "pages carry the security headers and a CSRF cookie; a form without the matching token is refused",
        .enabled(if: FlowrunBinary.find() != nil))
    func headersAndCSRF() async throws {
        try await FlowRunnerAPITests.withServer { client, _ in
            let list = try await TestHTTP.get(client.origin + "/")
            #expect(list.status == 200)
            #expect(list.header("Content-Type") == "text/html; charset=utf-8")
            #expect(list.header("Content-Security-Policy")?.contains("default-src 'none'") == true)
            #expect(list.header("X-Content-Type-Options") == "nosniff")
            #expect(list.header("Referrer-Policy") == "no-referrer")
            let browser = try #require(Self.cookie("flowrun_browser", in: list))
            #expect(browser.contains("HttpOnly") && browser.contains("SameSite=Strict") && browser.contains("Path=/;"))

            let start = client.origin + "/ui/sign-up-email-otp"
            let (cookie, token) = try await Self.visit("sign-up-email-otp", at: client.origin)
            #expect(try await Self.post(start, [:], cookie: cookie).status == 403)
            #expect(
                try await Self.post(start, ["csrf": String(repeating: "b", count: 64)], cookie: cookie).status == 403)
            let started = try await Self.post(start, ["csrf": token], cookie: cookie)
            #expect(started.status == 303)
            #expect(started.header("Location") == "/ui/sign-up-email-otp/session")
            let session = try #require(Self.cookie("flowrun_session_sign-up-email-otp", in: started))
            #expect(session.contains("HttpOnly") && session.contains("SameSite=Strict"))
            #expect(session.contains("; Path=/;"))
        }
    }

    @Test(
        "a sign-up in forms: the email field's hints, an answer posted then redirected, the code field's hints",
        .enabled(if: FlowrunBinary.find() != nil))
    func signUpInForms() async throws {
        try await FlowRunnerAPITests.withServer { client, _ in
            let (page, cookies, token) = try await Self.startSession("sign-up-email-otp", at: client.origin)
            let ask = String(decoding: try await Self.get(page, cookie: cookies).data, as: UTF8.self)
            #expect(ask.contains(#"type="email" autocomplete="username" inputmode="email""#), "\(ask)")
            #expect(ask.contains(#"<input type="hidden" name="csrf" value="\#(token)">"#))

            let answered = try await Self.post(page, ["csrf": token, "email": "hal@contoso.com"], cookie: cookies)
            #expect(answered.status == 303)
            let code = String(decoding: try await Self.get(page, cookie: cookies).data, as: UTF8.self)
            #expect(code.contains(#"autocomplete="one-time-code" inputmode="numeric""#), "\(code)")
            #expect(code.contains(#"<button type="submit" name="choice" value="resend""#))
            #expect(code.contains("Development outbox"))
        }
    }

    @Test("every text from a flow is HTML-escaped", .enabled(if: FlowrunBinary.find() != nil))
    func escaping() async throws {
        let hostile = #""><script>alert(1)</script>"#
        let flows = try FlowRunnerAPITests.flowFolder(
            "escape.yaml",
            """
            flowrun: 1
            id: escape
            title: '\(hostile)'
            inputs:
              name: { type: text, label: '\(hostile)' }
            start: ask_name
            steps:
              ask_name: { ask: [name], next: done }
              done: { end: success, message: "Hello ${name}" }

            """)
        try await FlowRunnerAPITests.withServer(flows: flows.path) { client, _ in
            let list = String(decoding: try await TestHTTP.get(client.origin + "/").data, as: UTF8.self)
            #expect(!list.contains("<script>"))
            #expect(list.contains("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"), "\(list)")
            let (page, cookies, token) = try await Self.startSession("escape", at: client.origin)
            _ = try await Self.post(page, ["csrf": token, "name": hostile], cookie: cookies)
            let ended = String(decoding: try await Self.get(page, cookie: cookies).data, as: UTF8.self)
            #expect(ended.contains("Hello &quot;&gt;&lt;script&gt;"), "\(ended)")
            #expect(!ended.contains("<script>"))
        }
    }
}
