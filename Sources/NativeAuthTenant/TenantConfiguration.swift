/// The emulated tenant (`authority.yaml`): its clients, sign-up settings, policies and lifetimes. Every field has
/// a default, so an empty document describes a working tenant with one client.
public struct TenantConfiguration: Sendable, Codable, Hashable {
    /// The tenant ID used when none is configured.
    public static let defaultTenantID = "aaaabbbb-0000-cccc-1111-dddd2222eeee"

    /// The tenant subdomain (`contoso` for `contoso.onmicrosoft.com`).
    public var tenant: String
    /// The tenant's GUID: the `tid` claim and `client_info.utid`.
    public var tenantID: String
    /// The scheme and host tokens are issued under; `nil` means `https://{tenantID}.ciamlogin.com`.
    public var issuerBaseURL: String?
    /// The applications registered in the tenant.
    public var clients: [ClientConfiguration]
    public var signUp: SignUpConfiguration
    public var signIn: SignInConfiguration
    public var passwordPolicy: PasswordPolicy
    public var codes: CodeConfiguration
    /// How long a continuation token stays valid.
    public var continuationLifetimeSeconds: Int
    public var tokens: TokenConfiguration
    public var passwordHash: PasswordHashConfiguration
    public var mfa: MFAConfiguration
    public var registration: RegistrationConfiguration
    public var resetPassword: ResetPasswordConfiguration
    /// Contacts (emails or phone numbers) the authority refuses to send MFA or registration codes to
    /// (`access_denied` + `provider_blocked_by_rep`).
    public var blockedTargets: [String]
    /// Smart lockout of accounts after wrong passwords and codes.
    public var lockout: LockoutConfiguration

    public init(
        tenant: String = "contoso", tenantID: String = TenantConfiguration.defaultTenantID,
        issuerBaseURL: String? = nil, clients: [ClientConfiguration] = [ClientConfiguration()],
        signUp: SignUpConfiguration = SignUpConfiguration(), signIn: SignInConfiguration = SignInConfiguration(),
        passwordPolicy: PasswordPolicy = PasswordPolicy(), codes: CodeConfiguration = CodeConfiguration(),
        continuationLifetimeSeconds: Int = 600, tokens: TokenConfiguration = TokenConfiguration(),
        passwordHash: PasswordHashConfiguration = PasswordHashConfiguration(),
        mfa: MFAConfiguration = MFAConfiguration(),
        registration: RegistrationConfiguration = RegistrationConfiguration(),
        resetPassword: ResetPasswordConfiguration = ResetPasswordConfiguration(), blockedTargets: [String] = [],
        lockout: LockoutConfiguration = LockoutConfiguration()
    ) {
        self.tenant = tenant
        self.tenantID = tenantID
        self.issuerBaseURL = issuerBaseURL
        self.clients = clients
        self.signUp = signUp
        self.signIn = signIn
        self.passwordPolicy = passwordPolicy
        self.codes = codes
        self.continuationLifetimeSeconds = continuationLifetimeSeconds
        self.tokens = tokens
        self.passwordHash = passwordHash
        self.mfa = mfa
        self.registration = registration
        self.resetPassword = resetPassword
        self.blockedTargets = blockedTargets
        self.lockout = lockout
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.configurationContainer(known: [
            "tenant", "tenantID", "issuerBaseURL", "clients", "signUp", "signIn", "passwordPolicy", "codes",
            "continuationLifetimeSeconds", "tokens", "passwordHash", "mfa", "registration", "resetPassword",
            "blockedTargets", "lockout",
        ])
        let defaults = TenantConfiguration()
        self.init(
            tenant: try container.value("tenant", or: defaults.tenant),
            tenantID: try container.value("tenantID", or: defaults.tenantID),
            issuerBaseURL: try container.optional("issuerBaseURL"),
            clients: try container.value("clients", or: defaults.clients),
            signUp: try container.value("signUp", or: defaults.signUp),
            signIn: try container.value("signIn", or: defaults.signIn),
            passwordPolicy: try container.value("passwordPolicy", or: defaults.passwordPolicy),
            codes: try container.value("codes", or: defaults.codes),
            continuationLifetimeSeconds: try container.value(
                "continuationLifetimeSeconds", or: defaults.continuationLifetimeSeconds),
            tokens: try container.value("tokens", or: defaults.tokens),
            passwordHash: try container.value("passwordHash", or: defaults.passwordHash),
            mfa: try container.value("mfa", or: defaults.mfa),
            registration: try container.value("registration", or: defaults.registration),
            resetPassword: try container.value("resetPassword", or: defaults.resetPassword),
            blockedTargets: try container.value("blockedTargets", or: defaults.blockedTargets),
            lockout: try container.value("lockout", or: defaults.lockout)
        )
    }

    /// The `iss` claim: `{issuerBaseURL}/{tenantID}/v2.0`.
    public var issuer: String {
        var base = issuerBaseURL ?? "https://\(tenantID).ciamlogin.com"
        while base.hasSuffix("/") { base.removeLast() }
        return "\(base)/\(tenantID)/v2.0"
    }

    /// The registered client with this id.
    public func client(id: String) -> ClientConfiguration? {
        clients.first { $0.clientID.lowercased() == id.lowercased() }
    }
}
