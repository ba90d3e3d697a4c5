/// The actions an authority offers, as data: parameters, outcomes, which outcomes are errors, and the data
/// each outcome carries. Decoded from `schemas/catalogs/*.json`.
public struct ActionCatalog: Sendable, Hashable, Codable {
    /// Catalog format version (1).
    public var catalog: Int {
        didSet { digest = CatalogDigest.of(self) }
    }
    /// The name flows use in `authority:`.
    public var authority: String {
        didSet { digest = CatalogDigest.of(self) }
    }
    public var title: String?
    public var description: String?
    public var actions: [String: CatalogAction] {
        didSet { digest = CatalogDigest.of(self) }
    }
    /// A digest of what the checker proves flows against (the authority's name, and every action's parameters
    /// and outcomes with their data), prose left out; kept up to date as the catalog changes, so reading it
    /// costs nothing. A program records the digest of the catalog it was checked against.
    public private(set) var digest: String = ""

    public init(
        catalog: Int = 1, authority: String, title: String? = nil, description: String? = nil,
        actions: [String: CatalogAction]
    ) {
        self.catalog = catalog
        self.authority = authority
        self.title = title
        self.description = description
        self.actions = actions
        self.digest = CatalogDigest.of(self)
    }

    private enum CodingKeys: String, CodingKey {
        case catalog, authority, title, description, actions
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            catalog: try container.decode(Int.self, forKey: .catalog),
            authority: try container.decode(String.self, forKey: .authority),
            title: try container.decodeIfPresent(String.self, forKey: .title),
            description: try container.decodeIfPresent(String.self, forKey: .description),
            actions: try container.decode([String: CatalogAction].self, forKey: .actions))
    }
}

/// One action of a catalog.
public struct CatalogAction: Sendable, Hashable, Codable {
    public var description: String?
    public var parameters: [String: CatalogValue]
    public var outcomes: [String: CatalogOutcome]

    public init(
        description: String? = nil, parameters: [String: CatalogValue] = [:], outcomes: [String: CatalogOutcome]
    ) {
        self.description = description
        self.parameters = parameters
        self.outcomes = outcomes
    }

    private enum CodingKeys: String, CodingKey {
        case description, parameters, outcomes
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        parameters = try container.decodeIfPresent([String: CatalogValue].self, forKey: .parameters) ?? [:]
        outcomes = try container.decode([String: CatalogOutcome].self, forKey: .outcomes)
    }
}

/// One outcome an action can return.
public struct CatalogOutcome: Sendable, Hashable, Codable {
    public var description: String?
    /// Whether the outcome is an error (a failure the flow must handle), not progress.
    public var error: Bool
    /// The variables the outcome sets, by name.
    public var data: [String: CatalogValue]
    /// Documentation: the settings of the authority's tenant that lead to this outcome.
    public var settings: [TenantSetting]

    public init(
        description: String? = nil, error: Bool = false, data: [String: CatalogValue] = [:],
        settings: [TenantSetting] = []
    ) {
        self.description = description
        self.error = error
        self.data = data
        self.settings = settings
    }

    private enum CodingKeys: String, CodingKey {
        case description, error, data, settings
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        error = try container.decodeIfPresent(Bool.self, forKey: .error) ?? false
        data = try container.decodeIfPresent([String: CatalogValue].self, forKey: .data) ?? [:]
        settings = try container.decodeIfPresent([TenantSetting].self, forKey: .settings) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encode(error, forKey: .error)
        try container.encode(data, forKey: .data)
        if !settings.isEmpty { try container.encode(settings, forKey: .settings) }
    }
}

/// A setting of the authority's tenant (for the embedded native-auth authority, a key of `authority.yaml`)
/// that leads to an outcome, and the value or condition under which it does.
public struct TenantSetting: Sendable, Hashable, Codable {
    /// The setting's path, e.g. `mfa.required` or `clients[].challengeTypes`.
    public var key: String
    /// When the setting leads to the outcome, e.g. "true, and the client declares `mfa_required`".
    public var when: String?

    public init(key: String, when: String? = nil) {
        self.key = key
        self.when = when
    }
}

/// A parameter of an action or a datum of an outcome.
public struct CatalogValue: Sendable, Hashable, Codable {
    public var type: ValueType
    public var required: Bool
    public var secret: Bool
    public var description: String?

    public init(type: ValueType, required: Bool = false, secret: Bool = false, description: String? = nil) {
        self.type = type
        self.required = required
        self.secret = secret
        self.description = description
    }

    private enum CodingKeys: String, CodingKey {
        case type, required, secret, description
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(ValueType.self, forKey: .type)
        required = try container.decodeIfPresent(Bool.self, forKey: .required) ?? false
        secret = try container.decodeIfPresent(Bool.self, forKey: .secret) ?? false
        description = try container.decodeIfPresent(String.self, forKey: .description)
    }

    /// Writes `required` and `secret` only when true, as catalog files do (an outcome's data take no `required`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        if required { try container.encode(required, forKey: .required) }
        if secret { try container.encode(secret, forKey: .secret) }
        try container.encodeIfPresent(description, forKey: .description)
    }
}

/// The types of catalog parameters, outcome data and flow variables.
public enum ValueType: String, Sendable, Hashable, Codable, CaseIterable {
    case string
    case email
    case password
    case code
    case integer
    case boolean
    case stringList
    /// A map of attribute name → string value.
    case attributes
    /// A list of `{name, type, required, regex}` descriptors.
    case attributeDescriptors
    /// A list of attribute names.
    case attributeNames
    /// A list of `{id, channel, loginHint}` authentication methods.
    case methods
    case object

    /// Whether a value of this type is written as text (and so can be built by a template).
    public var isText: Bool {
        switch self {
        case .string, .email, .password, .code: return true
        default: return false
        }
    }
}

extension InputType {
    /// The variable type an input or param of this type holds.
    public var valueType: ValueType {
        switch self {
        case .email: return .email
        case .password: return .password
        case .code: return .code
        case .text: return .string
        case .attributes: return .attributes
        case .list: return .stringList
        }
    }
}
