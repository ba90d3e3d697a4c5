import Hummingbird
import Tracing

/// The server span of one request, when the server's tracer is not the no-op one: a child of the caller's
/// context, which the tracer extracts from the request's headers (a W3C `traceparent` with a tracer that reads
/// it), named `METHOD /route/template` once the route is known, with OpenTelemetry's HTTP attributes
/// (`http.request.method`, `http.route`, `http.response.status_code`) and an error status on a 5xx answer. Never a
/// path of a mounted route (it may hold a session id), a query, a body or a header value.
struct RequestSpan {
    let tracer: any Tracer
    let span: any Span

    /// Starts the span of a request with `method` and `headers`; nil for the no-op tracer.
    static func start(method: String, headers: HTTPFields, tracer: any Tracer) -> RequestSpan? {
        if tracer is NoOpTracer { return nil }
        var context = ServiceContext.topLevel
        tracer.extract(headers, into: &context, using: HTTPFieldsExtractor())
        let span = tracer.startSpan(method, context: context, ofKind: .server)
        span.attributes["http.request.method"] = method
        return RequestSpan(tracer: tracer, span: span)
    }

    /// The ids the access log gives for this request: the span's own when the tracer writes them as a W3C
    /// `traceparent`, else `incoming`'s (the header as sent, and an id of the server's own for this request).
    func accessLogTrace(_ incoming: TraceContext) -> TraceContext {
        var carrier: [String: String] = [:]
        tracer.inject(span.context, into: &carrier, using: DictionaryInjector())
        guard let value = carrier["traceparent"], let own = TraceContext.parse(value) else { return incoming }
        let parent = own.traceID == incoming.traceID ? incoming.parentSpanID : nil
        return TraceContext(traceID: own.traceID, spanID: own.spanID, parentSpanID: parent)
    }

    /// Names the span after the route (or the method alone for a path that names none) and records the status.
    func finish(method: String, route: Route?, status: Int) {
        if let route {
            span.operationName = "\(method) \(route.template)"
            span.attributes["http.route"] = route.template
        }
        span.attributes["http.response.status_code"] = status
        if status >= 500 { span.setStatus(SpanStatus(code: .error)) }
    }
}

/// Reads trace-context headers of a request.
struct HTTPFieldsExtractor: Extractor {
    func extract(key: String, from fields: HTTPFields) -> String? {
        HTTPFields.Element.Name(key).flatMap { fields[$0] }
    }
}

/// Writes trace-context headers into a dictionary, to read back the ids a tracer propagates.
private struct DictionaryInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout [String: String]) {
        carrier[key.lowercased()] = value
    }
}
