import FlowrunFoundation

/// One call of the native-auth API: always a POST with a form body to an endpoint of the authority.
public struct WireRequest: Sendable, Hashable {
    public var endpoint: NativeAuthEndpoint
    /// The form fields (`client_id`, `continuation_token`, …).
    public var parameters: [String: String]
    /// Request headers such as `client-request-id`.
    public var headers: [String: String]

    public init(endpoint: NativeAuthEndpoint, parameters: [String: String], headers: [String: String] = [:]) {
        self.endpoint = endpoint
        self.parameters = parameters
        self.headers = headers
    }
}

/// The answer to a ``WireRequest``: an HTTP status, headers and a JSON body.
public struct WireResponse: Sendable, Hashable {
    public var status: Int
    public var headers: [String: String]
    /// The JSON object of the body; `nil` when the body was not a JSON object.
    public var body: [String: Value]?

    public init(status: Int, headers: [String: String] = [:], body: [String: Value]?) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A 200 answer with a JSON body.
    public static func ok(_ body: [String: Value], headers: [String: String] = [:]) -> WireResponse {
        WireResponse(status: 200, headers: headers, body: body)
    }

    /// A 400 answer carrying a native-auth error body.
    public static func error(_ error: WireError, headers: [String: String] = [:]) -> WireResponse {
        WireResponse(status: 400, headers: headers, body: error.body)
    }
}

/// Carries requests to an authority and brings back its answers: in-process to the embedded emulator, or
/// over HTTP to an emulator or a real tenant. Throws only when no answer arrived.
public protocol Transport: Sendable {
    func send(_ request: WireRequest) async throws -> WireResponse
}
