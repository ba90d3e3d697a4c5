import Foundation
import NativeAuthWire
import TestSupport
import Testing

/// The flow runner in the language a request asks for, through the real binary and the library's translations:
/// `?lang=` and `Accept-Language` (with fallbacks), `<html lang>` and `dir="rtl"`, the flows' texts, the pages'
/// words and the catalog's texts translated, the machine fields unchanged.
@Suite("flow runner in people's languages")
struct TranslatedPagesTests {
    static func html(_ answer: HTTPAnswer) -> String { String(decoding: answer.data, as: UTF8.self) }

    static func page(_ url: String, language: String) async throws -> String {
        html(try await TestHTTP.send(.GET, url, headers: [("Accept-Language", language)]))
    }

    @Test(
        "the flow list in the language asked for, right to left for Arabic, English for one without translation",
        .enabled(if: FlowrunBinary.find() != nil))
    func languageIsChosenByQueryThenAcceptLanguage() async throws {
        try await FlowRunnerAPITests.withServer { client, _ in
            let french = Self.html(try await TestHTTP.get(client.origin + "/?lang=fr"))
            #expect(french.contains(#"<html lang="fr">"#), "\(french)")
            #expect(french.contains("<h1>Parcours</h1>"))
            #expect(french.contains(#"<a href="/ui/sign-in-password?lang=fr">Se connecter avec une adresse e-mail"#))

            let arabic = try await Self.page(client.origin + "/", language: "ar-EG, fr;q=0.5")
            #expect(arabic.contains(#"<html lang="ar" dir="rtl">"#), "\(arabic)")
            #expect(arabic.contains("<h1>مسارات العمل</h1>"))
            #expect(arabic.contains(#"<a href="/ui/sign-in-password">تسجيل الدخول بالبريد الإلكتروني وكلمة المرور"#))

            let weighted = try await Self.page(client.origin + "/", language: "ar;q=0.2, de-AT;q=0.9")
            #expect(weighted.contains(#"<html lang="de">"#) && weighted.contains("<h1>Abläufe</h1>"))
            let query = Self.html(
                try await TestHTTP.send(.GET, client.origin + "/?lang=de", headers: [("Accept-Language", "ar")]))
            #expect(query.contains(#"<html lang="de">"#), "?lang= comes before Accept-Language")

            let unknown = try await Self.page(client.origin + "/", language: "ja, en-GB;q=0.8")
            #expect(unknown.contains(#"<html lang="en">"#) && unknown.contains("<h1>Flows</h1>"), "\(unknown)")
            #expect(!unknown.contains("dir="))
        }
    }

    @Test(
        "a sign-up in French: labels, buttons, the refusal and the catalog's reason in French; the form keeps ?lang=",
        .enabled(if: FlowrunBinary.find() != nil))
    func aSessionInFrench() async throws {
        try await FlowRunnerAPITests.withServer { client, _ in
            let start = client.origin + "/ui/sign-up-password?lang=fr"
            let visit = try await TestHTTP.get(start)
            #expect(Self.html(visit).contains(#"<button type="submit" autofocus>Commencer</button>"#))
            let browser = try #require(FlowPagesTests.cookie("flowrun_browser", in: visit)?.split(separator: ";").first)
            let html = Self.html(visit)
            let marker = try #require(html.range(of: #"name="csrf" value=""#))
            let token = String(html[marker.upperBound...].prefix { $0 != "\"" })
            let started = try await FlowPagesTests.post(start, ["csrf": token], cookie: String(browser))
            #expect(started.header("Location") == "/ui/sign-up-password/session?lang=fr")
            let session = try #require(
                FlowPagesTests.cookie("flowrun_session_sign-up-password", in: started)?.split(separator: ";").first)
            let cookies = "\(browser); \(session)"
            let page = client.origin + "/ui/sign-up-password/session?lang=fr"

            let asked = Self.html(try await FlowPagesTests.get(page, cookie: cookies))
            #expect(asked.contains(#"action="/ui/sign-up-password/session?lang=fr""#), "\(asked)")
            #expect(asked.contains(">Adresse e-mail</label>") && asked.contains(">Mot de passe</label>"), "\(asked)")
            #expect(asked.contains(#"value="answer">Continuer</button>"#) && asked.contains(">Annuler</button>"))
            #expect(asked.contains(#"name="email" type="email""#), "input names stay the flow's")

            let refusedAnswer = try await FlowPagesTests.post(
                page, ["csrf": token, "email": "eve@contoso.com", "password": "short"], cookie: cookies)
            #expect(refusedAnswer.header("Location") == "/ui/sign-up-password/session?lang=fr")
            let refused = Self.html(try await FlowPagesTests.get(page, cookie: cookies))
            #expect(
                refused.contains(
                    "Inscription impossible. Le mot de passe est trop court. Choisissez un autre mot de passe."),
                "\(refused)")
            #expect(!refused.contains("password_too_short") && !refused.contains("The password"))
        }
    }

    @Test(
        "the API answers in the language asked for, its machine fields unchanged",
        .enabled(if: FlowrunBinary.find() != nil))
    func theAPIInGerman() async throws {
        try await FlowRunnerAPITests.withServer { client, _ in
            let started = try await TestHTTP.send(
                .POST, client.origin + "/api/v1/flows/sign-in-email-otp/sessions", body: Array("{}".utf8),
                headers: [("Content-Type", "application/json"), ("Accept-Language", "de-CH")])
            #expect(started.status == 201, "\(started)")
            let id = try #require(started.string("id"))
            guard case .list(let fields)? = started.json?[field: "ask"]?[field: "fields"] else {
                Issue.record("no fields in \(started)")
                return
            }
            #expect(fields.first?[field: "label"] == "E-Mail-Adresse")
            #expect(fields.first?[field: "name"] == "email")
            #expect(started.json?[field: "ask"]?[field: "step"] == "ask_email")

            let body = Array(#"{"inputs": {"email": "hal@contoso.com"}}"#.utf8)
            let asked = try await TestHTTP.send(
                .POST, client.origin + "/api/v1/sessions/\(id)/answers", body: body,
                headers: [("Content-Type", "application/json"), ("Accept-Language", "de")])
            // No account uses the address: the flow says so in German, with the address in its place.
            #expect(
                asked.json?[field: "messages"]
                    == .list([.string("Ungültiger Benutzername: Kein Konto verwendet hal@contoso.com.")]), "\(asked)")
            #expect(asked.json?[field: "ask"]?[field: "step"] == "ask_email")

            let flows = try await TestHTTP.send(
                .GET, client.origin + "/api/v1/flows", headers: [("Accept-Language", "de")])
            #expect(Self.html(flows).contains(#""title":"Mit E-Mail-Adresse und Passwort anmelden""#), "\(flows)")
        }
    }

    @Test(
        "the sign-in pages of an OpenID app take ui_locales before Accept-Language, and keep the language on",
        .enabled(if: FlowrunBinary.find() != nil))
    func signInPagesTakeUILocales() async throws {
        try await SignInPagesTests.withServer { origin in
            let pkce = SignInPagesTests.pkce()
            let path = SignInPagesTests.authorizePath(
                SignInPagesTests.request(challenge: pkce.challenge, extra: ["ui_locales": "ar-SA fr"]))
            let page = Self.html(try await TestHTTP.send(.GET, origin + path, headers: [("Accept-Language", "de")]))
            #expect(page.contains(#"<html lang="ar" dir="rtl">"#), "\(page)")
            #expect(page.contains(#"action="/ui/sign-in-password/session?lang=ar""#), "\(page)")
            #expect(page.contains(">عنوان البريد الإلكتروني</label>"), "\(page)")
        }
    }

    @Test(
        "a translation file that cannot be read is named when the server starts; the flows' own texts are shown",
        .enabled(if: FlowrunBinary.find() != nil))
    func anUnreadableTranslationIsNamed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("translations-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let translations = folder.appendingPathComponent("flows/translations")
        try FileManager.default.createDirectory(at: translations, withIntermediateDirectories: true)
        let library = URL(fileURLWithPath: FlowRunnerAPITests.flows)
        try FileManager.default.copyItem(
            at: library.appendingPathComponent("sign-in-password.yaml"),
            to: folder.appendingPathComponent("flows/sign-in-password.yaml"))
        try "msgctxt \"sign-in-password.title\"\nmsgid \"Sign in with email and password\"\n".write(
            to: translations.appendingPathComponent("fr.po"), atomically: true, encoding: .utf8)
        try await FlowRunnerAPITests.withServer(flows: "flows", folder: folder) { client, served in
            #expect(
                served.stderr.contains("flows/translations/fr.po:2:1: error FR134: the last entry has no `msgstr`"),
                "\(served.stderr)")
            let page = Self.html(try await TestHTTP.get(client.origin + "/?lang=fr"))
            #expect(page.contains(#"<html lang="fr">"#) && page.contains("<h1>Parcours</h1>"), "\(page)")
            #expect(page.contains("Sign in with email and password"), "\(page)")
        }
    }
}
