import Foundation
import NativeAuth
import NativeAuthHTTP
import NativeAuthWire
import Testing

/// Authority URLs and the dev outbox.
@Suite struct AuthorityTests {
    @Test(arguments: ["contoso", "Contoso", "contoso.onmicrosoft.com"])
    func aTenantSubdomainGivesTheCIAMAuthority(tenant: String) throws {
        #expect(
            try NativeAuthAuthority.ciam(tenant: tenant).absoluteString
                == "https://contoso.ciamlogin.com/contoso.onmicrosoft.com")
    }

    @Test(arguments: ["", "con toso", "-contoso", "contoso/x", "a.b", String(repeating: "a", count: 64)])
    func aBadTenantIsRefused(tenant: String) {
        #expect(throws: NativeAuthAuthorityError.invalidTenant(tenant)) { try NativeAuthAuthority.ciam(tenant: tenant) }
    }

    @Test(arguments: [
        ("http://127.0.0.1:8080/contoso", "http://127.0.0.1:8080/contoso"),
        ("http://127.0.0.1:8080/contoso/", "http://127.0.0.1:8080/contoso"),
        (
            "HTTPS://contoso.ciamlogin.com/contoso.onmicrosoft.com",
            "HTTPS://contoso.ciamlogin.com/contoso.onmicrosoft.com"
        ),
        ("https://x.ciamlogin.com/x.onmicrosoft.com?dc=ESTS", "https://x.ciamlogin.com/x.onmicrosoft.com?dc=ESTS"),
    ])
    func authorityURLs(text: String, expected: String) throws {
        #expect(try NativeAuthAuthority.parse(text).absoluteString == expected)
    }

    @Test(arguments: ["ftp://host/x", "127.0.0.1:8080/contoso", "http:///contoso", "embedded", "http://h/x#frag", ""])
    func notAnAuthority(text: String) {
        #expect(throws: NativeAuthAuthorityError.invalidURL(text)) { try NativeAuthAuthority.parse(text) }
    }

    @Test func noCredentialsInTheURL() {
        #expect(throws: NativeAuthAuthorityError.credentialsInURL) {
            try NativeAuthAuthority.parse("https://user:secret@contoso.ciamlogin.com/contoso.onmicrosoft.com")
        }
    }

    @Test func endpointURLsAndOrigin() throws {
        let authority = try NativeAuthAuthority.parse("http://127.0.0.1:8080/contoso?dc=X")
        #expect(
            HTTPTransport(authority: authority).url(of: .signUpStart).absoluteString
                == "http://127.0.0.1:8080/contoso/signup/v1.0/start?dc=X")
        #expect(NativeAuthAuthority.origin(of: authority).absoluteString == "http://127.0.0.1:8080")
        #expect(DevOutbox(authority: authority).url.absoluteString == "http://127.0.0.1:8080/outbox")
    }

    @Test func theDevOutboxReadsTheNewestCode() async throws {
        let outbox = #"[{"to":"a+b@example.com","code":"12345678","purpose":"signUp","sentAt":"2025-01-01T00:00:00Z"}]"#
        let (code, requests) = try await CannedServer.with(
            [:], extra: ["/outbox": [Canned(status: 200, body: outbox)]]
        ) { authority, answers in
            (try await DevOutbox(authority: authority).latestCode(to: "a+b@example.com"), await answers.requests)
        }
        #expect(code == "12345678")
        #expect(requests.first?.method == "GET")
        #expect(requests.first?.path == "/outbox")
        #expect(requests.first?.query == "to=a%2Bb@example.com&limit=1")
    }

    @Test func anEmptyOutboxAndAMissingOne() async throws {
        let empty = try await CannedServer.with([:], extra: ["/outbox": [Canned(status: 200, body: "[]")]]) {
            authority, _ in try await DevOutbox(authority: authority).latestCode()
        }
        #expect(empty == nil)
        await #expect(throws: DevOutboxError.self) {
            try await CannedServer.with([:]) { authority, _ in try await DevOutbox(authority: authority).latestCode() }
        }
    }
}
