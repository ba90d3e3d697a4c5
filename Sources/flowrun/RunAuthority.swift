#if Running
    import FlowEngine
    import FlowLoader
    import FlowModel
    import FlowrunFoundation
    import Foundation
    import Logging
    import NativeAuth
    import NativeAuthEmulator
    import NativeAuthHTTP
    import NativeAuthURLSession
    import NativeAuthWire
    import Synchronization

    /// The authority a run talks to, as chosen by `--authority`, `--tenant` and `flowrun.yaml`: the native-auth
    /// client over the in-process transport to the embedded emulator, or over HTTP to `flowrun serve` or a real
    /// tenant. Either way the account cache is `account.json` in the state folder.
    struct RunAuthority {
        /// The native-auth client the flow's actions go to.
        let client: NativeAuthClient
        /// The authority a terminal run uses: for the embedded emulator, the client wrapped so that the codes it
        /// sends are shown on standard error.
        let interactive: any Authority
        /// What `@outbox` stands for.
        let outbox: OutboxSource

        /// Chooses and builds the authority. `config` is the `--config` option: the embedded authority's tenant
        /// configuration; with an `http://` authority it only supplies the default client id (the one `flowrun
        /// serve` started from the same configuration knows).
        static func choose(options: ClientOptions, stateDir: String?, config: String?) async throws -> RunAuthority {
            let project = try ProjectFile.load()
            let choice = try AuthorityChoice(options: options, file: project)
            let state = StateDirectory(option: stateDir, project: project)
            switch choice.target {
            case .embedded:
                let embedded = try await EmbeddedAuthority(
                    state: state, configuration: try EmbeddedAuthority.configuration(option: config), client: choice)
                let emulator = embedded.emulator
                return RunAuthority(
                    client: embedded.client, interactive: OutboxAnnouncer(base: embedded.client, emulator: emulator),
                    outbox: .embedded(emulator))
            case .http(let url, let realTenant):
                if realTenant, config != nil {
                    throw CommandFailure(
                        "--config describes the embedded authority's tenant; it has no use with --tenant")
                }
                let defaultClientID =
                    realTenant ? "" : try EmbeddedAuthority.configuration(option: config).clients.first?.clientID ?? ""
                try state.prepare()
                let client = NativeAuthClient(
                    configuration: choice.configuration(defaultClientID: defaultClientID),
                    transport: Self.transport(options.httpClient, authority: url),
                    accounts: FileAccountStore(path: state.file("account.json")))
                return RunAuthority(
                    client: client, interactive: client,
                    outbox: realTenant ? .none(url) : .dev(DevOutbox(authority: url)))
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

    /// Where the code `@outbox` stands for comes from: the newest code sent to the run's own user (its username, or
    /// a second-factor or registration code of its flow), never another user's.
    struct OutboxSource: Sendable {
        /// The newest code for `username` (any recipient when nil); `nil` when none was sent.
        let latestCode: @Sendable (_ username: String?) async throws -> String?
        /// Why there is no code, for the error line.
        let noCode: String
        /// The run's username, as the authority's continuation names it.
        let user = RunUser()

        /// Whether a code sent to `recipient` for `purpose` is the run's own: sent to its username, or a
        /// second-factor or registration code (those go to the user's other contacts).
        static func isFor(_ username: String?, recipient: String, purpose: String) -> Bool {
            guard let username else { return true }
            if ["mfa", "registration"].contains(purpose) { return true }
            return fold(recipient) == fold(username)
        }

        private static func fold(_ text: String) -> String {
            text.precomposedStringWithCanonicalMapping.lowercased()
        }

        /// The embedded emulator's outbox.
        static func embedded(_ emulator: NativeAuthEmulator) -> OutboxSource {
            OutboxSource(
                latestCode: { username in
                    try await emulator.outbox(to: nil, limit: 50).first {
                        isFor(username, recipient: $0.to, purpose: $0.purpose.rawValue)
                    }?.code
                },
                noCode: "the embedded authority has sent no code to this run's user")
        }

        /// The dev outbox of `flowrun serve --dev-outbox`.
        static func dev(_ outbox: DevOutbox) -> OutboxSource {
            OutboxSource(
                latestCode: { username in
                    try await outbox.messages(limit: 50).first {
                        isFor(username, recipient: $0.to, purpose: $0.purpose)
                    }?
                    .code
                },
                noCode: "the authority's dev outbox (\(outbox.url.absoluteString)) holds no code for this run's user")
        }

        /// A real tenant: codes go by email, and there is no outbox to read.
        static func none(_ authority: URL) -> OutboxSource {
            OutboxSource(
                latestCode: { _ in
                    throw CommandFailure(
                        "a real tenant (\(authority.absoluteString)) sends codes by email and has no outbox to read; "
                            + "give the code itself")
                }, noCode: "")
        }

        /// The code for `@outbox`, or an error line.
        func code() async throws -> String {
            let code: String?
            do {
                code = try await latestCode(user.username)
            } catch let error as CancellationError {
                throw error
            } catch {
                throw CommandFailure("`@outbox`: \(error)")
            }
            guard let code else { throw CommandFailure("`@outbox`: \(noCode)") }
            return code
        }
    }

    /// The username of a run, as its last action's continuation names it (for `@outbox`).
    final class RunUser: Sendable {
        private let value = Mutex<String?>(nil)

        var username: String? { value.withLock { $0 } }

        func update(_ username: String?) {
            guard let username, !username.isEmpty else { return }
            value.withLock { $0 = username }
        }
    }

    /// Passes actions to `base` and notes the run's username for `@outbox`.
    struct UserTrackingAuthority: Authority {
        let base: any Authority
        let user: RunUser

        var catalog: ActionCatalog { base.catalog }

        func perform(_ action: String, arguments: [String: Value], continuation: AuthorityContinuation?) async throws
            -> ActionResult
        {
            user.update(arguments["username"]?.stringValue ?? continuation?["username"])
            let result = try await base.perform(action, arguments: arguments, continuation: continuation)
            user.update(result.continuation?["username"])
            return result
        }
    }
#endif
