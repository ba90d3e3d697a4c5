import CoreMetrics
import FlowrunFoundation
import NativeAuthEmulator
import NativeAuthWire
import Prometheus

/// The server's metrics, recorded through swift-metrics: requests by route and status, their latency by route,
/// the answers that failed inside the server (5xx), the store's failures, flow sessions started and over, and
/// `flowrun_build_info`. Routes are the templates of the access log (`/{tenant}/oauth2/v2.0/token`), never a path as
/// sent, so the number of series stays bounded. The failure counters exist at zero from the start, so an alert on
/// their rate has a series before the first failure.
///
/// `ServerMetrics()` keeps them in a Prometheus registry of its own, which `/metrics` shows (what `flowrun serve`
/// does); an app that embeds the server passes the `MetricsFactory` of its own backend instead, and `/metrics`
/// then answers 404.
public final class ServerMetrics: Sendable {
    /// The Prometheus registry `/metrics` shows; nil when the metrics go to another backend.
    public let registry: PrometheusCollectorRegistry?
    private let factory: any MetricsFactory
    /// The latency buckets, in seconds: from a millisecond to ten seconds.
    static let buckets: [Duration] = [
        .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
        .seconds(2.5), .seconds(10),
    ]

    /// A route and status's request counter and the route's latency timer, made once.
    private struct RequestSeries: Sendable {
        let requests: CoreMetrics.Counter
        let duration: CoreMetrics.Timer
    }

    private struct RouteStatus: Hashable, Sendable {
        let route: String
        let status: Int
    }

    private let requestSeries = Locked<[RouteStatus: RequestSeries]>([:])

    /// Metrics kept in a Prometheus registry of their own, shown at `/metrics`.
    public convenience init() {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = Self.buckets
        self.init(factory: factory, registry: registry)
    }

    /// Metrics sent to `factory` (e.g. `MetricsSystem.factory` once an app has bootstrapped its backend).
    public convenience init(factory: any MetricsFactory) {
        self.init(factory: factory, registry: nil)
    }

    private init(factory: any MetricsFactory, registry: PrometheusCollectorRegistry?) {
        self.factory = factory
        self.registry = registry
        CoreMetrics.Gauge(
            label: "flowrun_build_info", dimensions: [("version", FlowrunVersion.current)], factory: factory
        ).record(1)
        for kind in ["unavailable", "failed"] {
            _ = CoreMetrics.Counter(label: "flowrun_store_errors_total", dimensions: [("kind", kind)], factory: factory)
        }
        for route in Self.knownRoutes {
            _ = CoreMetrics.Counter(
                label: "flowrun_server_errors_total", dimensions: [("route", route)], factory: factory)
        }
    }

    /// The templates of the server's own routes, whose failure counters start at zero.
    static var knownRoutes: [String] {
        NativeAuthEndpoint.allCases.map { "/{tenant}" + $0.path }
            + [Route.discovery, .keys, .outbox, .health, .ready, .metrics].map(\.template)
    }

    /// Counts one answered request.
    func record(route: String, status: Int, elapsed: Duration) {
        let series = requestSeries.withLock { known in
            let key = RouteStatus(route: route, status: status)
            if let series = known[key] { return series }
            let series = RequestSeries(
                requests: CoreMetrics.Counter(
                    label: "flowrun_http_requests_total", dimensions: [("route", route), ("status", String(status))],
                    factory: factory),
                duration: CoreMetrics.Timer(
                    label: "flowrun_http_request_duration_seconds", dimensions: [("route", route)], factory: factory))
            known[key] = series
            return series
        }
        series.requests.increment()
        let (seconds, attoseconds) = elapsed.components
        series.duration.recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        if status >= 500 {
            CoreMetrics.Counter(label: "flowrun_server_errors_total", dimensions: [("route", route)], factory: factory)
                .increment()
        }
    }

    /// Counts a failure of the store: `unavailable` (the database could not be reached) or `failed`.
    public func storeFailed(_ failure: StoreFailure) {
        CoreMetrics.Counter(
            label: "flowrun_store_errors_total", dimensions: [("kind", failure.rawValue)], factory: factory
        )
        .increment()
    }

    /// Makes the flows' `flowrun_flows_started_total` series, at zero until a session starts.
    public func serving(flows: [String]) {
        for flow in flows {
            _ = CoreMetrics.Counter(
                label: "flowrun_flows_started_total", dimensions: [("flow", flow)], factory: factory)
        }
    }

    /// Counts a flow session started by the flow runner.
    public func flowStarted(_ flow: String) {
        CoreMetrics.Counter(label: "flowrun_flows_started_total", dimensions: [("flow", flow)], factory: factory)
            .increment()
    }

    /// Counts a flow session that is over: `outcome` is the end's kind (`success`, `failure` or a named end),
    /// `cancelled` or `failed`.
    public func flowCompleted(_ flow: String, outcome: String) {
        CoreMetrics.Counter(
            label: "flowrun_flows_completed_total", dimensions: [("flow", flow), ("outcome", outcome)],
            factory: factory
        ).increment()
    }

    /// The exposition text (Prometheus text format 0.0.4), or nil when the metrics go to another backend.
    func exposition() -> [UInt8]? {
        guard let registry else { return nil }
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }
}
