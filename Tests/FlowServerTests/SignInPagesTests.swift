import AsyncHTTPClient
import FlowrunFoundation
import Foundation
import NIOHTTP1
import NativeAuthWire
import TestSupport
import Testing

/// The sign-in pages through the real binary: `/{tenant}/oauth2/v2.0/authorize` driven with plain HTTP (the
/// browser run with an independent OpenID client is `scripts/oidc-relying-party-test.py`), the code's exchange
/// at the token endpoint and every refusal.
@Suite("sign-in pages (authorize, codes, token exchange)")
struct SignInPagesTests {
    static let clientID = "00000000-0000-0000-0000-00000000c11e"
    static let otherClient = "other-app"
    static let redirectURI = "http://127.0.0.1:8400/callback"
    static let tenantFile = """
        passwordHash: { iterations: 1000 }
        clients:
          - clientID: \(clientID)
            redirectURIs: ["http://127.0.0.1/callback", "https://app.example/cb?x=1"]
            scopes: ["api://orders/read"]
          - clientID: \(otherClient)
            redirectURIs: ["https://other.example/cb"]

        """

    /// A browser: its cookies, kept from every answer.
    final class Browser: @unchecked Sendable {
        let origin: String
        var cookies: [String: String] = [:]
        /// Every `Set-Cookie` header received, in order.
        var setCookies: [String] = []

        init(origin: String) {
            self.origin = origin
        }

        func send(_ method: HTTPMethod, _ path: String, form: [String: String]? = nil) async throws -> HTTPAnswer {
            let cookie = cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
            let answer = try await FlowPagesTests.send(
                method, origin + path, body: form.map(FormBody.encode), cookie: cookie)
            for header in answer.headers where header.name.lowercased() == "set-cookie" {
                setCookies.append(header.value)
                let pair = header.value.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
                if pair.count == 2 { cookies[String(pair[0])] = String(pair[1]) }
            }
            return answer
        }
    }

    /// A PKCE verifier and its S256 challenge (RFC 7636 appendix B).
    static func pkce() -> (verifier: String, challenge: String) {
        ("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk", "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    /// A verifier of the right shape that is not ``pkce()``'s.
    static let wrongVerifier = String(repeating: "w", count: 43)

    static func authorizePath(_ parameters: [String: String]) -> String {
        "/contoso/oauth2/v2.0/authorize?" + FormBody.encode(parameters)
    }

    static func request(
        challenge: String, redirectURI: String = redirectURI, extra: [String: String] = [:]
    ) -> [String: String] {
        [
            "client_id": clientID, "redirect_uri": redirectURI, "response_type": "code", "code_challenge": challenge,
            "code_challenge_method": "S256", "state": "s-42", "nonce": "n-42",
            "scope": "openid offline_access",
        ].merging(extra) { $1 }
    }

    /// Answers each page's form (an email, a password, a code from the outbox) until the flow redirects away
    /// from the pages; the redirect's query.
    static func drive(
        _ browser: Browser, from first: HTTPAnswer, email: String, served origin: String
    ) async throws -> [String: String] {
        var page = first
        for _ in 0..<10 {
            let html = String(decoding: page.data, as: UTF8.self)
            let flow = try #require(html.firstMatch(of: /action="\/ui\/([a-z0-9-]+)\/session"/)?.1, "\(html)")
            let csrf = try #require(html.firstMatch(of: /name="csrf" value="([0-9a-f]+)"/)?.1)
            var form = ["csrf": String(csrf), "action": "answer"]
            for match in html.matches(of: /<input id="[^"]+" name="([a-zA-Z.]+)"/) {
                let name = String(match.1)
                switch name {
                case "email": form[name] = email
                case "code":
                    let outbox = try await TestHTTP.get(origin + "/outbox?to=" + email)
                    guard case .list(let messages) = outbox.json else { throw ServedFlowrun.Timeout() }
                    form[name] = messages.first?[field: "code"]?.stringValue
                default: form[name] = "Pass-word-1234!"
                }
            }
            let posted = try await browser.send(.POST, "/ui/\(flow)/session", form: form)
            #expect(posted.status == 303 && posted.header("Location") == "/ui/\(flow)/session", "\(posted)")
            page = try await browser.send(.GET, "/ui/\(flow)/session")
            if page.status == 303, let location = page.header("Location") {
                return try #require(Self.query(of: location, under: redirectURI), "\(location)")
            }
        }
        Issue.record("the flow did not end")
        throw ServedFlowrun.Timeout()
    }

    /// The query of `location` when it is `redirectURI` with a query; nil otherwise.
    static func query(of location: String, under redirectURI: String) -> [String: String]? {
        guard location.hasPrefix(redirectURI + "?"),
            let pairs = FormBody.decodePairs(String(location.dropFirst(redirectURI.count + 1)))
        else { return nil }
        return Dictionary(pairs.map { ($0.name, $0.value) }) { $1 }
    }

    static func exchange(
        _ origin: String, code: String, verifier: String, client: String = clientID, redirectURI: String = redirectURI
    ) async throws -> HTTPAnswer {
        try await TestHTTP.post(
            origin + "/contoso/oauth2/v2.0/token",
            form: FormBody.encode([
                "grant_type": "authorization_code", "client_id": client, "code": code, "redirect_uri": redirectURI,
                "code_verifier": verifier,
            ]))
    }

    static func withServer(_ body: (String) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sign-in-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try tenantFile.write(to: folder.appendingPathComponent("sign-in.yaml"), atomically: true, encoding: .utf8)
        try await FlowRunnerAPITests.withServer(["--config", "sign-in.yaml"], folder: folder) { client, _ in
            try await body(client.origin)
        }
    }

    /// The claims of a JWT, unverified.
    static func claims(_ token: String) throws -> [String: Value] {
        let payload = try #require(token.split(separator: ".").dropFirst().first)
        let data = try #require(Base64URL.decode(String(payload)))
        guard case .object(let claims) = try JSONDecoder().decode(Value.self, from: Data(data)) else { return [:] }
        return claims
    }

    @Test(
        "prompt=create signs up, sign-in with login_hint signs in; each code is exchanged once, with its verifier",
        .enabled(if: FlowrunBinary.find() != nil))
    func journeys() async throws {
        try await Self.withServer { origin in
            let email = "ada-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            let signUp = Self.pkce()
            let browser = Browser(origin: origin)
            let first = try await browser.send(
                .GET, Self.authorizePath(Self.request(challenge: signUp.challenge, extra: ["prompt": "create"])))
            #expect(first.status == 200, "\(first)")
            #expect(
                first.header("Content-Security-Policy")?.contains("form-action 'self' http://127.0.0.1:8400") == true)
            #expect(String(decoding: first.data, as: UTF8.self).contains(#"action="/ui/sign-up-and-sign-in/session""#))
            let signedUp = try await Self.drive(browser, from: first, email: email, served: origin)
            #expect(signedUp["state"] == "s-42")
            let code = try #require(signedUp["code"], "\(signedUp)")

            // The refusals of the token endpoint: each is invalid_grant and leaves the code usable.
            let wrongVerifier = try await Self.exchange(origin, code: code, verifier: Self.wrongVerifier)
            #expect(wrongVerifier.status == 400 && wrongVerifier.error == "invalid_grant", "\(wrongVerifier)")
            let otherRedirect = try await Self.exchange(
                origin, code: code, verifier: signUp.verifier, redirectURI: "http://127.0.0.1:8401/callback")
            #expect(otherRedirect.error == "invalid_grant", "\(otherRedirect)")
            let otherClient = try await Self.exchange(
                origin, code: code, verifier: signUp.verifier, client: Self.otherClient)
            #expect(otherClient.error == "invalid_grant", "\(otherClient)")

            let tokens = try await Self.exchange(origin, code: code, verifier: signUp.verifier)
            #expect(tokens.status == 200, "\(tokens)")
            let idToken = try Self.claims(try #require(tokens.string("id_token")))
            #expect(idToken["nonce"] == .string("n-42"))
            #expect(idToken["aud"] == .string(Self.clientID))
            #expect(idToken["preferred_username"] == .string(email))
            let refreshToken = try #require(tokens.string("refresh_token"))

            // A second redemption fails and revokes the refresh token the first one issued.
            let reused = try await Self.exchange(origin, code: code, verifier: signUp.verifier)
            #expect(reused.status == 400 && reused.error == "invalid_grant", "\(reused)")
            let refreshed = try await TestHTTP.post(
                origin + "/contoso/oauth2/v2.0/token",
                form: FormBody.encode([
                    "grant_type": "refresh_token", "client_id": Self.clientID, "refresh_token": refreshToken,
                ]))
            #expect(refreshed.error == "invalid_grant", "\(refreshed)")

            // Sign-in, in a new browser, with the email filled from login_hint.
            let signIn = Self.pkce()
            let other = Browser(origin: origin)
            let page = try await other.send(
                .GET, Self.authorizePath(Self.request(challenge: signIn.challenge, extra: ["login_hint": email])))
            let html = String(decoding: page.data, as: UTF8.self)
            #expect(html.contains(#"action="/ui/sign-in-password/session""#))
            #expect(html.contains(#"value="\#(email)""#), "\(html)")
            let signedIn = try await Self.drive(other, from: page, email: email, served: origin)
            let second = try await Self.exchange(
                origin, code: try #require(signedIn["code"], "\(signedIn)"), verifier: signIn.verifier)
            #expect(second.status == 200, "\(second)")
            #expect(try Self.claims(try #require(second.string("id_token")))["sub"] == idToken["sub"])
        }
    }

    @Test(
        "an unknown client or an unregistered redirect URI gets an error page and is never redirected",
        .enabled(if: FlowrunBinary.find() != nil))
    func refusedWithoutRedirect() async throws {
        try await Self.withServer { origin in
            let challenge = Self.pkce().challenge
            let cases: [[String: String]] = [
                Self.request(challenge: challenge, extra: ["client_id": "unknown-app"]),
                Self.request(challenge: challenge, extra: ["redirect_uri": "https://evil.example/cb"]),
                Self.request(challenge: challenge, extra: ["redirect_uri": "http://127.0.0.1:8400/other"]),
                Self.request(challenge: challenge, extra: ["redirect_uri": "https://app.example/cb"]),
                Self.request(challenge: challenge).filter { $0.key != "redirect_uri" },
                Self.request(challenge: challenge, extra: ["client_id": Self.otherClient]),
            ]
            for parameters in cases {
                let answer = try await Browser(origin: origin).send(.GET, Self.authorizePath(parameters))
                #expect(answer.status == 400, "\(parameters): \(answer)")
                #expect(answer.header("Location") == nil)
                #expect(answer.header("Content-Type") == "text/html; charset=utf-8")
            }
            // A loopback redirect URI matches with any port; another registered one only exactly.
            for uri in ["http://127.0.0.1:59999/callback", "https://app.example/cb?x=1"] {
                let answer = try await Browser(origin: origin).send(
                    .GET, Self.authorizePath(Self.request(challenge: challenge, redirectURI: uri)))
                #expect(answer.status == 200, "\(uri): \(answer)")
            }
            let wrongTenant = try await Browser(origin: origin).send(
                .GET, "/fabrikam/oauth2/v2.0/authorize?" + FormBody.encode(Self.request(challenge: challenge)))
            #expect(wrongTenant.status == 404)
        }
    }

    @Test(
        "once the redirect URI is known, a bad request or a cancelled flow is redirected with error and state",
        .enabled(if: FlowrunBinary.find() != nil))
    func refusedWithRedirect() async throws {
        try await Self.withServer { origin in
            let challenge = Self.pkce().challenge
            let cases: [([String: String], String)] = [
                (Self.request(challenge: challenge).filter { $0.key != "code_challenge" }, "invalid_request"),
                (Self.request(challenge: challenge, extra: ["code_challenge_method": "plain"]), "invalid_request"),
                (Self.request(challenge: challenge).filter { $0.key != "code_challenge_method" }, "invalid_request"),
                (Self.request(challenge: challenge, extra: ["response_type": "token"]), "unsupported_response_type"),
                (Self.request(challenge: challenge).filter { $0.key != "response_type" }, "invalid_request"),
                (Self.request(challenge: challenge, extra: ["scope": "openid admin.all"]), "invalid_scope"),
                (Self.request(challenge: challenge, extra: ["prompt": "none"]), "login_required"),
            ]
            for (parameters, error) in cases {
                let answer = try await Browser(origin: origin).send(.GET, Self.authorizePath(parameters))
                #expect(answer.status == 303, "\(parameters): \(answer)")
                let query = Self.query(of: answer.header("Location") ?? "", under: Self.redirectURI)
                #expect(query?["error"] == error, "\(parameters): \(answer.header("Location") ?? "")")
                #expect(query?["state"] == "s-42" && query?["error_description"] != nil && query?["code"] == nil)
            }

            // Cancelling the flow answers access_denied.
            let browser = Browser(origin: origin)
            let page = try await browser.send(.GET, Self.authorizePath(Self.request(challenge: challenge)))
            let csrf = try #require(
                String(decoding: page.data, as: UTF8.self).firstMatch(of: /name="csrf" value="([0-9a-f]+)"/)?.1)
            _ = try await browser.send(
                .POST, "/ui/sign-in-password/session", form: ["csrf": String(csrf), "action": "cancel"])
            let cancelled = try await browser.send(.GET, "/ui/sign-in-password/session")
            #expect(cancelled.status == 303)
            let query = Self.query(of: cancelled.header("Location") ?? "", under: Self.redirectURI)
            #expect(query?["error"] == "access_denied" && query?["state"] == "s-42", "\(cancelled)")
            // The request is answered once: the session's page now shows how it ended.
            let again = try await browser.send(.GET, "/ui/sign-in-password/session")
            #expect(again.status == 200)
        }
    }

    @Test(
        "discovery names the served authorize endpoint, the grant and S256", .enabled(if: FlowrunBinary.find() != nil))
    func discovery() async throws {
        try await Self.withServer { origin in
            let document = try await TestHTTP.get(origin + "/contoso/v2.0/.well-known/openid-configuration")
            #expect(document.json?[field: "code_challenge_methods_supported"] == .list([.string("S256")]))
            guard case .list(let grants)? = document.json?[field: "grant_types_supported"] else {
                Issue.record("no grant_types_supported")
                return
            }
            #expect(grants.contains(.string("authorization_code")))
            let endpoint = try #require(document.json?[field: "authorization_endpoint"]?.stringValue)
            let answer = try await Browser(origin: origin).send(
                .GET, String(endpoint.dropFirst(origin.count)) + "?client_id=nobody")
            #expect(answer.status == 400 && answer.header("Location") == nil)
        }
    }
}
