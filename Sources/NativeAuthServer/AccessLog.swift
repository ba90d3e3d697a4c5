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
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        var metadata: Logger.Metadata = [
            "http.method": .string(ServerError.clip(method, 16)),
            "http.path": .string(ServerError.clip(path, 256)),
            "http.status": .stringConvertible(reply.status),
            "duration_ms": .string(String(format: "%.1f", milliseconds)),
            "client_request_id": .string(requestID),
        ]
        if let route { metadata["route"] = .string(route.template) }
        if reply.status != 200, let error = reply.errorName { metadata["error"] = .string(error) }
        logger.info("request", metadata: metadata)
    }
}
