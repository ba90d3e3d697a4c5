import Foundation
import TestSupport
import Testing

/// The catalog's words for an outcome's code on a page, in the language asked for: a tenant whose client may only
/// be sent to the browser answers a sign-up with `browserRequired`, whose `reasonText` the page shows in French.
@Suite("catalog words on the pages")
struct CatalogWordsPagesTests {
    static let flow = """
        flowrun: 1
        id: browser-words
        title: Sign up, or be sent to the browser
        inputs:
          email: { type: email, label: Email }
        start: ask
        steps:
          ask:
            ask: [email]
            next: sign_up
          sign_up:
            action: signUp.start
            with: { username: "${email}" }
            on:
              browserRequired: { end: browser_required, message: "${reasonText}" }
              otherwise: { fail: other, message: "Something else happened." }

        """

    @Test(
        "a browser fallback's reason in words, in French, never the server's own reason",
        .enabled(if: FlowrunBinary.find() != nil))
    func browserFallbackInFrench() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("words-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("flows"), withIntermediateDirectories: true)
        try Self.flow.write(
            to: folder.appendingPathComponent("flows/browser-words.yaml"), atomically: true, encoding: .utf8)
        try "clients:\n  - challengeTypes: [redirect]\npasswordHash: { iterations: 1000 }\n".write(
            to: folder.appendingPathComponent("redirect-only.yaml"), atomically: true, encoding: .utf8)
        try await FlowRunnerAPITests.withServer(["--config", "redirect-only.yaml"], flows: "flows", folder: folder) {
            client, _ in
            let start = client.origin + "/ui/browser-words?lang=fr"
            let visit = try await TestHTTP.get(start)
            let browser = try #require(FlowPagesTests.cookie("flowrun_browser", in: visit)?.split(separator: ";").first)
            let html = String(decoding: visit.data, as: UTF8.self)
            let marker = try #require(html.range(of: #"name="csrf" value=""#), "\(html)")
            let token = String(html[marker.upperBound...].prefix { $0 != "\"" })
            let started = try await FlowPagesTests.post(start, ["csrf": token], cookie: String(browser))
            let session = try #require(
                FlowPagesTests.cookie("flowrun_session_browser-words", in: started)?.split(separator: ";").first)
            let cookies = "\(browser); \(session)"
            let page = client.origin + "/ui/browser-words/session?lang=fr"
            _ = try await FlowPagesTests.post(page, ["csrf": token, "email": "ann@contoso.com"], cookie: cookies)
            let ended = String(decoding: try await FlowPagesTests.get(page, cookie: cookies).data, as: UTF8.self)
            #expect(
                ended.contains(
                    "Cette opération ne peut pas être terminée dans l’application. Continuez dans un navigateur."),
                "\(ended)")
            #expect(!ended.contains("challenge type") && !ended.contains("Continue in a browser"), "\(ended)")
        }
    }
}
