import FlowEngine
import FlowModel
import FlowSessionSeal
import FlowrunFoundation
import Foundation
import Mustache
import NativeAuthServer
import NativeAuthWire

/// The web UI of the flow runner: `/` lists the flows, `/ui/{id}` runs one as server-rendered forms that work
/// without JavaScript. It is a thin renderer of the same sessions as the JSON API.
///
/// A browser is known by a random `flowrun_browser` cookie; every form carries a CSRF token the server signed for
/// that cookie (FlowSessionSeal's `TokenSigner`), so a cookie and token pair a client made up does not verify. A
/// session is carried in a cookie per flow (`flowrun_session_{flow}`) and shown or answered only in the browser
/// that started it: a session id planted in a browser (one started through the API or in another browser) is not
/// adopted.
/// Cookies are `HttpOnly`, `SameSite=Strict`, `Path=/`, and under HTTPS `Secure` with the `__Host-` prefix, so
/// that no other origin on the host can set them. Every answer is posted, then redirected (303) to the page that
/// shows the next state, so no secret is ever in a page or in the browser's history.
public struct FlowPages: MountedRoutes {
    public let sessions: FlowSessions
    /// The codes the embedded authority sent to some addresses, for the development panel; nil hides it.
    public let devCodes: (@Sendable ([String]) async -> [DevCode])?
    /// Whether cookies are marked `Secure` and named with the `__Host-` prefix (the server answers HTTPS).
    public let secureCookies: Bool
    /// Signs the CSRF tokens and the browser bindings; servers sharing sessions need signers under one key.
    public let signer: TokenSigner
    /// The tenant's clients for the sign-in pages (``signInRoutes``); nil serves none.
    public let signIn: SignInClients?
    /// The team's look: its stylesheet, logo, product name and templates (``PageTheme/builtIn`` by default).
    public let theme: PageTheme
    /// Whether `/ui/{id}` of a flow whose first step is an ask shows that ask's form instead of a Start button
    /// (``FlowSessions/opensOnAsk(_:)``); the session starts when the first answer is posted.
    public let openOnFirstAsk: Bool
    /// The accounts browsers are signed in to on the sign-in pages (by default kept in the flow sessions' store,
    /// with their default lifetimes).
    public let accounts: AccountSessions
    private let library: MustacheLibrary

    public var prefix: String { "/ui" }

    /// A code the development panel shows.
    public struct DevCode: Sendable {
        public var to: String
        public var code: String
        public var sentAt: String

        public init(to: String, code: String, sentAt: String) {
            self.to = to
            self.code = code
            self.sentAt = sentAt
        }
    }

    public init(
        sessions: FlowSessions, devCodes: (@Sendable ([String]) async -> [DevCode])? = nil, secureCookies: Bool = false,
        signer: TokenSigner = TokenSigner(), signIn: SignInClients? = nil, theme: PageTheme = .builtIn,
        openOnFirstAsk: Bool = false, accounts: AccountSessions? = nil
    ) throws {
        self.signIn = signIn
        self.accounts = accounts ?? AccountSessions(store: sessions.store)
        self.sessions = sessions
        self.devCodes = devCodes
        self.secureCookies = secureCookies
        self.signer = signer
        self.theme = theme
        self.openOnFirstAsk = openOnFirstAsk
        self.library = try PageTemplates.library(theme)
    }

    public func claims(_ path: String) -> Bool {
        path == "/" || path == prefix || path.hasPrefix(prefix + "/")
    }

    public func answer(_ request: MountedRequest) async -> MountedResponse {
        let cookies = Cookies(request.cookie)
        let page = pageContext(cookies, request)
        let parts = request.path.split(separator: "/").map(String.init)
        switch (request.method, parts.count) {
        case ("GET", 0):
            return render(
                "flows", FlowListPage(flows: sessions.flows.flows, in: page.locale), page.words("flows_heading"), page)
        case ("GET", 2) where parts == ["ui", "style.css"]:
            return MountedResponse(
                status: 200, contentType: "text/css; charset=utf-8", body: Array(PageTemplates.style.utf8),
                headers: Self.securityHeaders(), template: "/ui/style.css")
        case ("GET", 2) where parts == ["ui", "theme.css"] && theme.style != nil:
            return MountedResponse(
                status: 200, contentType: "text/css; charset=utf-8", body: theme.style ?? [],
                headers: Self.securityHeaders(),
                template: "/ui/theme.css")
        case ("GET", 2) where request.path == theme.logo?.path:
            return MountedResponse(
                status: 200, contentType: theme.logo?.contentType ?? "", body: theme.logo?.bytes ?? [],
                headers: Self.securityHeaders(),
                template: "/ui/logo")
        case (_, 2) where parts[0] == "ui":
            guard let flow = sessions.flows.flow(parts[1]) else { return notFound(page) }
            if request.method == "GET" {
                return await firstAskPage(flow, page)
                    ?? render(
                        "start", StartPage(flow, in: page.locale, csrf: page.csrf), flow.name(in: page.locale), page)
            }
            guard request.method == "POST" else { return methodNotAllowed("GET, POST", page) }
            guard request.body.count <= sessions.answerLimits.bodyBytes else { return tooLarge(page) }
            guard csrfHolds(request, page) else { return forbidden(page) }
            return await start(
                flow, address: request.clientAddress, page, answer: firstAnswer(request, flow),
                account: await signedInAccount(cookies))
        case (_, 3) where parts[0] == "ui" && parts[2] == "session":
            guard let flow = sessions.flows.flow(parts[1]) else { return notFound(page) }
            let id = cookies[sessionCookie(flow)] ?? ""
            if request.method == "GET" { return await show(flow, session: id, page) }
            guard request.method == "POST" else { return methodNotAllowed("GET, POST", page) }
            guard request.body.count <= sessions.answerLimits.bodyBytes else { return tooLarge(page) }
            guard csrfHolds(request, page) else { return forbidden(page) }
            return await submit(request, flow: flow, session: id, page, account: await signedInAccount(cookies))
        default:
            return notFound(page)
        }
    }

    /// Starts a session of `flow`, signed in to the browser's `account`, then takes `answer`, the form of its first
    /// ask, when there is one.
    private func start(
        _ flow: ServedFlow, address: String?, _ page: PageContext, answer: MountedRequest? = nil,
        account: SignedInAccount?
    ) async -> MountedResponse {
        var page = page
        do {
            let record = try await sessions.start(
                flow.id, params: [:], creator: .browser(binding: page.binding), address: address, locale: page.locale,
                account: account)
            page.setCookies.append(cookie(sessionCookie(flow), record.id))
            if let answer, record.state == .asking {
                return await submit(answer, flow: flow, session: record.id, page, account: account)
            }
            page = await keepingAccount(of: record, besides: account, page)
            return redirect("/ui/\(flow.id)/session" + page.query, page)
        } catch FlowSessions.Refusal.full {
            return problem(503, word: "too_many_sessions", page.words("unavailable_message"), page)
        } catch FlowSessions.Refusal.tooManyStarts(_, let seconds) {
            var response = problem(
                429, word: "too_many_sessions", page.words("wait_message", ["seconds": String(seconds)]), page)
            response.headers.append((name: "Retry-After", value: String(seconds)))
            return response
        } catch {
            return problem(503, word: "unavailable", page.words("unavailable_message"), page)
        }
    }

    /// The browser of a request, known by its cookie (a new one when it sent none), its tokens, and the
    /// language it asks for (`?lang=`, else `Accept-Language`).
    func pageContext(_ cookies: Cookies, _ request: MountedRequest) -> PageContext {
        var browser = cookies[browserCookie] ?? ""
        var setCookies: [String] = []
        if !SessionID.isWellFormed(browser) {
            browser = SessionID.make()
            setCookies.append(cookie(browserCookie, browser))
        }
        var page = PageContext(
            browser: browser, csrf: signer.sign("csrf " + browser), binding: signer.sign("browser " + browser))
        page.setCookies = setCookies
        page.locale = sessions.flows.locale(for: request.languages)
        page.words = PageWords.words(in: page.locale)
        page.query = request.askedLanguage.map { "?lang=" + $0 } ?? ""
        return page
    }

    private func show(_ flow: ServedFlow, session id: String, _ page: PageContext) async -> MountedResponse {
        guard let record = try? await sessions.session(id), owns(record, flow, page) else {
            return render(
                "start", StartPage(flow, in: page.locale, csrf: page.csrf, note: page.words("session_expired")),
                flow.name(in: page.locale), page)
        }
        if record.state != .asking, let authorization = record.authorization {
            return await answerAuthorization(record, authorization, flow, page)
        }
        return await show(record, flow, page)
    }

    /// The page of a session the browser owns: its ask, or how it ended.
    func show(_ record: SessionRecord, _ flow: ServedFlow, _ page: PageContext) async -> MountedResponse {
        var page = page
        page.formTarget = record.authorization.flatMap { Self.formTarget(of: $0.redirectURI) }
        var addresses: [String] = []
        if devCodes != nil, let session = record.session {
            for frame in session.frames {
                for case .string(let text) in frame.variables.values where EmailAddress.hasShape(text) {
                    addresses.append(text)
                }
            }
        }
        let codes = await devCodes?(addresses)
        let view = SessionPage(
            record, flow: flow, csrf: page.csrf,
            newPassword: record.ask.map { PageField.asksNewPassword($0, in: flow.program) } ?? false,
            codes: codes, email: record.authorization?.loginHint, words: page.words,
            choiceLabel: { choice in choiceLabel(choice, of: record.ask, page) })
        return render("session", view, flow.name(in: page.locale), page)
    }

    private func submit(
        _ request: MountedRequest, flow: ServedFlow, session id: String, _ page: PageContext,
        account: SignedInAccount?
    ) async -> MountedResponse {
        var page = page
        guard let form = FormBody.decodePairs(String(decoding: request.body, as: UTF8.self)) else {
            return problem(400, word: "form_expired", page.words("form_expired_message"), page)
        }
        do {
            let record = try await sessions.session(id)
            guard owns(record, flow, page) else { return redirect("/ui/\(flow.id)/session" + page.query, page) }
            if form.contains(where: { $0.name == "action" && $0.value == "cancel" }) {
                _ = try await sessions.cancel(id)
            } else if let choice = form.last(where: { $0.name == "choice" })?.value {
                let after = try await sessions.answer(id, with: .choice(choice), locale: page.locale, account: account)
                page = await keepingAccount(of: after, besides: account, page)
            } else if let ask = record.ask {
                let after = try await sessions.answer(
                    id, with: .values(PageField.answer(from: form, for: ask)), locale: page.locale, account: account)
                page = await keepingAccount(of: after, besides: account, page)
            }
        } catch FlowSessions.Refusal.noSuchSession {
            return redirect("/ui/\(flow.id)/session" + page.query, page)
        } catch FlowSessions.Refusal.notAsking, FlowSessions.Refusal.conflict, FlowSessions.Refusal.answerInProgress {
            return redirect("/ui/\(flow.id)/session" + page.query, page)
        } catch FlowSessions.Refusal.tooManyAnswers(let seconds) {
            return problem(
                429, word: "too_many_answers", page.words("too_many_answers_message", ["seconds": String(seconds)]),
                page)
        } catch FlowSessions.Refusal.answerTooLarge(let reason), FlowSessions.Refusal.sessionTooLarge(let reason) {
            // The reason is the server's English: other languages say what to do without it.
            let limit = String(sessions.answerLimits.bodyBytes)
            let message =
                page.locale == nil
                ? "Sorry, \(reason). Go back and shorten it."
                : page.words("form_too_large_message", ["bytes": limit])
            return problem(413, word: "answer_too_large", message, page)
        } catch {
            return problem(503, word: "unavailable", page.words("unavailable_message"), page)
        }
        return redirect("/ui/\(flow.id)/session" + page.query, page)
    }

    /// The label of a choice of `ask` in the page's language: its translation (`<flow>.<step>.choice.<name>.label`),
    /// else its name with a capital.
    func choiceLabel(_ choice: String, of ask: InputRequest?, _ page: PageContext) -> String {
        if let ask, let locale = page.locale,
            let label = sessions.flows.translations.files[locale]?.byKey[
                "\(ask.flowID).\(ask.step).choice.\(choice).label"]
        {
            return label.source.replacingOccurrences(of: "$$", with: "$")
        }
        return choice.prefix(1).uppercased() + choice.dropFirst()
    }

    /// Whether `record` is a session of `flow` that this page's browser started.
    private func owns(_ record: SessionRecord, _ flow: ServedFlow, _ page: PageContext) -> Bool {
        record.flow == flow.id && record.creator == .browser(binding: page.binding)
    }

    // MARK: cookies

    /// `__Host-` under HTTPS: such a cookie is only taken when `Secure`, for `Path=/` and with no `Domain`, so
    /// no other origin on the host (another port, a subdomain) can plant it.
    private var cookiePrefix: String { secureCookies ? "__Host-" : "" }

    /// The cookie that knows the browser, which the CSRF tokens and the sessions' bindings are signed for.
    private var browserCookie: String { cookiePrefix + "flowrun_browser" }

    /// The cookie that carries the browser's session of `flow` (flow ids are cookie-name characters).
    func sessionCookie(_ flow: ServedFlow) -> String {
        cookiePrefix + "flowrun_session_" + flow.id
    }

    func cookie(_ name: String, _ value: String, sameSite: String = "Strict") -> String {
        "\(name)=\(value); Path=/; HttpOnly; SameSite=\(sameSite)" + (secureCookies ? "; Secure" : "")
    }

    /// The cookie that carries the browser's account session (``AccountSessions``).
    var accountCookie: String { cookiePrefix + "flowrun_account" }

    /// The account session's cookie set to `value`: `SameSite=Lax`, so that the browser sends it when an app's
    /// site sends it to the authorize endpoint (a top-level GET), and on no request another site makes otherwise.
    func accountCookie(_ value: String) -> String {
        cookie(accountCookie, value, sameSite: "Lax")
    }

    /// The account session's cookie, removed.
    var accountCookieRemoved: String {
        cookie(accountCookie, "", sameSite: "Lax") + "; Max-Age=0"
    }

    // MARK: responses

    /// The headers of every page: no framing, no sniffing, no referrer, resources only from this server, forms
    /// posted only to it (and, on the pages of an authorize request, answered with a redirect to `formTarget`,
    /// the client's redirect URI, which browsers check against `form-action` too). With `images`, the pages may
    /// show images from this server: the theme's logo.
    static func securityHeaders(formTarget: String? = nil, images: Bool = false) -> [(name: String, value: String)] {
        let formAction = "'self'" + (formTarget.map { " " + $0 } ?? "")
        return [
            (
                "Content-Security-Policy",
                "default-src 'none'; style-src 'self'; " + (images ? "img-src 'self'; " : "")
                    + "form-action \(formAction); frame-ancestors 'none'; base-uri 'none'"
            ),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("X-Frame-Options", "DENY"),
        ]
    }

    func render(_ template: String, _ view: Any, _ title: String, _ page: PageContext) -> MountedResponse {
        render(200, template, view, title, page)
    }

    func render(
        _ status: Int, _ template: String, _ view: Any, _ title: String, _ page: PageContext
    ) -> MountedResponse {
        let body = library.render(LocalizedView(view: view, page: page), withTemplate: template) ?? ""
        let layout = LayoutPage(
            title: title, body: body, lang: page.words.locale, rightToLeft: page.words.rightToLeft,
            product: theme.product, themeStyle: theme.stylePath, logo: theme.logo?.path)
        let html = library.render(layout, withTemplate: "layout") ?? body
        return MountedResponse(
            status: status, contentType: "text/html; charset=utf-8", body: Array(html.utf8),
            headers: headers(page), template: "/ui/" + template)
    }

    private func headers(_ page: PageContext) -> [(name: String, value: String)] {
        Self.securityHeaders(formTarget: page.formTarget, images: theme.logo != nil)
            + page.setCookies.map { (name: "Set-Cookie", value: $0) }
    }

    func redirect(_ location: String, _ page: PageContext) -> MountedResponse {
        MountedResponse(
            status: 303, contentType: "text/plain; charset=utf-8", body: [],
            headers: headers(page) + [(name: "Location", value: location)], template: "/ui/redirect")
    }

    func problem(_ status: Int, _ heading: String, _ message: String, _ page: PageContext) -> MountedResponse {
        var response = render(status, "problem", ProblemPage(heading: heading, message: message), heading, page)
        response.errorName = heading.lowercased().replacingOccurrences(of: " ", with: "_")
        return response
    }

    /// A problem page headed by the page word `word`, named in logs by the word's English.
    func problem(_ status: Int, word: String, _ message: String, _ page: PageContext) -> MountedResponse {
        var response = render(
            status, "problem", ProblemPage(heading: page.words(word), message: message), page.words(word), page)
        response.errorName = (PageWords.english[word] ?? word).lowercased().replacingOccurrences(of: " ", with: "_")
        return response
    }

    func notFound(_ page: PageContext) -> MountedResponse {
        problem(404, word: "not_found", page.words("not_found_message"), page)
    }

    private func tooLarge(_ page: PageContext) -> MountedResponse {
        let limit = String(sessions.answerLimits.bodyBytes)
        return problem(413, word: "answer_too_large", page.words("form_too_large_message", ["bytes": limit]), page)
    }

    private func forbidden(_ page: PageContext) -> MountedResponse {
        problem(403, word: "form_expired", page.words("form_expired_message"), page)
    }

    func methodNotAllowed(_ allowed: String, _ page: PageContext) -> MountedResponse {
        var response = problem(405, "Method not allowed", "This page answers \(allowed).", page)
        response.headers.append((name: "Allow", value: allowed))
        return response
    }

    /// Whether the form's `csrf` field is the token this server signed for the browser's cookie.
    private func csrfHolds(_ request: MountedRequest, _ page: PageContext) -> Bool {
        guard let form = FormBody.decodePairs(String(decoding: request.body, as: UTF8.self)),
            let field = form.last(where: { $0.name == "csrf" })?.value
        else { return false }
        return signer.verifies(field, of: "csrf " + page.browser)
    }
}

/// A page's view with what every page's template may also read: `{{words.NAME}}`, the page's words, and
/// `{{query}}`, the `?lang=` its links carry on.
struct LocalizedView: MustacheParent {
    var view: Any
    var page: PageContext

    func child(named name: String) -> Any? {
        switch name {
        case "words": return page.words.all
        case "query": return page.query
        default:
            guard let value = Mirror(reflecting: view).children.first(where: { $0.label == name })?.value else {
                return nil
            }
            // An optional property is its value, or nothing.
            let mirror = Mirror(reflecting: value)
            return mirror.displayStyle == .optional ? mirror.children.first?.value : value
        }
    }
}

/// What every page of one request shares: the browser, its CSRF token and binding, and the cookies to set.
struct PageContext {
    /// The value of the browser's cookie.
    var browser: String
    /// The token the forms carry: the browser's cookie, signed.
    var csrf: String
    /// The browser as a session records its creator: the browser's cookie, signed for another purpose.
    var binding: String
    var setCookies: [String] = []
    /// The `form-action` source of the client's redirect URI, on the pages of an authorize request.
    var formTarget: String?
    /// The language of the flows' texts (nil: their own) and of the pages' words.
    var locale: String?
    var words = PageWords.words(in: nil)
    /// `?lang=…` when the request chose its language so, for the links and redirects that follow; else empty.
    var query = ""
}

/// The cookies of a `Cookie` header, by name.
struct Cookies {
    private var values: [String: String] = [:]

    init(_ header: String?) {
        for pair in (header ?? "").split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, values[parts[0]] == nil { values[parts[0]] = parts[1] }
        }
    }

    subscript(name: String) -> String? { values[name] }
}
