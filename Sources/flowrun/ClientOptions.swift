#if Running
    import ArgumentParser

    /// Which authority a run talks to, and how the native-auth client presents itself to it. Each option may
    /// also come from `flowrun.yaml` in the working folder (see ``Project``); the command line wins.
    struct ClientOptions: ParsableArguments {
        @Option(
            help: ArgumentHelp(
                "Where flows run: `embedded` (the default: the emulator in-process) or an authority URL, e.g. "
                    + "http://127.0.0.1:8080/contoso (`flowrun serve`) or "
                    + "https://contoso.ciamlogin.com/contoso.onmicrosoft.com.",
                valueName: "embedded|url"))
        var authority: String?

        @Option(
            help: ArgumentHelp(
                "A real tenant's subdomain: runs against "
                    + "https://SUB.ciamlogin.com/SUB.onmicrosoft.com (needs --client-id).",
                valueName: "subdomain"))
        var tenant: String?

        @Option(
            help: ArgumentHelp(
                "The application (client) id; default: the first client of the tenant configuration "
                    + "(--config, else ./authority.yaml, else the emulator's default client).")
        )
        var clientID: String?

        @Option(
            help: ArgumentHelp(
                "The challenge types the client supports, space-separated (default: \"oob password redirect\").",
                valueName: "types"))
        var challengeTypes: String?

        @Option(
            help: ArgumentHelp(
                "The capabilities the client declares, space-separated: mfa_required registration_required.",
                valueName: "capabilities"))
        var capabilities: String?

        @Option(
            help: ArgumentHelp(
                "With an authority URL: the HTTP client, `asynchttpclient` (the default, SwiftNIO) or "
                    + "`urlsession` (Foundation's URLSession, as apps use; the system's proxies and trust).",
                valueName: "client"))
        var httpClient: HTTPClientChoice = .asynchttpclient
    }

    /// The HTTP clients a run can send native-auth requests with.
    enum HTTPClientChoice: String, CaseIterable, ExpressibleByArgument {
        case asynchttpclient
        case urlsession
    }
#endif
