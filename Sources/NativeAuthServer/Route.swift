import NativeAuthEmulator
import NativeAuthTenant
import NativeAuthWire

/// What a request path names.
enum Route: Sendable, Equatable {
    /// A native-auth endpoint (POST).
    case endpoint(NativeAuthEndpoint)
    /// `/{tenant}/v2.0/.well-known/openid-configuration` (GET).
    case discovery
    /// `/{tenant}/discovery/v2.0/keys` (GET).
    case keys
    /// `/outbox` (GET, only with the dev outbox on).
    case outbox
    /// `/healthz` (GET): the process is up.
    case health
    /// `/readyz` (GET): the store can be read and its schema is migrated.
    case ready
    /// `/metrics` (GET): Prometheus metrics.
    case metrics
    /// A route of ``MountedRoutes`` (GET, POST or DELETE), by its template.
    case mounted(template: String)

    /// The discovery document's path under the tenant.
    static let discoveryPath = "/v2.0/.well-known/openid-configuration"
    /// The JWKS path under the tenant.
    static let keysPath = "/discovery/v2.0/keys"

    /// The methods the route answers: POST for the native-auth endpoints, GET (and HEAD) for the others.
    var methods: [String] {
        switch self {
        case .endpoint: return ["POST"]
        case .mounted: return ["GET", "POST", "DELETE"]
        default: return ["GET", "HEAD"]
        }
    }

    /// The route template for logs, e.g. `/{tenant}/oauth2/v2.0/token`.
    var template: String {
        switch self {
        case .endpoint(let endpoint): return "/{tenant}" + endpoint.path
        case .discovery: return "/{tenant}" + Self.discoveryPath
        case .keys: return "/{tenant}" + Self.keysPath
        case .outbox: return "/outbox"
        case .health: return "/healthz"
        case .ready: return "/readyz"
        case .metrics: return "/metrics"
        case .mounted(let template): return template
        }
    }
}

/// A path resolved to a route and the tenant segment it was called with.
struct RouteMatch: Sendable, Equatable {
    var route: Route
    /// The first path segment as sent (`contoso`, `contoso.onmicrosoft.com` or the tenant id); nil for `/outbox`
    /// and the operational routes.
    var tenantSegment: String?

    /// Resolves `path` (without its query). `/outbox` exists only when `devOutbox` is on; a tenant route with
    /// a tenant this server does not emulate is ``ServerError/unknownTenant(_:)``; anything else unknown is
    /// ``ServerError/notFound``.
    static func resolve(
        _ path: String, configuration: TenantConfiguration, devOutbox: Bool
    ) -> Result<RouteMatch, ServerError> {
        if path == "/outbox" {
            return devOutbox ? .success(RouteMatch(route: .outbox)) : .failure(.notFound)
        }
        if let route = [Route.health, .ready, .metrics].first(where: { $0.template == path }) {
            return .success(RouteMatch(route: route))
        }
        guard path.hasPrefix("/") else { return .failure(.notFound) }
        let rest = path.dropFirst()
        guard let slash = rest.firstIndex(of: "/") else { return .failure(.notFound) }
        let segment = String(rest[..<slash])
        let remainder = String(rest[slash...])
        let route: Route
        if let endpoint = NativeAuthEndpoint(rawValue: remainder) {
            route = .endpoint(endpoint)
        } else if remainder == Route.discoveryPath {
            route = .discovery
        } else if remainder == Route.keysPath {
            route = .keys
        } else {
            return .failure(.notFound)
        }
        guard Self.names(segment, configuration) else { return .failure(.unknownTenant(segment)) }
        return .success(RouteMatch(route: route, tenantSegment: segment))
    }

    /// Whether `segment` names the emulated tenant: its subdomain, `{subdomain}.onmicrosoft.com` or its id
    /// (case-insensitive).
    static func names(_ segment: String, _ configuration: TenantConfiguration) -> Bool {
        let segment = segment.lowercased()
        let tenant = configuration.tenant.lowercased()
        return !segment.isEmpty
            && [tenant, tenant + ".onmicrosoft.com", configuration.tenantID.lowercased()].contains(segment)
    }
}
