import NativeAuthTenant
import Testing

/// A client's registered redirect URIs: what may be registered, and which `redirect_uri` matches.
@Suite("redirect URIs")
struct RedirectURITests {
    static let client = ClientConfiguration(
        redirectURIs: [
            "https://app.example/cb?x=1", "http://127.0.0.1/callback", "http://[::1]:9000/cb", "com.example.app:/auth",
        ])

    @Test(
        "a redirect URI matches exactly; a loopback one with any port",
        arguments: [
            ("https://app.example/cb?x=1", true), ("https://app.example/cb", false),
            ("https://app.example/cb?x=1&y=2", false), ("https://app.example:444/cb?x=1", false),
            ("http://127.0.0.1/callback", true), ("http://127.0.0.1:51234/callback", true),
            ("http://127.0.0.1:51234/callback/", false), ("https://127.0.0.1:51234/callback", false),
            ("http://localhost:51234/callback", false), ("http://[::1]:1/cb", true), ("http://[::1]/other", false),
            ("http://user@127.0.0.1:5/callback", false), ("com.example.app:/auth", true),
            ("com.example.app:/auth2", false), ("", false),
        ])
    func matching(uri: String, matches: Bool) {
        #expect(Self.client.registers(redirectURI: uri) == matches, "\(uri)")
    }

    @Test("a relative URI, one with a fragment or an http one without a host cannot be registered")
    func refused() throws {
        for uri in ["/callback", "https://app.example/cb#frag", "http:///cb", "no scheme"] {
            #expect(throws: ConfigurationError.self, "\(uri)") {
                try TenantConfiguration.load(yaml: "clients:\n  - redirectURIs: [\"\(uri)\"]\n")
            }
        }
        let loaded = try TenantConfiguration.load(
            yaml: "clients:\n  - redirectURIs: [\"com.example.app:/auth\"]\n    signInFlow: sign-in-email-otp\n")
        #expect(loaded.clients.first?.redirectURIs == ["com.example.app:/auth"])
        #expect(loaded.clients.first?.signInFlow == "sign-in-email-otp")
        #expect(loaded.clients.first?.signUpFlow == ClientConfiguration.defaultSignUpFlow)
    }
}
