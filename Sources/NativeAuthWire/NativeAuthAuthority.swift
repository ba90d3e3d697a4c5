import Foundation

/// Authority URLs of the native-auth API (docs/native-auth.md): checking one given as text,
/// building a real tenant's, and the paths and origin derived from one.
public enum NativeAuthAuthority {
    /// A real tenant's authority: `https://{sub}.ciamlogin.com/{sub}.onmicrosoft.com`, where `tenant` is the
    /// subdomain (`contoso`) or the full `contoso.onmicrosoft.com`.
    public static func ciam(tenant: String) throws(NativeAuthAuthorityError) -> URL {
        var subdomain = tenant.trimmingCharacters(in: .whitespaces).lowercased()
        if subdomain.hasSuffix(".onmicrosoft.com") { subdomain.removeLast(".onmicrosoft.com".count) }
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        guard (1...63).contains(subdomain.count), subdomain.allSatisfy(allowed.contains),
            !subdomain.hasPrefix("-"), !subdomain.hasSuffix("-")
        else { throw .invalidTenant(tenant) }
        guard let url = URL(string: "https://\(subdomain).ciamlogin.com/\(subdomain).onmicrosoft.com") else {
            throw .invalidTenant(tenant)
        }
        return url
    }

    /// Checks an authority URL given as text: `http` or `https`, a host, no user or password, no fragment. A
    /// trailing `/` is dropped.
    public static func parse(_ text: String) throws(NativeAuthAuthorityError) -> URL {
        guard var components = URLComponents(string: text.trimmingCharacters(in: .whitespaces)),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else { throw .invalidURL(text) }
        guard components.user == nil, components.password == nil else { throw .credentialsInURL }
        guard components.fragment == nil else { throw .invalidURL(text) }
        while components.path.hasSuffix("/") { components.path.removeLast() }
        guard let url = components.url else { throw .invalidURL(text) }
        return url
    }

    /// `authority` with `path` appended to its path; its query is kept.
    public static func url(_ authority: URL, appendingPath path: String) -> URL {
        guard var components = URLComponents(url: authority, resolvingAgainstBaseURL: false) else {
            return authority.appendingPathComponent(path)
        }
        var base = components.percentEncodedPath
        while base.hasSuffix("/") { base.removeLast() }
        components.percentEncodedPath = base + (path.hasPrefix("/") ? path : "/" + path)
        return components.url ?? authority.appendingPathComponent(path)
    }

    /// The scheme, host and port of `authority`, e.g. `http://127.0.0.1:8080` for
    /// `http://127.0.0.1:8080/contoso`.
    public static func origin(of authority: URL) -> URL {
        guard var components = URLComponents(url: authority, resolvingAgainstBaseURL: false) else { return authority }
        components.percentEncodedPath = ""
        components.query = nil
        components.fragment = nil
        return components.url ?? authority
    }
}

/// An authority that cannot be used.
public enum NativeAuthAuthorityError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not an http(s) URL with a host, or one with a fragment.
    case invalidURL(String)
    /// The URL holds a user name or password, which would end up in logs and errors.
    case credentialsInURL
    /// Not a tenant subdomain (letters, digits and inner hyphens, at most 63).
    case invalidTenant(String)

    public var description: String {
        switch self {
        case .invalidURL(let text):
            return "`\(text)` is not an authority: expected `embedded` or an http(s) URL such as "
                + "http://127.0.0.1:8080/contoso or https://contoso.ciamlogin.com/contoso.onmicrosoft.com"
        case .credentialsInURL: return "an authority URL must not hold a user name or password"
        case .invalidTenant(let text):
            return "`\(text)` is not a tenant subdomain: expected letters, digits and hyphens, e.g. contoso"
        }
    }
}
