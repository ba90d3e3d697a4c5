import Foundation
import Hummingbird
import Logging
import NativeAuthWire
import NativeAuthEmulator

/// The `client-request-id` of a request — its header, else its query parameter (MSAL.js sends it in the query
/// string of every call) — when it is a reasonable token (at most 128 letters, digits, `-`, `_`, `.`), else a
/// new UUID, the same rule as the emulator's, so that both echo the same value.
enum ClientRequestID {
    static func value(in headers: HTTPFields, query: String? = nil) -> String {
        let header = headers.first { $0.name.canonicalName == "client-request-id" }?.value
        for sent in [header, query.flatMap(fromQuery)].compactMap({ $0?.trimmingWhitespace(.whitespaces) }) {
            if !sent.isEmpty, sent.utf8.count <= 128, sent.utf8.allSatisfy(isAllowed) { return sent }
        }
        return UUID().uuidString.lowercased()
    }

    /// The `client-request-id` of a query string; nil when absent or the query is not form encoding.
    static func fromQuery(_ query: String) -> String? {
        guard query.utf8.count <= 4096 else { return nil }
        return FormBody.decodePairs(query)?.first { $0.name == "client-request-id" }?.value
    }

    /// ASCII letters, digits, `-`, `_` and `.`.
    static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }
}

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
