import AsyncHTTPClient
import NativeAuthHTTP
import Testing

/// How `HTTPTransport.clientConfiguration` sets up AsyncHTTPClient.
@Suite struct ClientConfigurationTests {
    /// No tracer is bootstrapped in the tests: requests are not traced at all (with the no-op tracer
    /// AsyncHTTPClient would still build span attributes for each request).
    @Test func untracedWithoutABootstrappedTracer() {
        let configuration = HTTPTransport.clientConfiguration()
        #expect(configuration.tracing.tracer == nil)
        #expect(HTTPClient.Configuration().tracing.tracer != nil, "AsyncHTTPClient's default is the no-op tracer")
    }
}
