/// Routes served beside the native-auth API under a path prefix, such as the flow runner's `/api/v1`: the
/// server reads the body (within its limits), rate-limits, logs and counts the request, and hands the rest here.
public protocol MountedRoutes: Sendable {
    /// The path prefix, e.g. `/api/v1`: a request whose path is the prefix, or starts with it and `/`, comes here.
    var prefix: String { get }
    /// Whether a path is one of these routes; by default, the prefix and the paths below it.
    func claims(_ path: String) -> Bool
    /// The answer to one request.
    func answer(_ request: MountedRequest) async -> MountedResponse
}

extension MountedRoutes {
    public func claims(_ path: String) -> Bool {
        path == prefix || path.hasPrefix(prefix + "/")
    }
}

/// A request for ``MountedRoutes``.
public struct MountedRequest: Sendable {
    public var method: String
    /// The whole path, prefix included, without the query.
    public var path: String
    public var query: String?
    public var contentType: String?
    /// The `Cookie` header.
    public var cookie: String?
    /// The `Accept-Language` header: the languages the client reads, most wanted first by `q`.
    public var acceptLanguage: String?
    public var body: [UInt8]
    /// The client's IP address as text, when the connection has one (for per-address limits).
    public var clientAddress: String?

    public init(
        method: String, path: String, query: String? = nil, contentType: String? = nil, cookie: String? = nil,
        body: [UInt8] = [], clientAddress: String? = nil, acceptLanguage: String? = nil
    ) {
        self.acceptLanguage = acceptLanguage
        self.clientAddress = clientAddress
        self.method = method
        self.path = path
        self.query = query
        self.contentType = contentType
        self.cookie = cookie
        self.body = body
    }
}

/// The answer of ``MountedRoutes``.
public struct MountedResponse: Sendable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]
    public var headers: [(name: String, value: String)]
    /// The route's template for logs and metrics, e.g. `/api/v1/sessions/{id}`: never a path with an id in it.
    public var template: String
    /// The error's name for the access log, when the answer is an error.
    public var errorName: String?

    public init(
        status: Int, contentType: String = "application/json; charset=utf-8", body: [UInt8],
        headers: [(name: String, value: String)] = [], template: String, errorName: String? = nil
    ) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
        self.template = template
        self.errorName = errorName
    }
}
