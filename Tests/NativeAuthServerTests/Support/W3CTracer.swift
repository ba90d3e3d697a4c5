import FlowrunFoundation
import InMemoryTracing
import Tracing

/// An in-memory tracer that propagates W3C Trace Context as a production tracer does: trace ids of 32 and span
/// ids of 16 lower-case hex digits, `inject` writes a `traceparent` header and `extract` reads one. Every
/// `traceparent` it read is kept, so a test sees what travelled over HTTP.
struct W3CTracer: Tracer {
    let recorder = InMemoryTracer(
        idGenerator: InMemoryTracer.IDGenerator(nextTraceID: { randomHex(16) }, nextSpanID: { randomHex(8) }))
    private let extracted = Locked<[String]>([])

    /// The spans that ended, in the order they ended.
    var finishedSpans: [FinishedInMemorySpan] { recorder.finishedSpans }
    /// Every `traceparent` value extracted, in order.
    var extractedTraceparents: [String] { extracted.value }

    /// `00-<trace id>-<span id>-01`.
    static func traceparent(traceID: String, spanID: String) -> String { "00-\(traceID)-\(spanID)-01" }

    func startSpan<Instant: TracerInstant>(
        _ operationName: String, context: @autoclosure () -> ServiceContext, ofKind kind: SpanKind,
        at instant: @autoclosure () -> Instant, function: String, file fileID: String, line: UInt
    ) -> InMemorySpan {
        recorder.startSpan(
            operationName, context: context(), ofKind: kind, at: instant(), function: function, file: fileID,
            line: line)
    }

    func forceFlush() {}

    func inject<Carrier, Inject: Injector>(
        _ context: ServiceContext, into carrier: inout Carrier, using injector: Inject
    ) where Inject.Carrier == Carrier {
        guard let span = context.inMemorySpanContext else { return }
        injector.inject(
            Self.traceparent(traceID: span.traceID, spanID: span.spanID), forKey: "traceparent", into: &carrier)
    }

    func extract<Carrier, Extract: Extractor>(
        _ carrier: Carrier, into context: inout ServiceContext, using extractor: Extract
    ) where Extract.Carrier == Carrier {
        guard let value = extractor.extract(key: "traceparent", from: carrier) else { return }
        extracted.withLock { $0.append(value) }
        let parts = value.split(separator: "-")
        guard parts.count == 4 else { return }
        context.inMemorySpanContext = InMemorySpanContext(
            traceID: String(parts[1]), spanID: String(parts[2]), parentSpanID: nil)
    }
}

/// `bytes` random bytes as lower-case hex.
private func randomHex(_ bytes: Int) -> String {
    (0..<bytes).map { _ in
        let byte = UInt8.random(in: 0...255)
        return (byte < 16 ? "0" : "") + String(byte, radix: 16)
    }.joined()
}

extension FinishedInMemorySpan {
    /// The attribute `name`, or nil.
    func attribute(_ name: String) -> SpanAttribute? {
        attributes[name]?.toSpanAttribute()
    }
}
