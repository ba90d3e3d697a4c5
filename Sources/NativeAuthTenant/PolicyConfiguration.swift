/// The password rules new passwords (sign-up, reset) must meet.
public struct PasswordPolicy: Sendable, Codable, Hashable {
    /// A few passwords refused by default (compared case-insensitively).
    public static let defaultBanned = [
        "password", "password1", "password123", "p@ssw0rd", "p@ssword1", "passw0rd!", "12345678", "123456789",
        "qwerty123", "qwertyuiop", "welcome1", "welcome123", "letmein1", "iloveyou1", "admin123", "changeme1",
        "contoso1", "abc12345",
    ]

    public var minLength: Int
    public var maxLength: Int
    /// How many of the four classes (lowercase, uppercase, digits, symbols) a password needs.
    public var minCharacterClasses: Int
    public var banned: [String]

    public init(
        minLength: Int = 8, maxLength: Int = 256, minCharacterClasses: Int = 3,
        banned: [String] = PasswordPolicy.defaultBanned
    ) {
        self.minLength = minLength
        self.maxLength = maxLength
        self.minCharacterClasses = minCharacterClasses
        self.banned = banned
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.configurationContainer(known: [
            "minLength", "maxLength", "minCharacterClasses", "banned",
        ])
        self.init(
            minLength: try container.value("minLength", or: 8),
            maxLength: try container.value("maxLength", or: 256),
            minCharacterClasses: try container.value("minCharacterClasses", or: 3),
            banned: try container.value("banned", or: PasswordPolicy.defaultBanned)
        )
    }
}

/// One-time passcodes.
public struct CodeConfiguration: Sendable, Codable, Hashable {
    /// Digits per code (4…12).
    public var length: Int
    public var lifetimeSeconds: Int
    /// Wrong tries of one code before it stops verifying (a new code must be asked for).
    public var maxAttempts: Int
    /// Seconds before another code may be sent to the same recipient (0: no wait); also the `interval` of
    /// challenge answers.
    public var resendInterval: Int
    /// Codes sent to one recipient in any hour, across flows (0: no limit).
    public var maxPerRecipientPerHour: Int

    public init(
        length: Int = 8, lifetimeSeconds: Int = 600, maxAttempts: Int = 5, resendInterval: Int = 0,
        maxPerRecipientPerHour: Int = 30
    ) {
        self.length = length
        self.lifetimeSeconds = lifetimeSeconds
        self.maxAttempts = maxAttempts
        self.resendInterval = resendInterval
        self.maxPerRecipientPerHour = maxPerRecipientPerHour
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.configurationContainer(known: [
            "length", "lifetimeSeconds", "maxAttempts", "resendInterval", "maxPerRecipientPerHour",
        ])
        self.init(
            length: try container.value("length", or: 8),
            lifetimeSeconds: try container.value("lifetimeSeconds", or: 600),
            maxAttempts: try container.value("maxAttempts", or: 5),
            resendInterval: try container.value("resendInterval", or: 0),
            maxPerRecipientPerHour: try container.value("maxPerRecipientPerHour", or: 30)
        )
    }
}

/// Issued tokens.
public struct TokenConfiguration: Sendable, Codable, Hashable {
    public var accessTokenLifetime: Int
    public var idTokenLifetime: Int
    public var refreshTokenLifetime: Int
    /// User attributes copied into the ID and access tokens as claims of the same name.
    public var attributeClaims: [String]
    /// How ID and access tokens are signed: RS256 (as Entra signs them) unless set.
    public var signingAlgorithm: TokenSigningAlgorithm

    public init(
        accessTokenLifetime: Int = 3600, idTokenLifetime: Int = 3600, refreshTokenLifetime: Int = 86400 * 14,
        attributeClaims: [String] = [], signingAlgorithm: TokenSigningAlgorithm = .rs256
    ) {
        self.accessTokenLifetime = accessTokenLifetime
        self.idTokenLifetime = idTokenLifetime
        self.refreshTokenLifetime = refreshTokenLifetime
        self.attributeClaims = attributeClaims
        self.signingAlgorithm = signingAlgorithm
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.configurationContainer(known: [
            "accessTokenLifetime", "idTokenLifetime", "refreshTokenLifetime", "attributeClaims", "signingAlgorithm",
        ])
        self.init(
            accessTokenLifetime: try container.value("accessTokenLifetime", or: 3600),
            idTokenLifetime: try container.value("idTokenLifetime", or: 3600),
            refreshTokenLifetime: try container.value("refreshTokenLifetime", or: 86400 * 14),
            attributeClaims: try container.value("attributeClaims", or: []),
            signingAlgorithm: try container.value("signingAlgorithm", or: .rs256)
        )
    }

    /// The longest an ID or access token lives, in seconds: how long a retired signing key stays published.
    public var longestSignedLifetime: Int { max(accessTokenLifetime, idTokenLifetime) }
}

/// Password hashing (PBKDF2-SHA256).
public struct PasswordHashConfiguration: Sendable, Codable, Hashable {
    /// 210 000 by default; tests may lower it (e.g. 1 000).
    public var iterations: Int

    public init(iterations: Int = 210_000) {
        self.iterations = iterations
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.configurationContainer(known: ["iterations"])
        self.init(iterations: try container.value("iterations", or: 210_000))
    }
}

/// Multi-factor authentication.
public struct MFAConfiguration: Sendable, Codable, Hashable {
    /// Every user needs a second factor (otherwise only users whose `mfa` flag is set).
    public var required: Bool

    public init(required: Bool = false) {
        self.required = required
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.configurationContainer(known: ["required"])
        self.init(required: try container.value("required", or: false))
    }
}

/// Just-in-time strong-auth registration.
public struct RegistrationConfiguration: Sendable, Codable, Hashable {
    /// Users without a strong-auth method must register one after their first factor.
    public var required: Bool
    /// The channels offered by `/register/v1.0/introspect` (`email`, `sms`).
    public var channels: [String]

    public init(required: Bool = false, channels: [String] = ["email", "sms"]) {
        self.required = required
        self.channels = channels
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.configurationContainer(known: ["required", "channels"])
        self.init(
            required: try container.value("required", or: false),
            channels: try container.value("channels", or: ["email", "sms"])
        )
    }
}

/// Self-service password reset.
public struct ResetPasswordConfiguration: Sendable, Codable, Hashable {
    /// How many polls answer `in_progress` before `succeeded`.
    public var pollsInProgress: Int
    /// The `poll_interval` answered by `submit`, in seconds.
    public var pollInterval: Int

    public init(pollsInProgress: Int = 0, pollInterval: Int = 1) {
        self.pollsInProgress = pollsInProgress
        self.pollInterval = pollInterval
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.configurationContainer(known: ["pollsInProgress", "pollInterval"])
        self.init(
            pollsInProgress: try container.value("pollsInProgress", or: 0),
            pollInterval: try container.value("pollInterval", or: 1)
        )
    }
}
