import ArgumentParser

/// How the native-auth client presents itself to the authority.
struct ClientOptions: ParsableArguments {
    @Option(help: "The application (client) id; default: the tenant configuration's first client.")
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
}
