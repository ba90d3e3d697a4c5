import FlowrunFoundation
import Foundation
import NativeAuthWire

/// An answer the HTTP layer gives before (or instead of) the emulator: the same JSON error body as the
/// emulator's (`error`, `error_description` with Trace ID / Correlation ID / Timestamp lines, `error_codes`,
/// `timestamp`, `trace_id`, `correlation_id`). Messages may name a parameter, never a value.
struct ServerError: Error, Sendable {
    var status: Int
    var error: String
    /// The AADSTS number, or nil for answers that have none (404, 405).
    var code: Int?
    var message: String
    /// Extra headers such as `Allow`.
    var headers: [(name: String, value: String)] = []

    /// The reply with the request's correlation id and a fresh trace id.
    func reply(requestID: String, now: Date = Date()) -> Reply {
        let traceID = RandomUUID.lowercased()
        let timestamp = WireError.timestamp(now)
        let description = WireError.description(
            code: code, message: message, traceID: traceID, correlationID: requestID, timestamp: timestamp)
        let wire = WireError(
            error: error, description: description, codes: code.map { [$0] } ?? [], correlationID: requestID,
            traceID: traceID, timestamp: timestamp)
        let headers = [(name: "client-request-id", value: requestID), (name: "x-ms-request-id", value: traceID)]
        return Reply(status: status, headers: headers + self.headers, body: .object(wire.body))
    }
}

/// The catalogue of HTTP-layer answers. AADSTS 90100 ("invalid parameter") is the code the emulator uses for a
/// missing or malformed parameter (docs/native-auth.md), and 90002 is Entra's "tenant not found".
extension ServerError {
    /// A path that names no tenant this server emulates (404, AADSTS90002).
    static func unknownTenant(_ segment: String) -> ServerError {
        ServerError(
            status: 404, error: "not_found", code: 90002,
            message: "Tenant '\(clip(segment))' not found. This server emulates one tenant.")
    }

    /// A path that is no route (404).
    static var notFound: ServerError {
        ServerError(status: 404, error: "not_found", code: nil, message: "There is no such endpoint.")
    }

    /// A route called with the wrong method (405, with `Allow`).
    static func methodNotAllowed(_ method: String, allowed: String) -> ServerError {
        ServerError(
            status: 405, error: "method_not_allowed", code: nil,
            message: "The method \(clip(method, 16)) is not allowed here; allowed: \(allowed).",
            headers: [(name: "Allow", value: allowed)])
    }

    /// A body whose media type is not `application/x-www-form-urlencoded` (or whose charset is not UTF-8).
    static var unsupportedContentType: ServerError {
        ServerError(
            status: 400, error: "invalid_request", code: 90100,
            message: "The request content type must be application/x-www-form-urlencoded (UTF-8).")
    }

    /// A body larger than the limit (413: front ends refuse such bodies before the service parses them). The
    /// connection is closed after the answer: the server will not read another request from it.
    static func bodyTooLarge(limit: Int) -> ServerError {
        ServerError(
            status: 413, error: "invalid_request", code: 90100,
            message: "The request body is larger than the limit of \(limit) bytes.",
            headers: [(name: "Connection", value: "close")])
    }

    /// A client over its ``AddressRateLimit`` (429, with `Retry-After`).
    static func tooManyRequests(retryAfter seconds: Int) -> ServerError {
        ServerError(
            status: 429, error: "temporarily_unavailable", code: nil,
            message: "Too many requests from this address; retry after \(seconds) seconds.",
            headers: [(name: "Retry-After", value: String(seconds))])
    }

    /// A body that did not arrive in time (408; the connection is closed).
    static var bodyTimeout: ServerError {
        ServerError(
            status: 408, error: "invalid_request", code: 90100,
            message: "The request body did not arrive in time.", headers: [(name: "Connection", value: "close")])
    }

    /// A body that is not valid form encoding: a bad percent escape or text that is not UTF-8.
    static var malformedBody: ServerError {
        ServerError(
            status: 400, error: "invalid_request", code: 90100,
            message: "The request body is not valid application/x-www-form-urlencoded: a percent escape is "
                + "malformed or the text is not UTF-8.")
    }

    /// An `/outbox` query that is not valid form encoding.
    static var malformedQuery: ServerError {
        ServerError(
            status: 400, error: "invalid_request", code: 90100,
            message: "The query is not valid application/x-www-form-urlencoded: a percent escape is malformed or "
                + "the text is not UTF-8.")
    }

    /// A field given twice.
    static func duplicateParameter(_ name: String) -> ServerError {
        ServerError(
            status: 400, error: "invalid_request", code: 90100,
            message: "The \(clip(name)) parameter appears more than once.")
    }

    /// A field the endpoint does not take.
    static func unknownParameter(_ name: String, endpoint: String) -> ServerError {
        ServerError(
            status: 400, error: "invalid_request", code: 90100,
            message: "Unknown parameter '\(clip(name))': \(endpoint) does not accept it.")
    }

    /// A query parameter of `/outbox` that is missing its meaning (`limit` not a number in 1...1000).
    static func invalidQueryParameter(_ name: String) -> ServerError {
        ServerError(
            status: 400, error: "invalid_request", code: 90100, message: "\(clip(name)) parameter is not valid.")
    }

    /// The store failed (500 `server_error`, as the emulator answers).
    /// The store cannot be reached now (503, `Retry-After: 1`), as the emulator answers it.
    static var storeUnavailable: ServerError {
        ServerError(
            status: 503, error: "temporarily_unavailable", code: 90033,
            message: "A transient error has occurred: the authority's storage cannot be reached. Try again.",
            headers: [(name: "Retry-After", value: "1")])
    }

    static var serverError: ServerError {
        ServerError(
            status: 500, error: "server_error", code: 50000,
            message: "There was an error in the authority's storage. Try again.")
    }

    /// At most `limit` characters of a client-supplied name, for messages.
    static func clip(_ text: String, _ limit: Int = 64) -> String {
        text.count <= limit ? text : String(text.prefix(limit)) + "…"
    }
}
