import Foundation
import Hummingbird
import Logging
import NativeAuthEmulator

/// One structured line per request: method, path, route, status, duration, `client-request-id` and the OAuth
/// `error` of an error answer. Never a body, a query, a header value other than the request id, a parameter
/// value, a code, a password or a token.
enum AccessLog {
    static func record(
        _ logger: Logger, method: String, path: String, route: Route?, reply: Reply, requestID: String,
        elapsed: Duration
    ) {
        // The metadata is an autoclosure: built only when the logger keeps info lines.
        logger.info(
            "request",
            metadata: metadata(
                method: method, path: path, route: route, reply: reply, requestID: requestID, elapsed: elapsed))
    }

    private static func metadata(
        method: String, path: String, route: Route?, reply: Reply, requestID: String, elapsed: Duration
    ) -> Logger.Metadata {
        var metadata: Logger.Metadata = [
            "http.method": .string(ServerError.clip(method, 16)),
            "http.path": .string(ServerError.clip(path, 256)),
            "http.status": .stringConvertible(reply.status),
            "duration_ms": .string(milliseconds(elapsed)),
            "client_request_id": .string(requestID),
        ]
        if let route { metadata["route"] = .string(route.template) }
        if reply.status != 200, let error = reply.errorName { metadata["error"] = .string(error) }
        return metadata
    }

    /// `elapsed` in milliseconds, rounded to one decimal: `12.3`.
    static func milliseconds(_ elapsed: Duration) -> String {
        let (seconds, attoseconds) = elapsed.components
        let tenths = max(0, seconds * 10_000 + (attoseconds + 50_000_000_000_000) / 100_000_000_000_000)
        return "\(tenths / 10).\(tenths % 10)"
    }
}
