import FlowrunFoundation
import Foundation
import NativeAuthServer
import NativeAuthWire

/// The sign-in pages' end-session endpoint (OpenID Connect RP-Initiated Logout 1.0):
/// `GET` or `POST /{tenant}/oauth2/v2.0/logout` ends the browser's account session, then redirects (303) to the
/// `post_logout_redirect_uri` with the request's `state` when the client (`client_id`, or the audience of
/// `id_token_hint`) registered it, or shows a signed-out page when none is given. An unregistered one is an
/// error page, never a redirect.
public struct EndSessionRoutes: MountedRoutes {
    public let pages: FlowPages

    public init(pages: FlowPages) {
        self.pages = pages
    }

    public var prefix: String { "/{tenant}/oauth2/v2.0/logout" }

    public func claims(_ path: String) -> Bool {
        FlowPages.isTenantOAuthPath(path, endpoint: "logout")
    }

    public func answer(_ request: MountedRequest) async -> MountedResponse {
        var response = await pages.endSession(request)
        response.template = prefix
        return response
    }
}

extension FlowPages {
    /// The end-session endpoint's routes, mounted beside the sign-in pages; nil without ``signIn``.
    public var endSessionRoutes: EndSessionRoutes? {
        signIn == nil ? nil : EndSessionRoutes(pages: self)
    }

    /// A sign-out: the account session ended and its cookie removed, then the redirect or the signed-out page.
    func endSession(_ request: MountedRequest) async -> MountedResponse {
        let cookies = Cookies(request.cookie)
        var page = pageContext(cookies, request)
        guard request.method == "GET" || request.method == "POST" else { return methodNotAllowed("GET, POST", page) }
        let tenant = request.path.split(separator: "/").first.map { $0.lowercased() } ?? ""
        guard let signIn, signIn.tenantNames.contains(tenant) else { return notFound(page) }
        let text = request.method == "GET" ? request.query ?? "" : String(decoding: request.body, as: UTF8.self)
        guard request.body.count <= sessions.answerLimits.bodyBytes, let pairs = FormBody.decodePairs(text) else {
            return problem(400, "Bad sign-out request", "The sign-out request could not be read.", page)
        }
        var parameters: [String: String] = [:]
        for pair in pairs where !pair.value.isEmpty {
            guard parameters.updateValue(pair.value, forKey: pair.name) == nil else {
                return problem(400, "Bad sign-out request", "A parameter of the sign-out request is repeated.", page)
            }
        }
        if let value = cookies[accountCookie] {
            // A session the store could not end would outlive the cookie: the sign-out is refused, to be tried again.
            guard (try? await accounts.close(value)) != nil else {
                return problem(503, "Sign-out failed", "The account could not be signed out; try again.", page)
            }
            page.setCookies.append(accountCookieRemoved)
        }
        guard let uri = parameters["post_logout_redirect_uri"] else {
            return render(
                200, "problem",
                ProblemPage(heading: page.words("signed_out"), message: page.words("signed_out_message")),
                page.words("signed_out"), page)
        }
        let hinted = parameters["id_token_hint"].flatMap(Self.audience(ofIDToken:))
        let clientID = parameters["client_id"] ?? hinted
        guard let clientID, hinted == nil || hinted == clientID, let client = signIn.client(clientID),
            client.registersPostLogout(uri)
        else {
            return problem(400, word: "unregistered_return", page.words("unregistered_return_message"), page)
        }
        return redirect(Self.location(uri, [], state: parameters["state"]), page)
    }

    /// The `aud` of an ID token (a single audience, the client id), read without checking its signature: it only
    /// chooses whose registered URIs a redirect may go to.
    static func audience(ofIDToken token: String) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = Base64URL.decode(String(parts[1])),
            case .object(let claims) = try? JSONDecoder().decode(Value.self, from: Data(payload))
        else { return nil }
        switch claims["aud"] {
        case .string(let audience): return audience
        case .list(let audiences) where audiences.count == 1: return audiences[0].stringValue
        default: return nil
        }
    }
}
