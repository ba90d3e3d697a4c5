import FlowrunFoundation
import Hummingbird

/// A request's place in a distributed trace (W3C Trace Context): the trace id of a valid incoming `traceparent`
/// header, else a new one, and a new span id for the server's work on the request. Both go into the request's
/// access-log line, so a log collector joins it with the caller's traces.
struct TraceContext: Sendable, Equatable {
    /// 32 lower-case hex digits, not all zero.
    var traceID: String
    /// 16 lower-case hex digits, not all zero: this request's span.
    var spanID: String
    /// The caller's span, from its `traceparent`.
    var parentSpanID: String?

    /// The context of a request with these headers.
    static func incoming(_ headers: HTTPFields) -> TraceContext {
        incoming(traceparent: HTTPFields.Element.Name("traceparent").flatMap { headers[$0] })
    }

    /// The context of a request whose `traceparent` header is `header` (nil: none).
    static func incoming(traceparent header: String?) -> TraceContext {
        if let header, let parent = parse(header) {
            return TraceContext(traceID: parent.traceID, spanID: randomHex(8), parentSpanID: parent.spanID)
        }
        return TraceContext(traceID: randomHex(16), spanID: randomHex(8), parentSpanID: nil)
    }

    /// The trace and parent ids of a `traceparent` value (`00-<32 hex>-<16 hex>-<2 hex>`), or nil when it is not
    /// one; a version other than `00` is read by the same prefix, as the specification asks.
    static func parse(_ value: String) -> (traceID: String, spanID: String)? {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 4, isHex(parts[0], count: 2), parts[0] != "ff", isHex(parts[1], count: 32),
            isHex(parts[2], count: 16), isHex(parts[3], count: 2), parts[0] != "00" || parts.count == 4,
            !parts[1].allSatisfy({ $0 == "0" }), !parts[2].allSatisfy({ $0 == "0" })
        else { return nil }
        return (String(parts[1]), String(parts[2]))
    }

    private static func isHex(_ text: Substring, count: Int) -> Bool {
        text.utf8.count == count && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// `bytes` (a multiple of 8) random bytes as lowercase hex, never all zero: a word of ``SecureRandom`` for each
    /// 8 bytes.
    private static func randomHex(_ bytes: Int) -> String {
        var generator = SecureRandom()
        while true {
            let words = (0..<max(bytes / 8, 1)).map { _ in generator.next() as UInt64 }
            guard words.contains(where: { $0 != 0 }) else { continue }
            return words.map { word in
                let digits = String(word, radix: 16)
                return String(repeating: "0", count: 16 - digits.count) + digits
            }.joined()
        }
    }
}
