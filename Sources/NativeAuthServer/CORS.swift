import Hummingbird

/// Cross-origin access for browser clients (MSAL.js calls the API from a page on another origin): the origins
/// allowed, their preflights, and the headers every answer to them carries.
struct CORS: Sendable {
    /// Allowed origins, lowercased, without a trailing `/`; `*` allows any.
    let origins: Set<String>

    init(origins: [String]) {
        self.origins = Set(
            origins.map { origin in
                var origin = origin.lowercased()
                while origin.hasSuffix("/") { origin.removeLast() }
                return origin
            })
    }

    /// The request's `Origin` when it is allowed.
    func allowedOrigin(_ headers: HTTPFields) -> String? {
        guard !origins.isEmpty, let origin = headers[.origin], !origin.isEmpty, origin.count <= 255 else {
            return nil
        }
        return origins.contains("*") || origins.contains(origin.lowercased()) ? origin : nil
    }

    /// Whether `request` is a preflight (`OPTIONS` with `Access-Control-Request-Method`).
    static func isPreflight(_ request: Request) -> Bool {
        request.method == .options && request.headers[.accessControlRequestMethod] != nil
    }

    /// The headers added to every answer to an allowed origin.
    static func headers(origin: String) -> [(name: String, value: String)] {
        [
            (name: "Access-Control-Allow-Origin", value: origin), (name: "Vary", value: "Origin"),
            (name: "Access-Control-Expose-Headers", value: "client-request-id, x-ms-request-id"),
        ]
    }

    /// 204 to a preflight from an allowed origin for a route answering `methods`: the request headers asked for
    /// are allowed when they are plain header names (the SDKs' `client-request-id`, `x-client-SKU`, …).
    static func preflight(origin: String, methods: [String], request: Request) -> Response {
        var fields = HTTPFields()
        for header in headers(origin: origin) {
            if let name = HTTPFields.Element.Name(header.name) { fields[name] = header.value }
        }
        fields[.accessControlAllowMethods] = (methods + ["OPTIONS"]).joined(separator: ", ")
        if let asked = request.headers[.accessControlRequestHeaders], asked.count <= 2048,
            asked.allSatisfy({ $0.isLetter || $0.isNumber || "-_, ".contains($0) }), asked.allSatisfy(\.isASCII)
        {
            fields[.accessControlAllowHeaders] = asked
        }
        fields[.accessControlMaxAge] = "600"
        fields[.contentLength] = "0"
        return Response(status: .noContent, headers: fields)
    }
}
