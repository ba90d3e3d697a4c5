import Foundation
import TestSupport
import Testing

/// The web UI's states for people, through the real binary: a refusal announced and tied to its fields, hints
/// tied to theirs, an `attributes` input as a fieldset, and end pages in the flow's words (the browser run with
/// axe-core is `scripts/accessibility-test.py`).
@Suite("flow runner web UI: accessible states")
struct AccessiblePagesTests {
    static func page(_ url: String, cookies: String) async throws -> String {
        String(decoding: try await FlowPagesTests.get(url, cookie: cookies).data, as: UTF8.self)
    }

    @Test(
        "a wrong code is an alert; the code field is invalid, described by it and by the ask's hint, and focused",
        .enabled(if: FlowrunBinary.find() != nil))
    func refusalIsAnnounced() async throws {
        try await FlowRunnerAPITests.withServer { client, _ in
            let (page, cookies, token) = try await FlowPagesTests.startSession("sign-up-email-otp", at: client.origin)
            _ = try await FlowPagesTests.post(page, ["csrf": token, "email": "ann@contoso.com"], cookie: cookies)
            let asked = try await Self.page(page, cookies: cookies)
            #expect(!asked.contains(#"role="alert""#) && !asked.contains("aria-invalid"), "\(asked)")
            #expect(asked.contains(#"<p class="hint" id="ask-hint">"#), "\(asked)")
            #expect(asked.contains(#"aria-describedby="ask-hint" autofocus>"#), "\(asked)")

            // A resend comes back to the same ask with a message, but refuses nothing.
            _ = try await FlowPagesTests.post(page, ["csrf": token, "choice": "resend"], cookie: cookies)
            let resent = try await Self.page(page, cookies: cookies)
            #expect(!resent.contains("aria-invalid") && resent.contains(#"role="status""#), "\(resent)")

            let code = try await client.code(to: "ann@contoso.com")
            let wrong = code == "00000000" ? "11111111" : "00000000"
            _ = try await FlowPagesTests.post(page, ["csrf": token, "code": wrong], cookie: cookies)
            let refused = try await Self.page(page, cookies: cookies)
            #expect(refused.contains(#"<div class="messages refusal" id="refusal" role="alert">"#), "\(refused)")
            #expect(refused.contains("The code is incorrect"), "\(refused)")
            #expect(
                refused.contains(#"aria-invalid="true" aria-describedby="ask-hint refusal" autofocus>"#), "\(refused)")
        }
    }

    @Test(
        "a password the authority refused is an alert in words, tied to the password asked again",
        .enabled(if: FlowrunBinary.find() != nil))
    func refusedPasswordIsAnnounced() async throws {
        try await FlowRunnerAPITests.withServer { client, _ in
            let (page, cookies, token) = try await FlowPagesTests.startSession("sign-up-password", at: client.origin)
            _ = try await FlowPagesTests.post(
                page, ["csrf": token, "email": "dot@contoso.com", "password": "short"], cookie: cookies)
            let refused = try await Self.page(page, cookies: cookies)
            #expect(refused.contains(#"<div class="messages refusal" id="refusal" role="alert">"#), "\(refused)")
            #expect(refused.contains("Unable to sign up. The password is too short."), "\(refused)")
            #expect(!refused.contains("password_too_short"))
            #expect(refused.contains(#"type="password" autocomplete="new-password" required aria-invalid="true""#))
            #expect(refused.contains(#"aria-describedby="f-password-note refusal" autofocus>"#), "\(refused)")
        }
    }

    @Test(
        "an attributes input is a fieldset with its label as legend, an attribute not required says (optional)",
        .enabled(if: FlowrunBinary.find() != nil))
    func attributesAreAFieldset() async throws {
        try await FlowRunnerAPITests.withServer { client, _ in
            let (page, cookies, _) = try await FlowPagesTests.startSession("sign-up-with-attributes", at: client.origin)
            let asked = try await Self.page(page, cookies: cookies)
            #expect(asked.contains("<fieldset>\n<legend>About you</legend>"), "\(asked)")
            #expect(asked.contains(#"City <span class="optional">(optional)</span></label>"#), "\(asked)")
            #expect(!asked.contains(#"Display name <span class="optional">"#))
            #expect(asked.contains("</fieldset>"))
        }
    }

    @Test(
        "end pages say what happened in the flow's words: no machine reason, no raw outputs",
        .enabled(if: FlowrunBinary.find() != nil))
    func endsInWords() async throws {
        try await FlowRunnerAPITests.withServer { client, _ in
            let (page, cookies, token) = try await FlowPagesTests.startSession("sign-up-email-otp", at: client.origin)
            _ = try await FlowPagesTests.post(page, ["csrf": token, "email": "bea@contoso.com"], cookie: cookies)
            let code = try await client.code(to: "bea@contoso.com")
            let wrong = code == "00000000" ? "11111111" : "00000000"
            for _ in 0..<3 {
                _ = try await FlowPagesTests.post(page, ["csrf": token, "code": wrong], cookie: cookies)
            }
            let failed = try await Self.page(page, cookies: cookies)
            #expect(failed.contains(#"<h2 id="end-heading">Not completed</h2>"#), "\(failed)")
            #expect(!failed.contains("Reason") && !failed.contains("too_many_attempts"), "\(failed)")
            #expect(!failed.contains("aria-invalid"))

            let (signUp, signUpCookies, signUpToken) = try await FlowPagesTests.startSession(
                "sign-up-email-otp", at: client.origin)
            _ = try await FlowPagesTests.post(
                signUp, ["csrf": signUpToken, "email": "cal@contoso.com"], cookie: signUpCookies)
            let sent = try await client.code(to: "cal@contoso.com")
            _ = try await FlowPagesTests.post(signUp, ["csrf": signUpToken, "code": sent], cookie: signUpCookies)
            let done = try await Self.page(signUp, cookies: signUpCookies)
            #expect(done.contains(#"<h2 id="end-heading">Done</h2>"#), "\(done)")
            #expect(done.contains("Signed up successfully as cal@contoso.com"), "\(done)")
            #expect(!done.contains("<dt>username</dt>") && !done.contains("<dl>"), "\(done)")
        }
    }
}
