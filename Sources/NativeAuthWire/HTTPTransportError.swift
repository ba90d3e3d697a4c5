/// Why an HTTP transport (`HTTPTransport` over AsyncHTTPClient, `URLSessionTransport` over URLSession) got no
/// answer. The native-auth client reports each as `unexpected` with `error` `transport_error` and this
/// description.
public enum HTTPTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The connection was not established within the client's connect timeout.
    case connectTimeout(request: String)
    /// The exchange did not complete within the request timeout.
    case requestTimeout(request: String, after: Duration)
    /// The answer's body is longer than the transport reads (1 MiB).
    case bodyTooLarge(request: String, limit: Int)
    /// The connection failed or broke (refused, reset, TLS, name resolution…).
    case connectionFailed(request: String, reason: String)
    /// The task was cancelled.
    case cancelled

    /// A short name for logs.
    public var kind: String {
        switch self {
        case .connectTimeout: return "connect_timeout"
        case .requestTimeout: return "request_timeout"
        case .bodyTooLarge: return "body_too_large"
        case .connectionFailed: return "connection_failed"
        case .cancelled: return "cancelled"
        }
    }

    public var description: String {
        switch self {
        case .connectTimeout(let request): return "\(request): the connection timed out"
        case .requestTimeout(let request, let after): return "\(request): no answer within \(after) (request timeout)"
        case .bodyTooLarge(let request, let limit): return "\(request): the answer is longer than \(limit) bytes"
        case .connectionFailed(let request, let reason): return "\(request): \(reason)"
        case .cancelled: return "cancelled"
        }
    }
}
