import Foundation
import Hummingbird
import Logging
import NativeAuthEmulator

/// One structured line per request: method, path, route, status, duration, `client-request-id`, the W3C trace
/// and span ids, and the OAuth `error` of an error answer. Never a body, a query, a header value other than the
/// request id and trace context, a parameter value, a code, a password or a token. A 5xx answer is logged at
/// `error`, a 4xx at `notice`, the rest at `info`.
enum AccessLog {
    static func record(
        _ logger: Logger, method: String, path: String, route: Route?, reply: Reply, requestID: String,
        trace: TraceContext, elapsed: Duration
    ) {
        // The metadata is an autoclosure: built only when the logger keeps lines of this level.
        logger.log(
            level: level(reply.status), "request",
            metadata: metadata(
                method: method, path: path, route: route, reply: reply, requestID: requestID, trace: trace,
                elapsed: elapsed))
    }

    /// The level of a request's line: `error` for a server failure, `notice` for a refused request.
    static func level(_ status: Int) -> Logger.Level {
        switch status {
        case 500...: return .error
        case 400..<500: return .notice
        default: return .info
        }
    }

    private static func metadata(
        method: String, path: String, route: Route?, reply: Reply, requestID: String, trace: TraceContext,
        elapsed: Duration
    ) -> Logger.Metadata {
        var metadata: Logger.Metadata = [
            "http.method": .string(ServerError.clip(method, 16)),
            "http.path": .string(ServerError.clip(path, 256)),
            "http.status": .stringConvertible(reply.status),
            "duration_ms": .stringConvertible(milliseconds(elapsed)),
            "client_request_id": .string(requestID),
            "trace_id": .string(trace.traceID),
            "span_id": .string(trace.spanID),
        ]
        if let parent = trace.parentSpanID { metadata["parent_span_id"] = .string(parent) }
        if let route { metadata["route"] = .string(route.template) }
        if reply.status != 200, let error = reply.errorName { metadata["error"] = .string(error) }
        return metadata
    }

    /// `elapsed` in milliseconds, rounded to one decimal: `12.3`.
    static func milliseconds(_ elapsed: Duration) -> Double {
        let (seconds, attoseconds) = elapsed.components
        let tenths = max(0, seconds * 10_000 + (attoseconds + 50_000_000_000_000) / 100_000_000_000_000)
        return Double(tenths) / 10
    }
}
