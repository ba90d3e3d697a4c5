import FlowrunFoundation
import NativeAuthEmulator
import NativeAuthWire
import Prometheus

/// The server's Prometheus metrics, served at `/metrics`: requests by route and status, their latency by route,
/// and the answers that failed inside the server (5xx: a store that could not be read or written, an error).
/// Routes are the templates of the access log (`/{tenant}/oauth2/v2.0/token`), never a path as sent, so the
/// number of series stays bounded.
public final class ServerMetrics: Sendable {
    /// The registry the metrics are kept in; another component may add its own.
    public let registry = PrometheusCollectorRegistry()
    /// The latency buckets, in seconds: from a millisecond to ten seconds.
    static let buckets: [Duration] = [
        .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
        .seconds(2.5), .seconds(10),
    ]

    /// A route and status's request counter and the route's latency histogram, found in the registry once.
    private struct RequestSeries: Sendable {
        let requests: Counter
        let duration: DurationHistogram
    }

    private struct RouteStatus: Hashable, Sendable {
        let route: String
        let status: Int
    }

    private let requestSeries = Locked<[RouteStatus: RequestSeries]>([:])

    public init() {}

    /// Counts one answered request.
    func record(route: String, status: Int, elapsed: Duration) {
        let series = requestSeries.withLock { known in
            let key = RouteStatus(route: route, status: status)
            if let series = known[key] { return series }
            let series = RequestSeries(
                requests: registry.makeCounter(
                    descriptor: MetricNameDescriptor(
                        namespace: "flowrun", metricName: "http_requests", unitName: "total",
                        helpText: "Requests answered, by route and status."),
                    labels: [("route", route), ("status", String(status))]),
                duration: registry.makeDurationHistogram(
                    descriptor: MetricNameDescriptor(
                        namespace: "flowrun", metricName: "http_request_duration", unitName: "seconds",
                        helpText: "Time from a request's arrival to its answer, by route."),
                    labels: [("route", route)], buckets: Self.buckets))
            known[key] = series
            return series
        }
        series.requests.increment()
        series.duration.record(elapsed)
        if status >= 500 {
            registry.makeCounter(
                descriptor: MetricNameDescriptor(
                    namespace: "flowrun", metricName: "server_errors", unitName: "total",
                    helpText: "Answers with a 5xx status: the store failed or the server could not answer."),
                labels: [("route", route)]
            ).increment()
        }
    }

    /// Counts a failure of the store: `unavailable` (the database could not be reached) or `failed`.
    public func storeFailed(_ failure: StoreFailure) {
        registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "flowrun", metricName: "store_errors", unitName: "total",
                helpText: "Failures of the store: unavailable (the database could not be reached) or failed."),
            labels: [("kind", failure.rawValue)]
        ).increment()
    }

    /// Counts a flow session started by the flow runner.
    public func flowStarted(_ flow: String) {
        registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "flowrun", metricName: "flows_started", unitName: "total",
                helpText: "Flow runner sessions started, by flow."),
            labels: [("flow", flow)]
        ).increment()
    }

    /// Counts a flow session that is over: `outcome` is the end's kind (`success`, `failure` or a named end),
    /// `cancelled` or `failed`.
    public func flowCompleted(_ flow: String, outcome: String) {
        registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "flowrun", metricName: "flows_completed", unitName: "total",
                helpText: "Flow runner sessions over, by flow and outcome (an end's kind, cancelled or failed)."),
            labels: [("flow", flow), ("outcome", outcome)]
        ).increment()
    }

    /// The exposition text (Prometheus text format 0.0.4).
    func exposition() -> [UInt8] {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }
}
