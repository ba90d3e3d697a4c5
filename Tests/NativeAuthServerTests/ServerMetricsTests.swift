import FlowrunFoundation
import MetricsTestKit
import Testing

@testable import NativeAuthServer

/// The server's metrics go through swift-metrics: to an app's own backend, or to the registry `/metrics` shows.
@Suite("server metrics")
struct ServerMetricsTests {
    @Test("an app's metrics backend receives the requests, failures and build info; /metrics has nothing to show")
    func anAppsOwnBackend() throws {
        let backend = TestMetrics()
        let metrics = ServerMetrics(factory: backend)
        metrics.record(route: "/{tenant}/oauth2/v2.0/token", status: 200, elapsed: .milliseconds(3))
        metrics.record(route: "/{tenant}/oauth2/v2.0/token", status: 500, elapsed: .milliseconds(4))
        metrics.storeFailed(.unavailable)
        metrics.flowStarted("sign-in")
        let requests = try backend.expectCounter(
            "flowrun_http_requests_total", [("route", "/{tenant}/oauth2/v2.0/token"), ("status", "200")])
        #expect(requests.totalValue == 1)
        let latency = try backend.expectTimer(
            "flowrun_http_request_duration_seconds", [("route", "/{tenant}/oauth2/v2.0/token")])
        #expect(latency.values == [3_000_000, 4_000_000])
        #expect(
            try backend.expectCounter("flowrun_server_errors_total", [("route", "/{tenant}/oauth2/v2.0/token")])
                .totalValue == 1)
        #expect(try backend.expectCounter("flowrun_store_errors_total", [("kind", "unavailable")]).totalValue == 1)
        #expect(try backend.expectCounter("flowrun_flows_started_total", [("flow", "sign-in")]).totalValue == 1)
        #expect(try backend.expectGauge("flowrun_build_info", [("version", FlowrunVersion.current)]).lastValue == 1)
        #expect(metrics.exposition() == nil)
    }

    @Test("the failure counters and the served flows' start counters exist at zero before anything happens")
    func seriesAtZero() throws {
        let metrics = ServerMetrics()
        metrics.serving(flows: ["sign-in", "sign-up"])
        let text = String(decoding: try #require(metrics.exposition()), as: UTF8.self)
        #expect(text.contains(#"flowrun_store_errors_total{kind="failed"} 0"#), "\(text)")
        #expect(text.contains(#"flowrun_store_errors_total{kind="unavailable"} 0"#), "\(text)")
        #expect(text.contains(#"flowrun_server_errors_total{route="/{tenant}/oauth2/v2.0/token"} 0"#), "\(text)")
        #expect(text.contains(#"flowrun_flows_started_total{flow="sign-up"} 0"#), "\(text)")
        #expect(text.contains(#"flowrun_build_info{version="\#(FlowrunVersion.current)"} 1"#), "\(text)")
    }
}
