import Foundation
import NativeAuthWire

/// A native-auth error answer before it is stamped with the request's trace id, correlation id and time.
/// Messages never contain a password, a code or a token.
struct EmulatorError: Error, Sendable {
    /// 400, 500 for `server_error`, 503 for `temporarily_unavailable`.
    var status: Int = 400
    var error: String
    /// The AADSTS number: the first of `error_codes` and the prefix of the description.
    var code: Int
    var message: String
    var suberror: String?
    var continuationToken: String?
    var requiredAttributes: [RequiredAttribute]?
    var invalidAttributes: [String]?
    /// Seconds before the same request can succeed, sent as `Retry-After` (lockouts, send limits).
    var retryAfter: Int?

    /// The wire error with an AADSTS-style description ending in Trace ID, Correlation ID and Timestamp lines.
    func wireError(traceID: String, correlationID: String, timestamp: String) -> WireError {
        let description = WireError.description(
            code: code, message: message, traceID: traceID, correlationID: correlationID, timestamp: timestamp)
        return WireError(
            error: error, description: description, codes: [code], suberror: suberror,
            continuationToken: continuationToken, requiredAttributes: requiredAttributes,
            invalidAttributes: invalidAttributes, correlationID: correlationID, traceID: traceID,
            timestamp: timestamp)
    }
}
