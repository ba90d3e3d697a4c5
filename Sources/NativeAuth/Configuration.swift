/// How the native-auth client presents itself to the authority: its client id, the challenge types and
/// capabilities it supports, and the scopes every token request asks for.
public struct NativeAuthConfiguration: Sendable, Hashable, Codable {
    /// The challenge types the SDKs send by default: one-time codes, passwords and the browser fallback.
    public static let defaultChallengeTypes = ["oob", "password", "redirect"]
    /// The scopes the SDKs add to every token request.
    public static let defaultScopes = ["openid", "profile", "offline_access"]

    /// The application (client) id, sent as `client_id` on every call.
    public var clientID: String
    /// Sent space-separated as `challenge_type` on every call that takes it. Sent as configured: a list
    /// without `redirect` makes the authority answer `invalid_request` (901007), as it would for an SDK.
    public var challengeTypes: [String]
    /// `mfa_required` and/or `registration_required`, sent space-separated as `capabilities` on
    /// `/signup/v1.0/start`, `/oauth2/v2.0/initiate` and `/resetpassword/v1.0/start`; omitted when empty.
    public var capabilities: [String]
    /// Added to the scopes of every token request.
    public var scopes: [String]

    public init(
        clientID: String, challengeTypes: [String] = NativeAuthConfiguration.defaultChallengeTypes,
        capabilities: [String] = [], scopes: [String] = NativeAuthConfiguration.defaultScopes
    ) {
        self.clientID = clientID
        self.challengeTypes = challengeTypes
        self.capabilities = capabilities
        self.scopes = scopes
    }

    private enum CodingKeys: String, CodingKey {
        case clientID, challengeTypes, capabilities, scopes
    }

    /// Decodes a configuration; every field but `clientID` may be left out and takes its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        clientID = try container.decode(String.self, forKey: .clientID)
        challengeTypes =
            try container.decodeIfPresent([String].self, forKey: .challengeTypes)
            ?? NativeAuthConfiguration.defaultChallengeTypes
        capabilities = try container.decodeIfPresent([String].self, forKey: .capabilities) ?? []
        scopes = try container.decodeIfPresent([String].self, forKey: .scopes) ?? NativeAuthConfiguration.defaultScopes
    }

    /// The `challenge_type` parameter.
    var challengeTypeParameter: String { challengeTypes.joined(separator: " ") }

    /// The `capabilities` parameter, or `nil` when none is configured.
    var capabilitiesParameter: String? { capabilities.isEmpty ? nil : capabilities.joined(separator: " ") }

    /// The `scope` parameter of a token request: the requested scopes, then the configured ones, without
    /// repeats.
    func scopeParameter(adding requested: [String]) -> String {
        var seen = Set<String>()
        var scopes: [String] = []
        for scope in requested + self.scopes where !scope.isEmpty && seen.insert(scope.lowercased()).inserted {
            scopes.append(scope)
        }
        return scopes.joined(separator: " ")
    }
}
