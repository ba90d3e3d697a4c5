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

        public init(
            signInFlow: String, signUpFlow: String, registers: @escaping @Sendable (String) -> Bool,
            isConsented: @escaping @Sendable (String) -> Bool
        ) {
            self.signInFlow = signInFlow
            self.signUpFlow = signUpFlow
            self.registers = registers
            self.isConsented = isConsented
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

    /// The path segments that name the tenant (its subdomain, `{subdomain}.onmicrosoft.com`, its id), lowercased.
    public var tenantNames: Set<String>
    /// The client with this id, if it may use the sign-in pages.
    public var client: @Sendable (_ clientID: String) -> Client?
    /// Issues a single-use authorization code for a grant, redeemed at the token endpoint.
    public var issueCode: @Sendable (_ grant: CodeGrant) async throws -> String

    public init(
        tenantNames: Set<String>, client: @escaping @Sendable (String) -> Client?,
        issueCode: @escaping @Sendable (CodeGrant) async throws -> String
    ) {
        self.tenantNames = Set(tenantNames.map { $0.lowercased() })
        self.client = client
        self.issueCode = issueCode
    }
}
