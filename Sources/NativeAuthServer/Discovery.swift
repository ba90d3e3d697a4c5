import FlowEngine
import NativeAuth

/// The OpenID Connect discovery document of the emulated tenant
/// (`GET /{tenant}/v2.0/.well-known/openid-configuration`, protocol reference 2.5).
enum Discovery {
    /// The document for a client that reached the server at `base` (e.g. `http://127.0.0.1:8080`) and named the
    /// tenant `tenantSegment`. Only the token endpoint, the keys and the native-auth endpoints exist; the
    /// browser (redirect) fallback is not emulated.
    static func document(base: String, tenantSegment: String, issuer: String) -> Value {
        let authority = "\(base)/\(tenantSegment)"
        var endpoints: [String: Value] = [:]
        for endpoint in NativeAuthEndpoint.allCases {
            endpoints[name(of: endpoint)] = .string(authority + endpoint.path)
        }
        return .object([
            "issuer": .string(issuer),
            "token_endpoint": .string(authority + NativeAuthEndpoint.token.path),
            "jwks_uri": .string(authority + Route.keysPath),
            "response_types_supported": ["code", "id_token", "code id_token", "id_token token"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["ES256"],
            "token_endpoint_auth_methods_supported": ["none"],
            "grant_types_supported": ["password", "oob", "mfa_oob", "continuation_token", "refresh_token"],
            "scopes_supported": ["openid", "profile", "email", "offline_access"],
            "claims_supported": [
                "iss", "aud", "sub", "oid", "tid", "preferred_username", "name", "iat", "nbf", "exp",
            ],
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
