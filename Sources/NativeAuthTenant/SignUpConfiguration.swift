import NativeAuthWire

/// How the tenant's user flow signs users up.
public enum SignUpMethod: String, Sendable, Codable, Hashable, CaseIterable {
    /// Email one-time passcode; a password sent on `start` is accepted and stored but not required.
    case emailOTP
    /// Email with password: after the email is verified a missing password gives `credential_required`.
    case emailPassword

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let method = SignUpMethod(rawValue: text) else {
            let expected = SignUpMethod.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not a sign-up method (expected one of: \(expected))")
        }
        self = method
    }
}

/// Sign-up settings: the method and the attributes collected.
public struct SignUpConfiguration: Sendable, Codable, Hashable {
    public var method: SignUpMethod
    /// For `emailOTP`: whether a password sent on `start` is accepted (when false: `unsupported_auth_method`).
    public var passwordAllowed: Bool
    /// Attributes collected during sign-up, one `attributes_required` round per `page` (lowest first). A round
    /// is asked while an attribute with `required: true` is missing; it lists every missing attribute of its page.
    public var requiredAttributes: [AttributeRequirement]
    /// Attributes accepted (and validated) on `start` only; never asked for. Other attributes are ignored.
    public var optionalAttributes: [AttributeRequirement]

    public init(
        method: SignUpMethod = .emailOTP, passwordAllowed: Bool = true,
        requiredAttributes: [AttributeRequirement] = [], optionalAttributes: [AttributeRequirement] = []
    ) {
        self.method = method
        self.passwordAllowed = passwordAllowed
        self.requiredAttributes = requiredAttributes
        self.optionalAttributes = optionalAttributes
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.configurationContainer(known: [
            "method", "passwordAllowed", "requiredAttributes", "optionalAttributes",
        ])
        self.init(
            method: try container.value("method", or: .emailOTP),
            passwordAllowed: try container.value("passwordAllowed", or: true),
            requiredAttributes: try container.value("requiredAttributes", or: []),
            optionalAttributes: try container.value("optionalAttributes", or: [])
        )
    }
}

/// One user attribute the tenant collects (`displayName`, `city`, `extension_<appId>_<name>`, …).
public struct AttributeRequirement: Sendable, Codable, Hashable {
    public var name: String
    /// Only `string` is documented.
    public var type: String
    /// A regular expression the whole value must match.
    public var regex: String?
    /// The `attributes_required` round (screen) this attribute is asked in.
    public var page: Int
    public var required: Bool

    public init(name: String, type: String = "string", regex: String? = nil, page: Int = 1, required: Bool = true) {
        self.name = name
        self.type = type
        self.regex = regex
        self.page = page
        self.required = required
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.configurationContainer(known: ["name", "type", "regex", "page", "required"])
        self.init(
            name: try container.decode(String.self, forKey: ConfigurationKey("name")),
            type: try container.value("type", or: "string"),
            regex: try container.optional("regex"),
            page: try container.value("page", or: 1),
            required: try container.value("required", or: true)
        )
    }

    /// The wire descriptor (`required_attributes` item).
    package var descriptor: RequiredAttribute {
        RequiredAttribute(name: name, type: type, required: required, regex: regex)
    }
}

/// Sign-in settings.
public struct SignInConfiguration: Sendable, Codable, Hashable {
    /// Whether users with a password may also sign in with an email one-time passcode (users without a password
    /// always can).
    public var emailOTP: Bool

    public init(emailOTP: Bool = true) {
        self.emailOTP = emailOTP
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.configurationContainer(known: ["emailOTP"])
        self.init(emailOTP: try container.value("emailOTP", or: true))
    }
}
