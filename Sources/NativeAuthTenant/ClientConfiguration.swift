/// An application registered in the emulated tenant.
public struct ClientConfiguration: Sendable, Codable, Hashable {
    /// The client id of the default client.
    public static let defaultClientID = "00000000-0000-0000-0000-00000000c11e"
    /// The challenge types the emulator knows.
    public static let knownChallengeTypes = ["oob", "password", "redirect"]
    /// The capabilities the emulator knows.
    public static let knownCapabilities = ["mfa_required", "registration_required"]

    /// The application (client) id sent as `client_id`.
    public var clientID: String
    /// The challenge types this client may use (`oob`, `password`, `redirect`); `nil` allows any. A request's
    /// `challenge_type` is narrowed to this list.
    public var challengeTypes: [String]?
    /// The capabilities this client may declare (`mfa_required`, `registration_required`); `nil` allows any.
    public var capabilities: [String]?
    /// When false the client is refused with `invalid_client` + `nativeauthapi_disabled`.
    public var nativeAuthEnabled: Bool
    /// The API scopes this application is consented to, besides the OpenID scopes (`openid`, `profile`,
    /// `email`, `offline_access`), which are always allowed; `nil` consents to any. A grant — a sign-in or a
    /// refresh — that asks for a scope outside the list is refused with `invalid_scope`. Within it a refresh may
    /// ask for scopes the first grant did not have, as Entra's refresh tokens serve every consented resource.
    public var scopes: [String]?
    /// The redirect URIs registered for the authorization code flow (`/{tenant}/oauth2/v2.0/authorize` of
    /// `flowrun serve --flows`): a `redirect_uri` must be one of them exactly, except that a loopback one
    /// (`http://127.0.0.1`, `http://[::1]`) matches with any port (RFC 8252 §7.3). Empty: the client cannot use
    /// the sign-in pages.
    public var redirectURIs: [String]
    /// The URIs the sign-in pages' end-session endpoint may send the browser to after signing out
    /// (`post_logout_redirect_uri`), matched as ``redirectURIs`` are. Empty: a signed-out page instead.
    public var postLogoutRedirectURIs: [String]
    /// The flow the sign-in pages run for this client's sign-in (an authorize request).
    public var signInFlow: String
    /// The flow the sign-in pages run for an authorize request with `prompt=create`.
    public var signUpFlow: String

    /// The default ``signInFlow``, from the flow library.
    public static let defaultSignInFlow = "sign-in-password"
    /// The default ``signUpFlow``, from the flow library: it signs the new user in.
    public static let defaultSignUpFlow = "sign-up-and-sign-in"

    /// The scopes every client may be granted.
    public static let openIDScopes: Set<String> = ["openid", "profile", "email", "offline_access"]

    public init(
        clientID: String = ClientConfiguration.defaultClientID, challengeTypes: [String]? = nil,
        capabilities: [String]? = nil, nativeAuthEnabled: Bool = true, scopes: [String]? = nil,
        redirectURIs: [String] = [], signInFlow: String = ClientConfiguration.defaultSignInFlow,
        signUpFlow: String = ClientConfiguration.defaultSignUpFlow, postLogoutRedirectURIs: [String] = []
    ) {
        self.redirectURIs = redirectURIs
        self.postLogoutRedirectURIs = postLogoutRedirectURIs
        self.signInFlow = signInFlow
        self.signUpFlow = signUpFlow
        self.clientID = clientID
        self.challengeTypes = challengeTypes
        self.capabilities = capabilities
        self.nativeAuthEnabled = nativeAuthEnabled
        self.scopes = scopes
    }

    /// Whether this client may be granted `scope`.
    public func isConsented(to scope: String) -> Bool {
        Self.openIDScopes.contains(scope) || scopes.map { $0.contains(scope) } ?? true
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.configurationContainer(known: [
            "clientID", "challengeTypes", "capabilities", "nativeAuthEnabled", "scopes", "redirectURIs", "signInFlow",
            "signUpFlow", "postLogoutRedirectURIs",
        ])
        self.init(
            clientID: try container.value("clientID", or: ClientConfiguration.defaultClientID),
            challengeTypes: try container.optional("challengeTypes"),
            capabilities: try container.optional("capabilities"),
            nativeAuthEnabled: try container.value("nativeAuthEnabled", or: true),
            scopes: try container.optional("scopes"),
            redirectURIs: try container.value("redirectURIs", or: []),
            signInFlow: try container.value("signInFlow", or: ClientConfiguration.defaultSignInFlow),
            signUpFlow: try container.value("signUpFlow", or: ClientConfiguration.defaultSignUpFlow),
            postLogoutRedirectURIs: try container.value("postLogoutRedirectURIs", or: [])
        )
    }
}
