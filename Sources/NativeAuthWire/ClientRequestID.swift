import FlowrunFoundation
import Foundation

/// The `client-request-id` rule: an answer echoes the id the request sent when it is a reasonable token (at most
/// 128 ASCII letters, digits, `-`, `_` and `.`, surrounding spaces ignored), else a new lowercase UUID. The
/// emulator and the HTTP server both follow it, so that both echo the same value.
public enum ClientRequestID {
    /// The id to echo for the header value a request sent (`nil` when it sent none).
    public static func value(sent: String?) -> String {
        value(sentIn: [sent])
    }

    /// The id to echo when a request may send it in several places (its header, then its query string): the
    /// first reasonable one, else a new UUID.
    public static func value(sentIn candidates: [String?]) -> String {
        for sent in candidates.compactMap({ $0?.trimmingWhitespace(.spaces) }) {
            if !sent.isEmpty, sent.utf8.count <= 128, sent.utf8.allSatisfy(isAllowed) { return sent }
        }
        return RandomUUID.lowercased()
    }

    /// The `client-request-id` of a query string; nil when absent or the query is not form encoding.
    public static func fromQuery(_ query: String) -> String? {
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
