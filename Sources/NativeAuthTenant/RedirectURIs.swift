import Foundation

extension ClientConfiguration {
    /// Why `uri` cannot be registered as a redirect URI: it must be an absolute `http` or `https` URL (or a
    /// native app's private-use scheme, `com.example.app:/callback`) with no fragment (RFC 6749 §3.1.2). Nil
    /// when it can.
    public static func redirectURIProblem(_ uri: String) -> String? {
        guard let components = URLComponents(string: uri), let scheme = components.scheme, !scheme.isEmpty else {
            return "must be an absolute URI"
        }
        guard components.fragment == nil else { return "must not have a fragment (RFC 6749 §3.1.2)" }
        if ["http", "https"].contains(scheme.lowercased()), components.host?.isEmpty ?? true {
            return "must name a host"
        }
        return nil
    }

    /// Whether `uri` is one of ``redirectURIs``: exactly, or for a registered loopback URI
    /// (`http://127.0.0.1…`, `http://[::1]…`) with any port and otherwise exactly (RFC 8252 §7.3).
    public func registers(redirectURI uri: String) -> Bool {
        Self.matches(uri, in: redirectURIs)
    }

    /// Whether `uri` is one of ``postLogoutRedirectURIs``, matched as redirect URIs are.
    public func registers(postLogoutRedirectURI uri: String) -> Bool {
        Self.matches(uri, in: postLogoutRedirectURIs)
    }

    private static func matches(_ uri: String, in registeredURIs: [String]) -> Bool {
        registeredURIs.contains { registered in
            registered == uri
                || loopbackWithoutPort(registered).map { $0 == loopbackWithoutPort(uri) }
                    ?? false
        }
    }

    /// A loopback `http` URI with its port removed; nil for any other URI.
    private static func loopbackWithoutPort(_ uri: String) -> String? {
        guard var components = URLComponents(string: uri), components.scheme == "http",
            ["127.0.0.1", "[::1]", "::1"].contains(components.host ?? ""), components.user == nil,
            components.password == nil
        else { return nil }
        components.port = nil
        return components.string
    }
}
