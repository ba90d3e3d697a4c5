#if Running
    import ArgumentParser
    import FlowServer
    import FlowrunFoundation
    import Foundation
    import Logging
    import NativeAuthEmulator
    import NativeAuthTenant
    import NativeAuthServer

    /// `flowrun serve`: the embedded authority over HTTP, for any HTTP client (an app in a simulator, other tests).
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve the embedded authority over HTTP, as the Entra External ID native-auth API.",
            discussion: """
                The endpoints are under http://HOST:PORT/TENANT (https with --tls-cert and --tls-key) (TENANT: the \
                subdomain, SUBDOMAIN.onmicrosoft.com or the tenant id), with OpenID discovery at \
                /TENANT/v2.0/.well-known/openid-configuration; see schemas/native-auth.openapi.yaml. On start, one \
                line goes to standard output: `flowrun serve: listening on http://HOST:PORT/TENANT`; what a client \
                must be configured with (authority, tenant, client ids, challenge types) goes to standard error, \
                followed by the access logs. SIGINT or SIGTERM stops the server gracefully.

                With --database postgres://…, several servers share one state: run as many as you like behind a load \
                balancer; each applies the schema migrations it needs at start.

                --otlp-endpoint URL exports the spans over OTLP/HTTP; it is only in a flowrun built with the OTLP \
                trait (swift build --traits OTLP).

                Exit codes: 0 stopped by SIGINT or SIGTERM, 1 the address cannot be bound or the database cannot be \
                reached at start, 2 a bad option or configuration.
                """)

        @Option(help: "The address to listen on.")
        var host = "127.0.0.1"

        @Option(help: "The port to listen on; 0 picks a free one (printed on start).")
        var port = 0

        @OptionGroup var stateOption: StateOption

        @OptionGroup var databaseOption: DatabaseOption

        @Option(
            help: ArgumentHelp(
                "The embedded authority's tenant configuration (default: ./authority.yaml when present).",
                valueName: "file"
            ))
        var config: String?

        @Flag(
            help:
                ArgumentHelp(
                    "Serve GET /outbox, which exposes every code the authority sends. For development only; refused "
                        + "on an address other than loopback."))
        var devOutbox = false

        @Flag(
            name: .customLong("unsafe-dev-outbox-on-network"),
            help: "Allow --dev-outbox on a non-loopback --host: anyone who reaches the port can read every code.")
        var unsafeDevOutboxOnNetwork = false

        @Flag(
            help: ArgumentHelp(
                "Before serving, make a new token signing key; the old key stays in the JWKS until the tokens it "
                    + "signed have expired (the longer of tokens.accessTokenLifetime and idTokenLifetime). Servers "
                    + "sharing the database pick the new key up within a minute: pass it to one of them only."))
        var rotateSigningKey = false

        @Option(
            help: "Seconds a connection may stay silent before it is closed (also bounds a request head's arrival).")
        var idleTimeout = 15

        @Option(help: "The most connections served at once.")
        var maxConnections = NativeAuthHTTPServer.defaultMaxConnections

        @Option(
            help:
                ArgumentHelp(
                    "Requests per second per client address (bursts of twice as many), loopback included; answered "
                        + "429 with Retry-After. Default: 50 per second for addresses other than loopback."))
        var rateLimit: Double?

        @Flag(
            help: """
                Refuse a parameter the endpoint does not read (400 invalid_request naming it) instead of ignoring it; \
                the SDKs' library and telemetry fields are still accepted.
                """)
        var strictParameters = false

        @Option(
            help: ArgumentHelp(
                "Answer CORS preflights from this origin (e.g. http://localhost:3000; * for any), so a browser page "
                    + "(MSAL.js) can call the server directly. Repeatable.", valueName: "origin"))
        var cors: [String] = []

        @Option(help: "The log format on standard error: text lines, or one JSON object per entry for a log collector.")
        var logFormat: LogFormat = .text

        @OptionGroup var servedFlows: ServedFlowOptions

        @Option(
            help: ArgumentHelp(
                "Serve HTTPS with this PEM certificate chain (the server's certificate first); needs --tls-key.",
                valueName: "file"))
        var tlsCert: String?

        @Option(help: ArgumentHelp("The PEM private key of --tls-cert.", valueName: "file"))
        var tlsKey: String?

        @Option(
            help: ArgumentHelp(
                "With --tls-cert: how long browsers keep to HTTPS for this host after an answer "
                    + "(Strict-Transport-Security max-age; 0 makes them forget it).", valueName: "seconds"))
        var hstsMaxAge = ServerTLS.defaultStrictTransportSecurityMaxAge

        #if OTLP
            @Option(
                help: ArgumentHelp(
                    "Export the spans over OTLP/HTTP (protobuf) to this traces URL of a collector, used as it is "
                        + "(e.g. http://localhost:4318/v1/traces).", valueName: "url"))
            var otlpEndpoint: String?
        #endif

        func validate() throws {
            for origin in cors where origin != "*" {
                guard let url = URL(string: origin), let scheme = url.scheme, ["http", "https"].contains(scheme),
                    url.host != nil, url.path.isEmpty || url.path == "/", url.query == nil
                else {
                    throw ValidationError("--cors takes an origin such as http://localhost:3000, or *; got \(origin)")
                }
            }
            guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
            guard (tlsCert == nil) == (tlsKey == nil) else {
                throw ValidationError("--tls-cert and --tls-key go together: give both, or neither.")
            }
            guard (0...63_072_000).contains(hstsMaxAge) else {
                throw ValidationError("--hsts-max-age must be 0 to 63072000 (two years).")
            }
            guard !host.isEmpty else { throw ValidationError("--host must not be empty.") }
            #if OTLP
                if let otlpEndpoint {
                    guard let url = URL(string: otlpEndpoint), let scheme = url.scheme,
                        ["http", "https"].contains(scheme), url.host?.isEmpty == false
                    else {
                        throw ValidationError(
                            "--otlp-endpoint takes an http or https URL such as http://localhost:4318/v1/traces.")
                    }
                }
            #endif
            guard (1...3600).contains(idleTimeout) else { throw ValidationError("--idle-timeout must be 1 to 3600.") }
            guard (1...100_000).contains(maxConnections) else {
                throw ValidationError("--max-connections must be 1 to 100000.")
            }
            if let rateLimit, !(rateLimit > 0 && rateLimit <= 1_000_000) {
                throw ValidationError("--rate-limit must be above 0 and at most 1000000.")
            }
            if devOutbox && !LoopbackAddress.contains(host) && !unsafeDevOutboxOnNetwork {
                throw ValidationError(
                    "--dev-outbox exposes every one-time code to anyone who reaches the port, so it is refused on "
                        + "'\(host)', which is not a loopback address. Use --host 127.0.0.1, or add "
                        + "--unsafe-dev-outbox-on-network if you really mean it.")
            }
        }

        func run() async throws {
            #if OTLP
                if let otlpEndpoint {
                    let logger = NativeAuthHTTPServer.standardErrorLogger(
                        label: "flowrun.otlp", level: Self.logLevel(), json: logFormat == .json)
                    let export: OTLPExport
                    do {
                        export = try OTLPExport.bootstrap(endpoint: otlpEndpoint, logger: logger)
                    } catch {
                        Terminal.error("cannot export spans: \(error)")
                        throw ExitCode.usage
                    }
                    try await export.exporting { try await serve() }
                    return
                }
            #endif
            try await serve()
        }

        /// Opens the stores and serves until SIGINT or SIGTERM.
        private func serve() async throws {
            let emulator: NativeAuthEmulator
            let metrics = ServerMetrics()
            let flowRunner: (FlowAPI, FlowPages)?
            // The origin the server listens on, once it does: the issuer of the tokens flow API clients get.
            let servedOrigin = Locked<String?>(nil)
            let tls: ServerTLS?
            let stores: ServeStores
            let logger = NativeAuthHTTPServer.standardErrorLogger(level: Self.logLevel(), json: logFormat == .json)
            let notices = ServeNotices(logger: logger, json: logFormat == .json)
            do {
                tls = try tlsCert.map {
                    try ServerTLS.load(certificate: $0, key: tlsKey ?? "", strictTransportSecurityMaxAge: hstsMaxAge)
                }
                let configuration = try TenantConfiguration.embedded(option: config)
                let project = try Project.load()
                stores = try await ServeStores.open(
                    option: databaseOption.database, stateOption: stateOption.stateDir, project: project,
                    logger: logger)
                try await stores.emulator.bind(toTenant: configuration.tenantID)
                // Without the outbox nobody reads the codes, so only a keyed digest of each is stored.
                emulator = NativeAuthEmulator(
                    configuration: configuration, store: stores.emulator, codesReadable: devOutbox)
                if rotateSigningKey {
                    let kid = try await emulator.rotateSigningKey()
                    Terminal.writeError("flowrun serve: rotated the token signing key; new tokens carry kid \(kid)")
                }
                flowRunner = try servedFlows.runner(
                    emulator: emulator, project: project, sessionStore: stores.flowSessions,
                    sessionKey: stores.state.file("session.key"), devOutbox: devOutbox, secureCookies: tls != nil,
                    limitsLoopback: rateLimit != nil, metrics: metrics, notices: notices, origin: servedOrigin)
            } catch let error as StoreUnavailable {
                notices.error("cannot use the database: \(error)")
                throw ExitCode(1)
            } catch {
                notices.error("\(error)")
                throw ExitCode.usage
            }
            if devOutbox {
                notices.warning(
                    "flowrun serve: WARNING: --dev-outbox is on: GET /outbox shows every one-time code the authority "
                        + "sends to anyone who can reach this port. Never use it outside development.")
            }
            let server = NativeAuthHTTPServer(
                emulator: emulator, host: host, port: port, devOutbox: devOutbox, strictParameters: strictParameters,
                corsOrigins: cors,
                logger: logger,
                idleTimeout: .seconds(idleTimeout), maxConnections: maxConnections,
                rateLimit: rateLimit.map { AddressRateLimit(requestsPerSecond: $0, includesLoopback: true) }
                    ?? .standard, metrics: metrics,
                mounted: flowRunner.map {
                    [$0.0, $0.1] + ($0.1.signInRoutes.map { [$0] } ?? [])
                        + ($0.1.endSessionRoutes.map { [$0] } ?? [])
                } ?? [], tls: tls)
            let host = host.contains(":") ? "[\(host)]" : host
            let tenant = emulator.configuration.tenant
            let configuration = emulator.configuration
            let cors = cors
            do {
                try await server.run { port in
                    Terminal.write("flowrun serve: listening on \(server.scheme)://\(host):\(port)/\(tenant)\n")
                    let origin = NativeAuthHTTPServer.origin(host: server.host, port: port, scheme: server.scheme)
                    servedOrigin.withLock { $0 = origin }
                    notices.banner(ServeBanner.lines(origin: origin, configuration: configuration, cors: cors))
                    if let (api, _) = flowRunner {
                        notices.info(
                            "flowrun serve: the flow runner serves \(api.sessions.flows.flows.count) flow(s) at "
                                + "\(origin)/api/v1/flows, and in a browser at \(origin)/")
                    }
                    fflush(nil)
                }
            } catch {
                await stores.shared?.close()
                notices.error("cannot serve on \(host):\(port): \(Self.reason(error))")
                throw ExitCode(1)
            }
            await stores.shared?.close()
        }

        /// Why the server could not start, in words: SwiftNIO's socket errors read
        /// `bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)`; the reason is the text between the
        /// call and the error number.
        static func reason(_ error: any Error) -> String {
            let text = "\(error)"
            guard let call = text.range(of: "): "), let number = text.range(of: " (errno: ", options: .backwards),
                call.upperBound <= number.lowerBound
            else { return text }
            var reason = String(text[call.upperBound..<number.lowerBound])
            if reason.hasSuffix(")") { reason.removeLast() }
            return reason.prefix(1).lowercased() + reason.dropFirst()
        }

        /// `FLOWRUN_LOG_LEVEL` (`debug` shows the parameters each request had ignored), else `info`.
        static func logLevel() -> Logger.Level {
            ProcessInfo.processInfo.environment["FLOWRUN_LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0.lowercased()) }
                ?? .info
        }
    }

    /// The values of `serve --log-format`.
    enum LogFormat: String, CaseIterable, ExpressibleByArgument {
        case text
        case json
    }
#endif
