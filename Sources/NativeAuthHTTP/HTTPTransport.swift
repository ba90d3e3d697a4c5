import AsyncHTTPClient
import FlowrunFoundation
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NativeAuthWire
import Tracing

/// Carries native-auth requests over HTTP(S) to `flowrun serve` or a real tenant (docs/native-auth.md): each
/// `WireRequest` becomes a `POST` of its form body to the authority URL plus the endpoint path, with the request's
/// headers (the client sends `client-request-id`, `return-client-request-id` and `Accept`; the transport adds any that
/// are missing, and `Content-Type`).
///
/// - Redirects are never followed: a 3xx answer comes back as it is (the client reports a general error).
/// - At most ``maximumBodyBytes`` of a body are read; a longer body is a thrown error.
/// - A body that is a JSON object becomes `WireResponse.body` whatever the status (the client reads the
///   bodies of 200, 400 and 401, and the `error_description` of others); any other body gives `body: nil`.
/// - No retry here: `NativeAuthClient` sends a request again once, 0.5 s after a 5xx answer, as the iOS SDK
///   does, so the two together make exactly one retry.
/// - `send` throws `HTTPTransportError` when no answer arrives (connection refused, connect or request
///   timeout, oversized body), which the client reports as `unexpected` (`transport_error`); cancellation is
///   thrown as `CancellationError`.
/// - On the shared client (or any client on AsyncHTTPClient's default event loops) each exchange runs on the
///   event loop of its connection, not on Swift's cooperative pool: fewer hand-offs between threads. The calling
///   task goes on where it was before.
/// - The task's trace context (the action's span, see `NativeAuthClient.tracer`) goes with each request through
///   ``tracer``'s `inject`: a W3C `traceparent` with a tracer that propagates it. A client that traces its own
///   requests (AsyncHTTPClient's `tracing.tracer`) injects its own span's context instead.
/// - Each exchange is logged at debug level with method, path, status, duration and correlation id; never a
///   body, a parameter value or a token.
public struct HTTPTransport: Transport {
    /// The most body bytes read from an answer: 1 MiB.
    public static let maximumBodyBytes = 1 << 20

    /// The authority, e.g. `http://127.0.0.1:8080/contoso` or
    /// `https://contoso.ciamlogin.com/contoso.onmicrosoft.com`; endpoint paths are appended to its path.
    public let authority: URL
    /// How long one exchange may take, connection included.
    public let requestTimeout: Duration
    let client: HTTPClient
    let logger: Logger
    /// Each endpoint's URL, built once: building one costs more than the rest of a request's preparation.
    private let endpointURLs: [NativeAuthEndpoint: String]
    /// The event loop this transport's exchanges run on, where the client keeps its connection: only for a
    /// client on the process-wide event loops, which never shut down (a job sent to a loop that has shut down
    /// would never run, and its task never end).
    private let executor: EventLoopExecutor?
    /// Whether exchanges run on an event loop of the client (its loops are the process-wide ones).
    var exchangesOnAnEventLoop: Bool { executor != nil }
    /// What injects the task's trace context into each request's headers: the process's bootstrapped tracer by
    /// default. Unused when the client traces its requests itself.
    public var tracer: any Tracer = InstrumentationSystem.tracer

    /// - Parameters:
    ///   - authority: the authority URL (see `NativeAuthAuthority` to build or check one).
    ///   - client: the HTTP client; it must not follow redirects. The default, ``sharedClient``, is a
    ///     process-wide client that never follows redirects and connects within 10 s. For another connect
    ///     timeout, make a client from ``clientConfiguration(connectTimeout:)`` (and shut it down yourself).
    ///   - requestTimeout: how long one exchange may take, connection included (default 30 s).
    ///   - logger: where the debug lines go.
    public init(
        authority: URL, client: HTTPClient = HTTPTransport.sharedClient, requestTimeout: Duration = .seconds(30),
        logger: Logger = Logger(label: "flowrun.native-auth.http")
    ) {
        self.authority = authority
        self.client = client
        self.requestTimeout = requestTimeout
        self.logger = logger
        var endpointURLs: [NativeAuthEndpoint: String] = [:]
        for endpoint in NativeAuthEndpoint.allCases {
            endpointURLs[endpoint] = NativeAuthAuthority.url(authority, appendingPath: endpoint.path).absoluteString
        }
        self.endpointURLs = endpointURLs
        executor =
            client.eventLoopGroup === HTTPClient.defaultEventLoopGroup
            ? EventLoopExecutor(loop: client.eventLoopGroup.next()) : nil
    }

    /// The URL of an endpoint: the authority's path plus the endpoint path, the authority's query kept (e.g.
    /// `?dc=…` test slices).
    public func url(of endpoint: NativeAuthEndpoint) -> URL {
        NativeAuthAuthority.url(authority, appendingPath: endpoint.path)
    }

    /// Posts `request` and returns the answer, whatever its status; throws `HTTPTransportError` when none
    /// arrived, `CancellationError` when the task was cancelled.
    public func send(_ request: WireRequest) async throws -> WireResponse {
        let url = endpointURLs[request.endpoint] ?? url(of: request.endpoint).absoluteString
        var headers = HTTPHeaders()
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            headers.replaceOrAdd(name: name, value: value)
        }
        if !headers.contains(name: "client-request-id") {
            headers.add(name: "client-request-id", value: RandomUUID.lowercased())
        }
        if !headers.contains(name: "return-client-request-id") {
            headers.add(name: "return-client-request-id", value: "true")
        }
        if !headers.contains(name: "Accept") { headers.add(name: "Accept", value: "application/json") }
        headers.replaceOrAdd(name: "Content-Type", value: "application/x-www-form-urlencoded")
        if client.tracer == nil, !(tracer is NoOpTracer), let context = ServiceContext.current {
            tracer.inject(context, into: &headers, using: HeadersInjector())
        }
        var outgoing = HTTPClientRequest(url: url)
        outgoing.method = .POST
        outgoing.headers = headers
        outgoing.body = .bytes(ByteBuffer(string: FormBody.encode(request.parameters)))

        let exchange = Exchange(
            path: request.endpoint.path, requestID: headers.first(name: "client-request-id") ?? "", logger: logger)
        do {
            let (response, bytes) = try await exchangeOnLoop(outgoing)
            let answer = WireResponse(
                status: Int(response.status.code), headers: ResponseReading.headers(response.headers),
                body: ResponseReading.jsonObject(bytes))
            exchange.answered(answer)
            return answer
        } catch {
            let failure = HTTPTransportError(error, request: "POST \(request.endpoint.path)", timeout: requestTimeout)
            exchange.failed(failure)
            if failure == .cancelled || Task.isCancelled { throw CancellationError() }
            throw failure
        }
    }
}

extension HTTPTransport {
    /// Executes `outgoing` and reads its body, on the transport's event loop if it has one and the platform
    /// lets a task prefer an executor (macOS 15, iOS 18; always on Linux).
    fileprivate func exchangeOnLoop(_ outgoing: HTTPClientRequest) async throws -> (HTTPClientResponse, ByteBuffer) {
        if #available(macOS 15.0, iOS 18.0, *), let executor {
            return try await withTaskExecutorPreference(executor) { try await exchange(outgoing) }
        }
        return try await exchange(outgoing)
    }

    private func exchange(_ outgoing: HTTPClientRequest) async throws -> (HTTPClientResponse, ByteBuffer) {
        let response = try await client.execute(outgoing, timeout: TimeAmount(requestTimeout))
        return (response, try await response.body.collect(upTo: Self.maximumBodyBytes))
    }
}

/// Times one exchange and logs it at debug level: method, path, status, duration and correlation id only.
private struct Exchange {
    let path: String
    let requestID: String
    let logger: Logger
    let started = ContinuousClock.now

    var milliseconds: String {
        let elapsed = ContinuousClock.now - started
        let value = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return String(format: "%.1f", value)
    }

    func answered(_ response: WireResponse) {
        let correlationID = response.headers["client-request-id"] ?? requestID
        logger.debug(
            "native-auth exchange",
            metadata: [
                "method": "POST", "path": .string(path), "status": "\(response.status)",
                "durationMs": .string(milliseconds), "correlationId": .string(correlationID),
            ])
    }

    func failed(_ error: HTTPTransportError) {
        logger.debug(
            "native-auth exchange failed",
            metadata: [
                "method": "POST", "path": .string(path), "error": .string(error.kind),
                "durationMs": .string(milliseconds), "correlationId": .string(requestID),
            ])
    }
}

extension TimeAmount {
    /// A NIO time amount from a Swift duration (nanosecond precision).
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        guard seconds < Int64.max / 1_000_000_000 else {
            self = .nanoseconds(Int64.max)
            return
        }
        self = .nanoseconds(max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
    }
}

/// Sets trace-context headers on a request, replacing any of the same name.
private struct HeadersInjector: Injector {
    func inject(_ value: String, forKey name: String, into headers: inout HTTPHeaders) {
        headers.replaceOrAdd(name: name, value: value)
    }
}
