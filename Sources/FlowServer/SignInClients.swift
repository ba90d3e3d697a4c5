import FlowrunFoundation

/// What the sign-in pages (`/{tenant}/oauth2/v2.0/authorize`) know of the tenant: its names, its clients and how
/// an authorization code is issued.
public struct SignInClients: Sendable {
    /// A client that may use the sign-in pages.
    public struct Client: Sendable {
        /// The flow an authorize request runs.
        public var signInFlow: String
        /// The flow an authorize request with `prompt=create` runs.
        public var signUpFlow: String
        /// Whether a `redirect_uri` is one the client registered.
        public var registers: @Sendable (_ redirectURI: String) -> Bool
        /// Whether the client may be granted a scope.
        public var isConsented: @Sendable (_ scope: String) -> Bool
        /// Whether a `post_logout_redirect_uri` is one the client registered.
        public var registersPostLogout: @Sendable (_ uri: String) -> Bool

        public init(
            signInFlow: String, signUpFlow: String, registers: @escaping @Sendable (String) -> Bool,
            isConsented: @escaping @Sendable (String) -> Bool,
            registersPostLogout: @escaping @Sendable (String) -> Bool
        ) {
            self.signInFlow = signInFlow
            self.signUpFlow = signUpFlow
            self.registers = registers
            self.isConsented = isConsented
            self.registersPostLogout = registersPostLogout
        }
    }

    /// What an authorization code is issued for.
    public struct CodeGrant: Sendable, Hashable {
        public var account: SignedInAccount
        public var clientID: String
        public var redirectURI: String
        public var codeChallenge: String
        public var nonce: String?
        public var scopes: [String]
    }

    /// What tokens are issued for, straight to a client of the flow API whose session signed someone in.
    public struct TokenGrant: Sendable, Hashable {
        public var account: SignedInAccount
        public var clientID: String
        public var scopes: [String]
    }

    /// The path segments that name the tenant (its subdomain, `{subdomain}.onmicrosoft.com`, its id), lowercased.
    public var tenantNames: Set<String>
    /// The client with this id, if it may use the sign-in pages.
    public var client: @Sendable (_ clientID: String) -> Client?
    /// Issues a single-use authorization code for a grant, redeemed at the token endpoint.
    public var issueCode: @Sendable (_ grant: CodeGrant) async throws -> String
    /// Issues tokens for a grant: the token endpoint's JSON body (`access_token`, `id_token`, …).
    public var issueTokens: @Sendable (_ grant: TokenGrant) async throws -> [String: Value]

    public init(
        tenantNames: Set<String>, client: @escaping @Sendable (String) -> Client?,
        issueCode: @escaping @Sendable (CodeGrant) async throws -> String,
        issueTokens: @escaping @Sendable (TokenGrant) async throws -> [String: Value]
    ) {
        self.tenantNames = Set(tenantNames.map { $0.lowercased() })
        self.client = client
        self.issueCode = issueCode
        self.issueTokens = issueTokens
    }
}
