import FlowrunFoundation
import Foundation
import NIOHTTP1
import NativeAuthWire
import TestSupport
import Testing

/// The account a browser keeps across authorize requests on the sign-in pages (`prompt` none, login and create),
/// the end-session endpoint, and the tokens a flow API client gets when its session signs someone in; all
/// through the real binary.
@Suite("account sessions, end-session and tokens for the flow API's caller")
struct AccountSessionTests {
    typealias Pages = SignInPagesTests
    static let postLogoutURI = "https://app.example/signed-out"
    static let tenantFile = """
        passwordHash: { iterations: 1000 }
        clients:
          - clientID: \(Pages.clientID)
            redirectURIs: ["http://127.0.0.1/callback"]
            postLogoutRedirectURIs: ["\(postLogoutURI)"]
            scopes: ["api://orders/read"]
          - clientID: \(Pages.otherClient)
            redirectURIs: ["https://other.example/cb"]

        """

    /// A server of the tenant in `existing` (a new temporary folder by default), its state in `folder/state`.
    static func withServer(
        folder existing: URL? = nil, _ body: (String, ServedFlowrun) async throws -> Void
    ) async throws {
        let folder =
            existing ?? FileManager.default.temporaryDirectory.appendingPathComponent("account-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try tenantFile.write(to: folder.appendingPathComponent("account.yaml"), atomically: true, encoding: .utf8)
        try await FlowRunnerAPITests.withServer(["--config", "account.yaml"], folder: folder) { client, served in
            try await body(client.origin, served)
        }
    }

    /// An authorize request in `browser`; the query it is redirected to, nil when it shows a page.
    static func authorize(
        _ browser: Pages.Browser, prompt: String? = nil, challenge: String = Pages.pkce().challenge
    ) async throws -> (answer: HTTPAnswer, query: [String: String]?) {
        let extra = prompt.map { ["prompt": $0] } ?? [:]
        let answer = try await browser.send(
            .GET, Pages.authorizePath(Pages.request(challenge: challenge, extra: extra)))
        return (answer, Pages.query(of: answer.header("Location") ?? "", under: Pages.redirectURI))
    }

    static func subject(_ origin: String, code: String?) async throws -> Value? {
        let tokens = try await Pages.exchange(
            origin, code: try #require(code), verifier: Pages.pkce().verifier)
        #expect(tokens.status == 200, "\(tokens)")
        return try Pages.claims(try #require(tokens.string("id_token")))["sub"]
    }

    @Test(
        "a sign-up leaves an account session: codes without pages, prompt=login asks again, sign-out ends it",
        .enabled(if: FlowrunBinary.find() != nil))
    func accountAcrossRequests() async throws {
        try await Self.withServer { origin, _ in
            let email = "kay-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            let browser = Pages.Browser(origin: origin)
            let first = try await Self.authorize(browser, prompt: "create")
            #expect(first.answer.status == 200)
            let signedUp = try await Pages.drive(browser, from: first.answer, email: email, served: origin)
            let subject = try await Self.subject(origin, code: signedUp["code"])
            let account = try #require(browser.cookies["flowrun_account"])
            #expect(account.count == 32)

            // Without a prompt, and with prompt=none: a code at once, for the same account.
            for prompt in [nil, "none", "select_account"] {
                let silent = try await Self.authorize(browser, prompt: prompt)
                #expect(silent.answer.status == 303, "\(prompt ?? "no prompt"): \(silent.answer)")
                #expect(silent.query?["state"] == "s-42")
                #expect(try await Self.subject(origin, code: silent.query?["code"]) == subject)
            }
            // prompt=login and prompt=create show the pages again.
            let mixed = try await Self.authorize(browser, prompt: "none login")
            #expect(mixed.query?["error"] == "invalid_request", "\(mixed.answer)")
            for prompt in ["login", "create", "consent login"] {
                let asked = try await Self.authorize(browser, prompt: prompt)
                #expect(asked.answer.status == 200 && asked.query == nil, "\(prompt): \(asked.answer)")
            }
            // Another browser has no account session.
            let other = try await Self.authorize(Pages.Browser(origin: origin), prompt: "none")
            #expect(other.query?["error"] == "login_required", "\(other.answer)")

            // Sign-out: redirected to the registered URI with the state, the cookie removed, the session ended.
            let signOut = try await browser.send(
                .GET,
                "/contoso/oauth2/v2.0/logout?"
                    + FormBody.encode([
                        "client_id": Pages.clientID, "post_logout_redirect_uri": Self.postLogoutURI, "state": "bye",
                    ]))
            #expect(signOut.status == 303, "\(signOut)")
            #expect(signOut.header("Location") == Self.postLogoutURI + "?state=bye")
            #expect(browser.setCookies.last { $0.hasPrefix("flowrun_account=") }?.hasSuffix("Max-Age=0") == true)
            // The value no longer signs in, even when a browser keeps sending it.
            browser.cookies["flowrun_account"] = account
            let after = try await Self.authorize(browser, prompt: "none")
            #expect(after.query?["error"] == "login_required", "\(after.answer)")
        }
    }

    @Test(
        "the account cookie is HttpOnly and SameSite=Lax; a made-up or unknown one signs no one in",
        .enabled(if: FlowrunBinary.find() != nil))
    func accountCookie() async throws {
        try await Self.withServer { origin, served in
            let email = "lu-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            let browser = Pages.Browser(origin: origin)
            let first = try await Self.authorize(browser, prompt: "create")
            let signedUp = try await Pages.drive(browser, from: first.answer, email: email, served: origin)
            #expect(signedUp["code"] != nil)
            let account = try #require(browser.cookies["flowrun_account"])
            let header = try #require(browser.setCookies.last { $0.hasPrefix("flowrun_account=") })
            #expect(header == "flowrun_account=\(account); Path=/; HttpOnly; SameSite=Lax", "\(header)")
            #expect(!served.stderr.contains(account), "an account session's value reached the log")
            let signOut = try await browser.send(.GET, "/contoso/oauth2/v2.0/logout")
            #expect(
                signOut.headers.contains {
                    $0.value == "flowrun_account=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0"
                }, "\(signOut)")

            for value in ["0123456789abcdef0123456789abcdef", "not-a-session", ""] {
                let stranger = Pages.Browser(origin: origin)
                stranger.cookies["flowrun_account"] = value
                let answer = try await Self.authorize(stranger, prompt: "none")
                #expect(answer.query?["error"] == "login_required", "\(value): \(answer.answer)")
            }
        }
    }

    @Test(
        "end-session: a signed-out page without a URI, the client from id_token_hint, unregistered URIs refused",
        .enabled(if: FlowrunBinary.find() != nil))
    func endSession() async throws {
        try await Self.withServer { origin, _ in
            let logout = "/contoso/oauth2/v2.0/logout"
            let plain = try await Pages.Browser(origin: origin).send(.GET, logout)
            #expect(plain.status == 200 && plain.header("Location") == nil, "\(plain)")
            #expect(String(decoding: plain.data, as: UTF8.self).contains("signed out"))

            let payload = Base64URL.encode(Array(#"{"aud":"\#(Pages.clientID)"}"#.utf8))
            let hint = "eyJhbGciOiJSUzI1NiJ9.\(payload).c2ln"
            let hinted = try await Pages.Browser(origin: origin).send(
                .POST, logout, form: ["id_token_hint": hint, "post_logout_redirect_uri": Self.postLogoutURI])
            #expect(hinted.status == 303 && hinted.header("Location") == Self.postLogoutURI, "\(hinted)")

            let refused: [[String: String]] = [
                ["client_id": Pages.clientID, "post_logout_redirect_uri": "https://evil.example/"],
                ["client_id": Pages.otherClient, "post_logout_redirect_uri": Self.postLogoutURI],
                ["post_logout_redirect_uri": Self.postLogoutURI],
                [
                    "id_token_hint": hint, "client_id": Pages.otherClient,
                    "post_logout_redirect_uri": Self.postLogoutURI,
                ],
            ]
            for parameters in refused {
                let answer = try await Pages.Browser(origin: origin).send(
                    .GET, logout + "?" + FormBody.encode(parameters))
                #expect(answer.status == 400 && answer.header("Location") == nil, "\(parameters): \(answer)")
            }
            let discovery = try await TestHTTP.get(origin + "/contoso/v2.0/.well-known/openid-configuration")
            let endpoint = try #require(discovery.json?[field: "end_session_endpoint"]?.stringValue)
            #expect(endpoint.hasSuffix("/oauth2/v2.0/logout"))
            let viaDiscovery = try await Pages.Browser(origin: origin).send(
                .GET, String(endpoint.dropFirst(origin.count)))
            #expect(viaDiscovery.status == 200, "\(viaDiscovery)")
            #expect(
                discovery.json?[field: "prompt_values_supported"]
                    == .list([.string("none"), .string("login"), .string("create")]))
        }
    }

    /// Answers each ask of an API session (an email, a code from the outbox, a password) until it ends; the
    /// answer that ended it.
    static func driveAPI(
        _ client: FlowAPIClient, _ started: HTTPAnswer, email: String
    ) async throws -> HTTPAnswer {
        var answer = started
        let id = try #require(started.string("id"))
        for _ in 0..<10 where answer.string("state") == "asking" {
            guard case .list(let fields)? = answer.json?[field: "ask"]?[field: "fields"] else { break }
            var inputs: [String: String] = [:]
            for field in fields {
                let name = try #require(field[field: "name"]?.stringValue)
                switch name {
                case "email", "username": inputs[name] = email
                case "code": inputs[name] = try await client.code(to: email)
                default: inputs[name] = "Pass-word-1234!"
                }
            }
            answer = try await client.answer(id, inputs)
        }
        return answer
    }

    @Test(
        "a flow API session started with client_id returns the client's tokens once, in the answer that ends it",
        .enabled(if: FlowrunBinary.find() != nil))
    func tokensForTheAPICaller() async throws {
        try await Self.withServer { origin, served in
            let client = FlowAPIClient(origin: origin)
            let email = "mo-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            let started = try await client.post(
                "/flows/sign-up-and-sign-in/sessions", #"{"client_id": "\#(Pages.clientID)"}"#)
            #expect(started.status == 201, "\(started)")
            #expect(started.json?[field: "tokens"] == nil)
            let ended = try await Self.driveAPI(client, started, email: email)
            #expect(ended.string("state") == "ended", "\(ended)")
            let tokens = try #require(ended.json?[field: "tokens"], "\(ended)")
            let accessToken = try #require(tokens[field: "access_token"]?.stringValue)
            #expect(tokens[field: "refresh_token"]?.stringValue != nil)
            let idToken = try Pages.claims(try #require(tokens[field: "id_token"]?.stringValue))
            #expect(idToken["aud"] == .string(Pages.clientID))
            #expect(idToken["preferred_username"] == .string(email))
            let discovery = try await TestHTTP.get(origin + "/contoso/v2.0/.well-known/openid-configuration")
            #expect(idToken["iss"] == discovery.json?[field: "issuer"], "the tokens name another issuer")

            // Never again: not in a later GET, the store or the log.
            let id = try #require(started.string("id"))
            let later = try await client.get("/sessions/\(id)")
            #expect(later.status == 200 && later.json?[field: "tokens"] == nil, "\(later)")
            let stored = try FlowRunnerAPITests.storedBytes(in: served.folder)
            #expect(!stored.contains(accessToken), "a token reached the session store")
            #expect(!served.stderr.contains(accessToken), "a token reached the log")

            // Without client_id, no tokens.
            let plain = try await client.start("sign-in-password")
            let signedIn = try await Self.driveAPI(client, plain, email: email)
            #expect(signedIn.json?[field: "end"]?[field: "kind"] == "success", "\(signedIn)")
            #expect(signedIn.json?[field: "tokens"] == nil)
        }
    }

    @Test(
        "a start's client_id must name a client and its scope be consented",
        .enabled(if: FlowrunBinary.find() != nil))
    func tokenRequestRefusals() async throws {
        try await Self.withServer { origin, _ in
            let client = FlowAPIClient(origin: origin)
            let cases: [(String, String)] = [
                (#"{"client_id": "nobody"}"#, "unknown_client"),
                (#"{"client_id": 7}"#, "unknown_client"),
                (#"{"client_id": "\#(Pages.clientID)", "scope": "openid admin.all"}"#, "invalid_scope"),
                (#"{"client_id": "\#(Pages.clientID)", "scope": ["openid"]}"#, "bad_request"),
                (#"{"scope": "openid"}"#, "bad_request"),
            ]
            for (body, error) in cases {
                let answer = try await client.post("/flows/sign-in-password/sessions", body)
                #expect(answer.status == 400 && answer.string("error") == error, "\(body): \(answer)")
            }
            let consented = try await client.post(
                "/flows/sign-in-password/sessions",
                #"{"client_id": "\#(Pages.clientID)", "scope": "openid api://orders/read"}"#)
            #expect(consented.status == 201, "\(consented)")
        }
    }
}
