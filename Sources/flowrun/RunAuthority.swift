#if Running
    import Foundation
    import Logging
    import NativeAuth
    import NativeAuthEmbedded
    import NativeAuthHTTP
    import NativeAuthTenant
    import NativeAuthURLSession
    import NativeAuthWire

    /// The authority a run talks to, as chosen by `--authority`, `--tenant` and `flowrun.yaml`: the native-auth
    /// client over the in-process transport to the embedded authority, or over HTTP to `flowrun serve` or a real
    /// tenant. Either way the account cache is `account.json` in the state folder.
    struct RunAuthority {
        /// The native-auth client the flow's actions go to.
        let client: NativeAuthClient
        /// What `@outbox` stands for.
        let outbox: OutboxSource
        /// What the client tells as the run goes: its user and the actions that got no answer.
        let signals: RunSignals

        /// Chooses and builds the authority. `config` is the `--config` option: the embedded authority's tenant
        /// configuration; with an `http://` authority it only supplies the default client id (the one `flowrun
        /// serve` started from the same configuration knows). With `showingCodes`, the codes the embedded
        /// authority sends are shown on standard error as it sends them.
        static func choose(
            options: ClientOptions, project: Project, stateDir: String?, config: String?, showingCodes: Bool
        ) async throws -> RunAuthority {
            let choice = try AuthorityChoice(options: options, file: project)
            let state = StateDirectory(option: stateDir, project: project)
            let signals = RunSignals()
            switch choice.target {
            case .embedded:
                try state.prepare()
                let embedded = try await EmbeddedAuthority.stored(
                    in: state.path, configuration: try TenantConfiguration.embedded(option: config))
                embedded.emulator.store.reportFailures { _ in signals.noteStoreFailure() }
                if showingCodes {
                    embedded.deliverCodes { message in
                        Terminal.writeError("[embedded authority outbox] code for \(message.to): \(message.code)")
                    }
                }
                let client = embedded.client(
                    choice.configuration(defaultClientID: embedded.firstClient.clientID),
                    accounts: FileAccountStore(path: state.file("account.json")), observer: { signals.note($0) })
                return RunAuthority(client: client, outbox: .embedded(embedded.emulator), signals: signals)
            case .http(let url, let realTenant):
                if realTenant, config != nil {
                    throw CommandFailure(
                        "--config describes the embedded authority's tenant; it has no use with --tenant")
                }
                let defaultClientID =
                    realTenant ? "" : try TenantConfiguration.embedded(option: config).clients.first?.clientID ?? ""
                try state.prepare()
                let client = NativeAuthClient(
                    configuration: choice.configuration(defaultClientID: defaultClientID),
                    transport: Self.transport(options.httpClient, authority: url),
                    accounts: FileAccountStore(path: state.file("account.json")), observer: { signals.note($0) })
                return RunAuthority(
                    client: client, outbox: realTenant ? .none(url) : .dev(DevOutbox(authority: url)),
                    signals: signals)
            }
        }

        /// The transport to `authority` over the HTTP client chosen.
        static func transport(_ client: HTTPClientChoice, authority: URL) -> any Transport {
            switch client {
            case .asynchttpclient: return HTTPTransport(authority: authority, logger: logger())
            case .urlsession: return URLSessionTransport(authority: authority)
            }
        }

        /// Debug lines of the HTTP transport on standard error, at the level of `FLOWRUN_LOG_LEVEL` (`debug`,
        /// `info`, …; default `warning`, which shows none).
        static func logger(environment: [String: String] = ProcessInfo.processInfo.environment) -> Logger {
            var logger = Logger(label: "flowrun.http") { StreamLogHandler.standardError(label: $0) }
            logger.logLevel =
                environment["FLOWRUN_LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0.lowercased()) } ?? .warning
            return logger
        }
    }
#endif
