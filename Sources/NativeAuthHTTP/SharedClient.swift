import AsyncHTTPClient
import NIOCore
import Tracing

extension HTTPTransport {
    /// A process-wide client for the native-auth API, like `HTTPClient.shared` (never shut down) except that
    /// it never follows redirects and connects within 10 s.
    public static let sharedClient = HTTPClient(
        eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: clientConfiguration())

    /// The configuration of a client for ``HTTPTransport``: redirects not followed, the connect timeout given,
    /// no read timeout of its own (the transport's request timeout bounds each exchange), no decompression, and
    /// no retried connection attempts: a refused connection fails the exchange at once instead of after the
    /// connect timeout (the only retry is the client's, after a 5xx answer). Requests are traced only when the
    /// process bootstrapped a tracer: with the no-op one AsyncHTTPClient would still parse every request's URL
    /// for span attributes nobody keeps.
    public static func clientConfiguration(connectTimeout: Duration = .seconds(10)) -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: TimeAmount(connectTimeout))
        configuration.decompression = .disabled
        configuration.connectionPool.retryConnectionEstablishment = false
        if configuration.tracing.tracer is NoOpTracer { configuration.tracing.tracer = nil }
        return configuration
    }
}
