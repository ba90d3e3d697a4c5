import Hummingbird
import HummingbirdCore
import Logging
import NativeAuthEmulator
import UnixSignals

/// The embedded native-auth emulator over HTTP (`flowrun serve`): any HTTP client can use it exactly like the
/// Microsoft Entra External ID native-authentication API.
///
/// Routes (see `schemas/native-auth.openapi.yaml`):
/// - `POST /{tenant}/<endpoint>` for every ``NativeAuth/NativeAuthEndpoint`` path, where `{tenant}` is the
///   tenant subdomain, `{subdomain}.onmicrosoft.com` or the tenant id;
/// - `GET /{tenant}/v2.0/.well-known/openid-configuration` and `GET /{tenant}/discovery/v2.0/keys`;
/// - `GET /outbox?to=EMAIL&limit=N`, the codes "sent", only when ``devOutbox`` is on.
/// GET routes also answer HEAD. Another tenant or path is 404, another method 405 (with `Allow`).
///
/// Bad input never yields a 500: a wrong content type, malformed form encoding, a repeated or unknown parameter
/// is 400 `invalid_request` (AADSTS90100) and a body over ``bodyLimit`` is 413, all before the emulator sees
/// the request. Every request is logged (method, path, status, duration, `client-request-id`), never a body, a
/// parameter value, a query, a code, a password or a token.
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

    /// The default ``idleTimeout``: 15 seconds.
    public static let defaultIdleTimeout = Duration.seconds(15)
    /// The default ``maxConnections``: 512 (well under the usual limit of 1,024 open files).
    public static let defaultMaxConnections = 512

    /// A server for `emulator`; nothing listens until ``run(handlingSignals:onStarted:)``.
    public init(
        emulator: NativeAuthEmulator, host: String = "127.0.0.1", port: Int = 0,
        bodyLimit: Int = NativeAuthHTTPServer.defaultBodyLimit, devOutbox: Bool = false,
        logger: Logger = NativeAuthHTTPServer.standardErrorLogger(),
        idleTimeout: Duration = NativeAuthHTTPServer.defaultIdleTimeout, bodyTimeout: Duration = .seconds(30),
        maxConnections: Int = NativeAuthHTTPServer.defaultMaxConnections, rateLimit: AddressRateLimit? = nil
    ) {
        self.emulator = emulator
        self.host = host
        self.port = port
        self.bodyLimit = max(bodyLimit, 0)
        self.devOutbox = devOutbox
        self.logger = logger
        self.idleTimeout = idleTimeout
        self.bodyTimeout = bodyTimeout
        self.maxConnections = max(maxConnections, 1)
        self.rateLimit = rateLimit
    }

    /// A logger that writes to standard error (never standard output, which `flowrun serve` keeps for its one
    /// "listening" line).
    public static func standardErrorLogger(label: String = "flowrun.serve", level: Logger.Level = .info) -> Logger {
        var logger = Logger(label: label) { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = level
        return logger
    }

    /// Listens and serves until SIGINT or SIGTERM (when `handlingSignals`) or until the calling task is
    /// cancelled, then shuts down gracefully (``GracefulService``). `onStarted` receives the port actually bound
    /// once the server accepts connections. Throws when the address cannot be bound.
    public func run(handlingSignals: Bool = true, onStarted: @escaping @Sendable (Int) async -> Void) async throws {
        let boundPort = BoundPort()
        let configuredPort = port
        let application = Application(
            responder: ServerResponder(
                server: self, boundPort: boundPort, limiter: rateLimit.map(AddressRateLimiter.init)),
            server: .http1(
                configuration: HTTP1Channel.Configuration(idleTimeout: .nanoseconds(Self.nanoseconds(idleTimeout)))),
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: port), serverName: "flowrun",
                availableConnectionsDelegate: MaximumAvailableConnections(maxConnections)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuredPort
                await boundPort.set(port)
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

/// The port the server listens on, known once it runs (for absolute URLs when a request has no `Host`).
actor BoundPort {
    private(set) var value: Int?

    func set(_ port: Int) {
        value = port
    }
}
