import FlowrunFoundation
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NativeAuthEmulator
import Tracing
import UnixSignals

/// The embedded native-auth emulator over HTTP (`flowrun serve`): any HTTP client can use it exactly like the
/// Microsoft Entra External ID native-authentication API.
///
/// Routes (see `schemas/native-auth.openapi.yaml`):
/// - `POST /{tenant}/<endpoint>` for every `NativeAuth.NativeAuthEndpoint` path, where `{tenant}` is the
///   tenant subdomain, `{subdomain}.onmicrosoft.com` or the tenant id;
/// - `GET /{tenant}/v2.0/.well-known/openid-configuration` and `GET /{tenant}/discovery/v2.0/keys`;
/// - `GET /outbox?to=EMAIL&limit=N`, the codes "sent", only when ``devOutbox`` is on.
/// GET routes also answer HEAD. Another tenant or path is 404, another method 405 (with `Allow`).
///
/// Bad input never yields a 500: a wrong content type, malformed form encoding or a repeated parameter is 400
/// `invalid_request` (AADSTS90100) and a body over ``bodyLimit`` is 413, all before the emulator sees the request. A
/// parameter the endpoint does not read is ignored, as RFC 6749 §3.2 requires and as the service does (logged at debug
/// level by name), or refused with ``strictParameters``. With ``corsOrigins``, browsers on those origins may call every
/// route (CORS preflights are answered). Every request is logged (method, path, status, duration, `client-request-id`),
/// never a body, a parameter value, a query, a code, a password or a token.
public struct NativeAuthHTTPServer: Sendable {
    /// The default largest request body: 64 KiB.
    public static let defaultBodyLimit = 64 * 1024

    /// The authority that answers the native-auth calls.
    public let emulator: NativeAuthEmulator
    /// The address to listen on (default `127.0.0.1`).
    public let host: String
    /// The port to listen on; 0 picks a free one (reported to `onStarted`).
    public let port: Int
    /// The largest request body accepted, in bytes; a larger one is answered 413.
    public let bodyLimit: Int
    /// Whether `GET /outbox` exposes the codes the emulator sent. For development only.
    public let devOutbox: Bool
    /// Whether a parameter the endpoint does not read, and that is no SDK field
    /// (`NativeAuthWire.NativeAuthEndpoint.sdkParameters`), is refused (400 `invalid_request` naming it) instead of
    /// ignored. For client authors who want their typos caught.
    public let strictParameters: Bool
    /// Origins (`scheme://host[:port]`) whose browser pages may call the server: their CORS preflights are
    /// answered and their answers carry `Access-Control-Allow-Origin`. `*` allows any origin.
    public let corsOrigins: [String]
    /// Where access logs go.
    public let logger: Logger
    /// How long a connection may stay silent (no complete request head, no body part, no new request) before it
    /// is closed; this also bounds how long a request head may take to arrive.
    public let idleTimeout: Duration
    /// How long a request body may take to arrive (answered 408).
    public let bodyTimeout: Duration
    /// The most connections served at once; further ones wait in the listen backlog.
    public let maxConnections: Int
    /// Requests per client address, or nil for no limit.
    public let rateLimit: AddressRateLimit?
    /// The metrics `/metrics` serves.
    public let metrics: ServerMetrics
    /// Routes served beside the native-auth API under their own prefixes (the flow runner's `/api/v1`).
    public let mounted: [any MountedRoutes]
    /// The certificate and key to answer HTTPS with; nil serves plain HTTP.
    public let tls: ServerTLS?
    /// Where each request's server span goes, a child of the caller's trace context (see `docs/serving.md`,
    /// Tracing): the process's bootstrapped tracer by default; with the no-op tracer no span is made.
    public var tracer: any Tracer = InstrumentationSystem.tracer
    /// `https` with ``tls``, else `http`.
    public var scheme: String { tls == nil ? "http" : "https" }

    /// The default ``idleTimeout``: 15 seconds.
    public static let defaultIdleTimeout = Duration.seconds(15)
    /// The default ``maxConnections``: 512 (well under the usual limit of 1,024 open files).
    public static let defaultMaxConnections = 512

    /// A server for `emulator`; nothing listens until ``run(handlingSignals:onStarted:)``.
    public init(
        emulator: NativeAuthEmulator, host: String = "127.0.0.1", port: Int = 0,
        bodyLimit: Int = NativeAuthHTTPServer.defaultBodyLimit, devOutbox: Bool = false,
        strictParameters: Bool = false, corsOrigins: [String] = [],
        logger: Logger = NativeAuthHTTPServer.standardErrorLogger(),
        idleTimeout: Duration = NativeAuthHTTPServer.defaultIdleTimeout, bodyTimeout: Duration = .seconds(30),
        maxConnections: Int = NativeAuthHTTPServer.defaultMaxConnections, rateLimit: AddressRateLimit? = nil,
        metrics: ServerMetrics = ServerMetrics(), mounted: [any MountedRoutes] = [], tls: ServerTLS? = nil
    ) {
        self.metrics = metrics
        self.mounted = mounted
        self.tls = tls
        self.emulator = emulator
        self.host = host
        self.port = port
        self.bodyLimit = max(bodyLimit, 0)
        self.devOutbox = devOutbox
        self.strictParameters = strictParameters
        self.corsOrigins = corsOrigins
        self.logger = logger
        self.idleTimeout = idleTimeout
        self.bodyTimeout = bodyTimeout
        self.maxConnections = max(maxConnections, 1)
        self.rateLimit = rateLimit
    }

    /// A logger that writes to standard error (never standard output, which `flowrun serve` keeps for its one
    /// "listening" line): text lines, or with `json` one JSON object per entry.
    public static func standardErrorLogger(
        label: String = "flowrun.serve", level: Logger.Level = .info, json: Bool = false
    ) -> Logger {
        var logger = Logger(label: label) { label -> any LogHandler in
            json ? JSONLogHandler(label: label) : StreamLogHandler.standardError(label: label)
        }
        logger.logLevel = level
        return logger
    }

    /// Listens and serves until SIGINT or SIGTERM (when `handlingSignals`) or until the calling task is
    /// cancelled, then shuts down gracefully (`GracefulService`). `onStarted` receives the port actually bound
    /// once the server accepts connections. Throws when the address cannot be bound.
    ///
    /// Unless the tenant configuration names an `issuerBaseURL`, tokens are issued under the listening address
    /// (`http://HOST:PORT/{tenantID}/v2.0`), the issuer the discovery document gives.
    public func run(handlingSignals: Bool = true, onStarted: @escaping @Sendable (Int) async -> Void) async throws {
        // The store's failures are counted while this server runs (not from its creation, so that a server
        // made but never run does not take over another's counting).
        emulator.store.reportFailures { [metrics] in metrics.storeFailed($0) }
        defer { emulator.store.reportFailures(to: nil) }
        let listener = Listener(emulator: emulator)
        let configuredPort = port
        let host = host
        let scheme = scheme
        let http = HTTPServerBuilder.http1(
            configuration: HTTP1Channel.Configuration(idleTimeout: .nanoseconds(Self.nanoseconds(idleTimeout))))
        let application = Application(
            responder: ServerResponder(
                server: self, listener: listener, limiter: rateLimit.map(AddressRateLimiter.init)),
            server: try tls.map { try .tls(http, tlsConfiguration: $0.configuration) } ?? http,
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: port), serverName: "flowrun",
                availableConnectionsDelegate: MaximumAvailableConnections(maxConnections)),
            onServerRunning: { [emulator] channel in
                let port = channel.localAddress?.port ?? configuredPort
                listener.started(
                    port: port, emulator: emulator.issuing(under: Self.origin(host: host, port: port, scheme: scheme)))
                await onStarted(port)
            },
            logger: logger
        )
        try await GracefulService.run(
            application, signals: handlingSignals ? [.sigterm, .sigint] : [], logger: logger)
    }
}

extension NativeAuthHTTPServer {
    /// `duration` in whole nanoseconds.
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

/// What is known once the server listens: its port and the emulator issuing tokens under its address.
final class Listener: Sendable {
    private struct State: Sendable {
        var port: Int?
        var emulator: NativeAuthEmulator
    }

    private let state: Locked<State>

    init(emulator: NativeAuthEmulator) {
        state = Locked(State(port: nil, emulator: emulator))
    }

    func started(port: Int, emulator: NativeAuthEmulator) {
        state.withLock { $0 = State(port: port, emulator: emulator) }
    }

    /// The port bound; nil before the server runs.
    var port: Int? { state.value.port }

    /// The emulator that answers requests.
    var emulator: NativeAuthEmulator { state.value.emulator }
}

extension NativeAuthHTTPServer {
    /// `http://HOST:PORT` (or `https://` with `scheme`) of a listener; a wildcard host (`0.0.0.0`, `::`) is named
    /// `127.0.0.1`.
    public static func origin(host: String, port: Int, scheme: String = "http") -> String {
        let name = ["0.0.0.0", "::", ""].contains(host) ? "127.0.0.1" : host
        return "\(scheme)://\(name.contains(":") ? "[\(name)]" : name):\(port)"
    }
}
