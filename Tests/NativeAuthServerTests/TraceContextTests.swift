import Testing

@testable import NativeAuthServer

/// W3C Trace Context: the caller's trace is kept when its `traceparent` is valid, a new one is made otherwise.
@Suite("trace context")
struct TraceContextTests {
    @Test("a valid traceparent gives its trace id and parent span; this request gets a span of its own")
    func keepsTheCallersTrace() {
        let context = TraceContext.incoming(traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")
        #expect(context.traceID == "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(context.parentSpanID == "00f067aa0ba902b7")
        #expect(context.spanID.count == 16 && context.spanID != "00f067aa0ba902b7")
    }

    @Test(
        "malformed traceparent values are not read",
        arguments: [
            "", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7",
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
            "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-x",
            "00-4bf92f3577b34da6a3ce929d0e0e47-00f067aa0ba902b7-01",
        ])
    func refusesMalformed(_ value: String) {
        #expect(TraceContext.parse(value) == nil)
    }

    @Test("a later version is read by the version 00 prefix")
    func laterVersion() {
        let parsed = TraceContext.parse("01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-more")
        #expect(parsed?.traceID == "4bf92f3577b34da6a3ce929d0e0e4736")
    }

    @Test("without a traceparent a new trace is started: 32 and 16 hex digits, different each time")
    func newTrace() {
        let first = TraceContext.incoming(traceparent: nil)
        let second = TraceContext.incoming(traceparent: nil)
        #expect(first.traceID.count == 32 && first.spanID.count == 16 && first.parentSpanID == nil)
        #expect(first.traceID != second.traceID)
        #expect(first.traceID.allSatisfy { $0.isHexDigit && !$0.isUppercase })
    }
}
