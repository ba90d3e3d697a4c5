#if Running
    import ArgumentParser
    import FlowCompiler
    import FlowEngine
    import FlowServer
    import FlowSessionSeal
    import FlowrunFoundation
    import Foundation
    import NativeAuth
    import NativeAuthEmbedded
    import NativeAuthEmulator
    import NativeAuthServer
    import NativeAuthTenant

    /// `serve --flows DIR`: the flow runner's options, and the API they make.
    struct ServedFlowOptions: ParsableArguments {
        @Option(
            help: ArgumentHelp(
                "Also run the flows of this folder for any HTTP client: the JSON API under /api/v1 (see "
                    + "schemas/flow-api.openapi.yaml) and, for a browser, pages at /.", valueName: "dir"),
            completion: .directory)
        var flows: String?

        @Option(help: "With --flows: seconds a session may wait for an answer before it expires.")
        var sessionIdle = 900

        @Option(help: "With --flows: the most sessions that may wait for an answer at once.")
        var maxSessions = 10_000

        @Option(help: "With --flows: the most answers one session takes in a minute (429 beyond).")
        var answersPerMinute = 30

        @Option(
            help: ArgumentHelp(
                "With --flows: the most sessions one client address may have waiting for an answer (429 beyond); "
                    + "loopback is exempt unless --rate-limit is given.", valueName: "count"))
        var sessionsPerAddress = AddressSessionLimit.standard.openSessions

        @Option(
            help: ArgumentHelp(
                "With --flows: the most sessions one client address may start in a minute (429 beyond); loopback "
                    + "is exempt unless --rate-limit is given.", valueName: "count"))
        var sessionStartsPerMinute = AddressSessionLimit.standard.startsPerMinute

        @Option(
            help: ArgumentHelp(
                "With --flows: the pages' look, from a folder with style.css, logo.svg or logo.png, theme.yaml "
                    + "and templates/NAME.mustache (see docs/themes.md); read once at start.", valueName: "dir"),
            completion: .directory)
        var uiTheme: String?

        @Flag(
            help: ArgumentHelp(
                "With --flows: /ui/{id} of a flow whose first step is an ask shows that ask's form, not a Start "
                    + "button; posting the first answer starts the session (a GET still starts nothing)."))
        var uiOpenOnFirstAsk = false

        @Option(
            help: ArgumentHelp(
                "With --flows: seconds a browser's account session on the sign-in pages lasts unused.",
                valueName: "seconds"))
        var accountIdle = 1800

        @Option(
            help: ArgumentHelp(
                "With --flows: seconds a browser's account session on the sign-in pages lasts after its sign-in.",
                valueName: "seconds"))
        var accountLifetime = 43_200

        func validate() throws {
            guard uiTheme == nil || flows != nil else { throw ValidationError("--ui-theme goes with --flows.") }
            guard !uiOpenOnFirstAsk || flows != nil else {
                throw ValidationError("--ui-open-on-first-ask goes with --flows.")
            }
            guard (1...86_400 * 7).contains(accountIdle) else {
                throw ValidationError("--account-idle must be 1 to 604800.")
            }
            guard (1...86_400 * 90).contains(accountLifetime) else {
                throw ValidationError("--account-lifetime must be 1 to 7776000.")
            }
            guard (1...86_400 * 7).contains(sessionIdle) else {
                throw ValidationError("--session-idle must be 1 to 604800.")
            }
            guard (1...10_000_000).contains(maxSessions) else {
                throw ValidationError("--max-sessions must be 1 to 10000000.")
            }
            guard (1...100_000).contains(answersPerMinute) else {
                throw ValidationError("--answers-per-minute must be 1 to 100000.")
            }
            guard (1...10_000_000).contains(sessionsPerAddress) else {
                throw ValidationError("--sessions-per-address must be 1 to 10000000.")
            }
            guard (1...100_000).contains(sessionStartsPerMinute) else {
                throw ValidationError("--session-starts-per-minute must be 1 to 100000.")
            }
        }

        /// The flow runner's JSON API and web UI for the flows of `--flows`, run against `emulator` in-process as the
        /// tenant's first client (with every challenge type and capability that client may use); nil without
        /// `--flows`. Flows that do not check are left out, each named in a warning. With `devOutbox`, the web UI
        /// shows the codes sent to a session's addresses. The web UI signs its tokens under a key derived from the
        /// seal of `sessionKey`; `limitsLoopback` (a `--rate-limit` given) limits loopback clients' starts too.
        func runner(
            emulator: NativeAuthEmulator, project: Project, sessionStore: () throws -> FlowSessionStore,
            sessionKey: String, devOutbox: Bool, secureCookies: Bool, limitsLoopback: Bool, metrics: ServerMetrics,
            notices: ServeNotices, origin: Locked<String?>
        ) throws -> (FlowAPI, FlowPages)? {
            guard let flows else { return nil }
            var theme = PageTheme.builtIn
            if let uiTheme {
                do { theme = try PageTheme.load(folder: uiTheme) } catch { throw UsageError(error.description) }
            }
            let found = FlowFiles(paths: [flows])
            if let problem = found.problems.first { throw UsageError(problem) }
            guard !found.files.isEmpty else { throw UsageError("no flow files in '\(flows)'") }
            let served = ServedFlows(
                files: found.files, in: flows,
                compiler: FlowCompiler(
                    catalogs: [NativeAuthClient.defaultCatalog], root: try project.rootFolder()))
            for problem in served.problems { notices.warning("flowrun serve: \(problem)") }
            for withheld in served.withheld { notices.info("flowrun serve: \(withheld)") }
            for flow in served.flows where uiOpenOnFirstAsk && !FlowSessions.opensOnAsk(flow) {
                notices.info(
                    "flowrun serve: \(flow.file): opens on its Start button, as its first step is not an ask "
                        + "(--ui-open-on-first-ask shows a first ask only when no action runs before it)")
            }
            let embedded = EmbeddedAuthority(emulator: emulator)
            let configuration = embedded.firstClientWithEverything
            let store = try sessionStore()
            var sessions = FlowSessions(
                flows: served, store: store,
                authority: { [configuration] in embedded.client(configuration, accounts: MemoryAccountStore()) },
                idleLimit: .seconds(sessionIdle), sessionLimit: maxSessions, answersPerMinute: answersPerMinute,
                addressLimit: AddressSessionLimit(
                    openSessions: sessionsPerAddress, startsPerMinute: sessionStartsPerMinute,
                    includesLoopback: limitsLoopback))
            metrics.serving(flows: served.flows.map(\.id))
            sessions.signedInAccount = { authority in
                guard let client = authority as? NativeAuthClient,
                    let account = try? await client.signedInAccount()
                else { return nil }
                return SignedInAccount(userID: account.accountID, username: account.username)
            }
            // A browser signed in on the pages runs their token and account flows against its account: tokens
            // issued for it now, kept by a fresh client as a sign-in would.
            sessions.signedInAuthority = { [configuration] account in
                let client = embedded.client(configuration, accounts: MemoryAccountStore())
                guard
                    let tokens = try? await emulator.issueTokens(
                        userID: account.userID, username: account.username, clientID: configuration.clientID,
                        scopes: ["openid", "profile", "offline_access"]),
                    (try? await client.adopt(tokens: tokens, username: account.username)) != nil
                else { return nil }
                return client
            }
            sessions.observer = { before, after in
                if before == nil { metrics.flowStarted(after.flow) }
                if let outcome = after.outcome { metrics.flowCompleted(after.flow, outcome: outcome) }
            }
            let pages = try FlowPages(
                sessions: sessions, devCodes: devOutbox ? Self.codes(from: emulator) : nil,
                secureCookies: secureCookies,
                signer: try SessionSeal(keyFile: sessionKey).signer(purpose: "web UI"),
                signIn: Self.signInClients(of: emulator, origin: origin), theme: theme,
                openOnFirstAsk: uiOpenOnFirstAsk,
                accounts: AccountSessions(
                    store: store, idleLimit: .seconds(accountIdle), absoluteLimit: .seconds(accountLifetime)))
            return (FlowAPI(sessions: sessions, signIn: pages.signIn), pages)
        }

        /// The tenant's clients for the sign-in pages, with codes issued by `emulator` and tokens for flow API
        /// clients issued under the server's `origin` (once it is listening), as the token endpoint issues them.
        static func signInClients(of emulator: NativeAuthEmulator, origin: Locked<String?>) -> SignInClients {
            let tenant = emulator.configuration
            return SignInClients(
                tenantNames: [tenant.tenant, tenant.tenant + ".onmicrosoft.com", tenant.tenantID],
                client: { id in
                    tenant.client(id: id).map { client in
                        SignInClients.Client(
                            signInFlow: client.signInFlow, signUpFlow: client.signUpFlow,
                            registers: { client.registers(redirectURI: $0) }, isConsented: client.isConsented(to:),
                            registersPostLogout: { client.registers(postLogoutRedirectURI: $0) })
                    }
                },
                issueCode: { grant in
                    try await emulator.issueAuthorizationCode(
                        AuthorizationCodeRequest(
                            userID: grant.account.userID, username: grant.account.username, clientID: grant.clientID,
                            redirectURI: grant.redirectURI, codeChallenge: grant.codeChallenge, nonce: grant.nonce,
                            scopes: grant.scopes))
                },
                issueTokens: { grant in
                    let issuing = origin.value.map { emulator.issuing(under: $0) } ?? emulator
                    return try await issuing.issueTokens(
                        userID: grant.account.userID, username: grant.account.username, clientID: grant.clientID,
                        scopes: grant.scopes)
                })
        }

        /// The newest codes the emulator sent to each of some addresses, for the web UI's development panel.
        static func codes(from emulator: NativeAuthEmulator) -> @Sendable ([String]) async -> [FlowPages.DevCode] {
            { addresses in
                var codes: [FlowPages.DevCode] = []
                for address in Set(addresses).sorted() {
                    for message in (try? await emulator.outbox(to: address, limit: 3)) ?? [] {
                        codes.append(
                            FlowPages.DevCode(
                                to: message.to, code: message.code, sentAt: message.sentAt.formatted(.iso8601)))
                    }
                }
                return codes
            }
        }
    }
#endif
