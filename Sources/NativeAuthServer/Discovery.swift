import FlowrunFoundation
import NativeAuthTenant
import NativeAuthWire

/// The OpenID Connect discovery document of the emulated tenant
/// (`GET /{tenant}/v2.0/.well-known/openid-configuration`), shaped like the one Entra External ID serves for a
/// CIAM tenant: endpoint URLs under `{base}/{tenantID}` (Entra names the tenant by its id there), the issuer of
/// the tokens, the supported response types, scopes and claims, and the region fields MSAL reads. MSAL iOS
/// resolves a CIAM authority through this document and requires `issuer`, `authorization_endpoint` and
/// `token_endpoint`. The authorize endpoint is served by `flowrun serve --flows` (the sign-in pages: the
/// authorization code flow with PKCE S256), as is the end-session (logout) endpoint; without `--flows` both
/// answer 404.
enum Discovery {
    /// The document for a client that reached the server at `base` (e.g. `http://127.0.0.1:8080`).
    /// `id_token_signing_alg_values_supported` lists RS256, which OpenID Connect Discovery requires and Entra
    /// signs with, and the tenant's algorithm when it is another.
    static func document(
        base: String, tenantID: String, issuer: String, signingAlgorithm: TokenSigningAlgorithm
    ) -> Value {
        let authority = "\(base)/\(tenantID)"
        var endpoints: [String: Value] = [:]
        for endpoint in NativeAuthEndpoint.allCases {
            endpoints[name(of: endpoint)] = .string(authority + endpoint.path)
        }
        return .object([
            "issuer": .string(issuer),
            "authorization_endpoint": .string(authority + "/oauth2/v2.0/authorize"),
            "token_endpoint": .string(authority + NativeAuthEndpoint.token.path),
            "device_authorization_endpoint": .string(authority + "/oauth2/v2.0/devicecode"),
            "end_session_endpoint": .string(authority + "/oauth2/v2.0/logout"),
            "jwks_uri": .string(authority + Route.keysPath),
            "response_types_supported": ["code", "id_token", "code id_token", "id_token token"],
            "response_modes_supported": ["query", "fragment", "form_post"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": .list(
                ["RS256"] + (signingAlgorithm == .rs256 ? [] : [.string(signingAlgorithm.rawValue)])),
            "token_endpoint_auth_methods_supported": ["none"],
            "grant_types_supported": [
                "authorization_code", "password", "oob", "mfa_oob", "continuation_token", "refresh_token",
            ],
            "code_challenge_methods_supported": ["S256"],
            "prompt_values_supported": ["none", "login", "create"],
            "scopes_supported": ["openid", "profile", "email", "offline_access"],
            "claims_supported": [
                "sub", "iss", "aud", "exp", "iat", "nbf", "oid", "tid", "ver", "preferred_username", "name",
                "email",
            ],
            "request_uri_parameter_supported": false,
            "http_logout_supported": false,
            "frontchannel_logout_supported": false,
            "tenant_region_scope": "NA",
            "cloud_instance_name": "ciamlogin.com",
            "cloud_graph_host_name": "graph.windows.net",
            "msgraph_host": "graph.microsoft.com",
            "native_auth_endpoints": .object(endpoints),
        ])
    }

    /// The key of an endpoint in `native_auth_endpoints`: its path without versions, in snake case, e.g.
    /// `signup_start`, `oauth2_token`, `resetpassword_poll_completion`.
    static func name(of endpoint: NativeAuthEndpoint) -> String {
        endpoint.path.split(separator: "/").filter { !$0.hasPrefix("v1.") && !$0.hasPrefix("v2.") }
            .joined(separator: "_")
    }
}
