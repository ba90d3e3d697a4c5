import FlowEngine
import FlowModel
import Foundation
import NativeAuthServer
import NativeAuthWire

/// The sign-in pages of any OpenID Connect client: `GET /{tenant}/oauth2/v2.0/authorize` (the authorization code
/// flow, RFC 6749 §4.1, with PKCE S256 required, RFC 7636) runs the client's sign-in flow, or its sign-up flow
/// with `prompt=create`, in the web UI. When the flow ends, the browser is redirected (303) to the client's
/// registered redirect URI with a single-use `code` (the flow signed someone in) or `error=access_denied`, and
/// the request's `state`. A request whose client or redirect URI is unknown is answered with an error page and
/// never redirected; once the redirect URI is known, other errors are redirected to it (RFC 6749 §4.1.2.1).
public struct SignInRoutes: MountedRoutes {
    public let pages: FlowPages

    public init(pages: FlowPages) {
        self.pages = pages
    }

    public var prefix: String { "/{tenant}/oauth2/v2.0/authorize" }

    public func claims(_ path: String) -> Bool {
        FlowPages.isTenantOAuthPath(path, endpoint: "authorize")
    }

    public func answer(_ request: MountedRequest) async -> MountedResponse {
        var response = await pages.authorize(request)
        response.template = prefix
        return response
    }
}

extension FlowPages {
    /// Whether `path` is `/{tenant}/oauth2/v2.0/{endpoint}` for some tenant.
    static func isTenantOAuthPath(_ path: String, endpoint: Substring) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 5 && parts[0].isEmpty && !parts[1].isEmpty
            && parts[2...] == ["oauth2", "v2.0", endpoint]
    }

    /// The sign-in pages' routes, mounted beside the web UI; nil without ``signIn``.
    public var signInRoutes: SignInRoutes? {
        signIn == nil ? nil : SignInRoutes(pages: self)
    }

    /// An authorize request: checked, then the session of its flow started and its first page shown.
    func authorize(_ request: MountedRequest) async -> MountedResponse {
        var page = pageContext(Cookies(request.cookie), request)
        guard request.method == "GET" else { return methodNotAllowed("GET", page) }
        let tenant = request.path.split(separator: "/").first.map { $0.lowercased() } ?? ""
        guard let signIn, signIn.tenantNames.contains(tenant) else { return notFound(page) }
        guard let pairs = FormBody.decodePairs(request.query ?? "") else {
            return problem(400, "Bad sign-in request", "The sign-in request could not be read.", page)
        }
        var parameters: [String: String] = [:]
        var repeated: [String] = []
        for pair in pairs where !pair.value.isEmpty {
            if parameters.updateValue(pair.value, forKey: pair.name) != nil { repeated.append(pair.name) }
        }
        // Until the redirect URI is known to be the client's, nothing is sent to it.
        guard !repeated.contains("client_id"), let clientID = parameters["client_id"],
            let client = signIn.client(clientID)
        else {
            return problem(
                400, "Unknown application", "The sign-in request names no application registered here.", page)
        }
        guard !repeated.contains("redirect_uri"), let redirectURI = parameters["redirect_uri"],
            client.registers(redirectURI)
        else {
            return problem(
                400, "Unregistered redirect URI",
                "The sign-in request's redirect URI is missing or not registered for this application.", page)
        }
        let state = repeated.contains("state") ? nil : parameters["state"]
        func refuse(_ error: String, _ description: String) -> MountedResponse {
            redirect(
                Self.location(redirectURI, [("error", error), ("error_description", description)], state: state), page)
        }
        if let name = repeated.first {
            return refuse("invalid_request", "The parameter \(Self.quoted(name)) is repeated.")
        }
        if let long = parameters.first(where: { $0.value.count > Self.longestParameter }) {
            return refuse(
                "invalid_request", "The parameter \(Self.quoted(long.key)) is over \(Self.longestParameter) characters."
            )
        }
        guard let responseType = parameters["response_type"] else {
            return refuse("invalid_request", "The response_type parameter is missing.")
        }
        guard responseType == "code" else {
            return refuse("unsupported_response_type", "Only response_type=code is supported.")
        }
        guard parameters["response_mode"] ?? "query" == "query" else {
            return refuse("invalid_request", "Only response_mode=query is supported.")
        }
        guard let challenge = parameters["code_challenge"] else {
            return refuse("invalid_request", "PKCE is required: send code_challenge and code_challenge_method=S256.")
        }
        guard parameters["code_challenge_method"] == "S256" else {
            return refuse("invalid_request", "The code_challenge_method must be S256.")
        }
        guard Self.isChallenge(challenge) else {
            return refuse("invalid_request", "The code_challenge is not a base64url SHA-256 (43 characters).")
        }
        let scopes = (parameters["scope"] ?? "openid").split(separator: " ").map(String.init)
        guard !scopes.isEmpty, scopes.allSatisfy(client.isConsented) else {
            return refuse("invalid_scope", "The application may not be granted a requested scope.")
        }
        // OpenID Connect's `ui_locales` (space-separated, most wanted first) comes before `Accept-Language`; the
        // language chosen so goes on in the pages' links, as `?lang=` does.
        if let asked = parameters["ui_locales"],
            let locale = sessions.flows.locale(
                for: asked.split(separator: " ").map(String.init) + request.languages)
        {
            page.locale = locale
            page.words = PageWords.words(in: locale)
            page.query = "?lang=" + locale
        }
        let authorization = AuthorizationRequest(
            clientID: clientID, redirectURI: redirectURI, codeChallenge: challenge, state: state,
            nonce: parameters["nonce"], scopes: scopes, loginHint: parameters["login_hint"])
        // `prompt` is a space-separated list (OpenID Connect Core §3.1.2.1); `none` stands alone.
        let prompt = Set((parameters["prompt"] ?? "").split(separator: " ").map(String.init))
        if prompt.contains("none"), prompt.count > 1 {
            return refuse("invalid_request", "The prompt none cannot be combined with another.")
        }
        let asks = prompt.contains("login") || prompt.contains("create")
        if !asks, let value = Cookies(request.cookie)[accountCookie], let signedIn = try? await accounts.account(value)
        {
            return await redirectWithCode(for: signedIn, authorization, page)
        }
        if prompt.contains("none") { return refuse("login_required", "No account is signed in here; sign in.") }
        let flowID = prompt.contains("create") ? client.signUpFlow : client.signInFlow
        guard let flow = sessions.flows.flow(flowID) else {
            return refuse("server_error", "The application's sign-in flow is not served.")
        }
        let record: SessionRecord
        do {
            record = try await sessions.start(
                flow.id, params: [:], creator: .browser(binding: page.binding), address: request.clientAddress,
                authorization: authorization, locale: page.locale)
        } catch {
            return refuse("temporarily_unavailable", "No sign-in can start now; try again later.")
        }
        page.setCookies.append(cookie(sessionCookie(flow), record.id))
        if record.state != .asking { return await answerAuthorization(record, authorization, flow, page) }
        // The first page is the answer itself: a redirect would need the session's cookie, which a browser
        // arriving from the client's site does not send (`SameSite=Strict`) until it navigates from this site.
        return await show(record, flow, page)
    }

    /// Answers the authorize request of a session that is over: a code for the account it signed in, else
    /// `access_denied`. The request is marked answered first, so that one session yields one code.
    func answerAuthorization(
        _ record: SessionRecord, _ authorization: AuthorizationRequest, _ flow: ServedFlow, _ page: PageContext
    ) async -> MountedResponse {
        guard (try? await sessions.completeAuthorization(of: record)) == true else {
            return redirect("/ui/\(flow.id)/session", page)
        }
        guard record.state == .ended, record.end?.kind == .success, let account = record.account else {
            let parameters = [("error", "access_denied"), ("error_description", Self.denial(record))]
            return redirect(Self.location(authorization.redirectURI, parameters, state: authorization.state), page)
        }
        var page = page
        // Without a stored account session, the sign-in still yields its code; the next authorize asks again.
        if let value = try? await accounts.open(account) { page.setCookies.append(accountCookie(value)) }
        return await redirectWithCode(for: account, authorization, page)
    }

    /// The redirect of an authorize request to its redirect URI with a code for `account` (or `server_error`
    /// when none could be issued).
    func redirectWithCode(
        for account: SignedInAccount, _ authorization: AuthorizationRequest, _ page: PageContext
    ) async -> MountedResponse {
        var parameters = [("error", "server_error"), ("error_description", "No authorization code could be issued.")]
        if let signIn {
            let grant = SignInClients.CodeGrant(
                account: account, clientID: authorization.clientID, redirectURI: authorization.redirectURI,
                codeChallenge: authorization.codeChallenge, nonce: authorization.nonce, scopes: authorization.scopes)
            if let code = try? await signIn.issueCode(grant) { parameters = [("code", code)] }
        }
        return redirect(Self.location(authorization.redirectURI, parameters, state: authorization.state), page)
    }

    /// Why a session that is over signed no one in.
    static func denial(_ record: SessionRecord) -> String {
        switch record.state {
        case .cancelled: return "The user cancelled the sign-in."
        case .failed: return "The sign-in could not go on."
        case .asking, .ended:
            guard let kind = record.end?.kind, kind != .success else { return "The flow signed no one in." }
            return "The sign-in ended: \(kind.name)."
        }
    }

    /// `redirectURI` with `parameters` and `state` added to its query.
    static func location(_ redirectURI: String, _ parameters: [(String, String)], state: String?) -> String {
        let all = parameters + (state.map { [("state", $0)] } ?? [])
        guard !all.isEmpty else { return redirectURI }
        let query = all.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
        return redirectURI + (redirectURI.contains("?") ? "&" : "?") + query
    }

    /// The `form-action` source a redirect to `uri` needs: its origin, or its scheme for a private-use scheme.
    static func formTarget(of uri: String) -> String? {
        guard let components = URLComponents(string: uri), let scheme = components.scheme?.lowercased() else {
            return nil
        }
        guard ["http", "https"].contains(scheme), let host = components.percentEncodedHost else { return scheme + ":" }
        let name = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(name)" + (components.port.map { ":\($0)" } ?? "")
    }

    /// The longest value a parameter of an authorize request may have.
    static let longestParameter = 2048

    /// Whether `challenge` is 43 base64url characters, the encoding of a SHA-256.
    static func isChallenge(_ challenge: String) -> Bool {
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        return challenge.count == 43 && challenge.allSatisfy { alphabet.contains($0) }
    }

    /// A parameter name for an error description: at most 40 of its letters, digits and `_`.
    private static func quoted(_ name: String) -> String {
        String(name.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }.prefix(40))
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
