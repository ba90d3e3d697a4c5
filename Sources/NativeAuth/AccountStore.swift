import FlowEngine
import FlowrunFoundation
import Foundation

/// Where the signed-in account and its tokens are kept between runs. One account at a time, as the
/// native-auth SDKs keep one.
public protocol AccountStore: Sendable {
    /// The signed-in account, or `nil` when none is.
    func load() async throws -> CachedAccount?
    /// Replaces the signed-in account.
    func save(_ account: CachedAccount) async throws
    /// Forgets the signed-in account; does nothing when there is none.
    func remove() async throws
}

/// The signed-in account: who it is (from the ID token, decoded without verification) and its tokens.
/// Its descriptions never show the tokens.
public struct CachedAccount: Sendable, Codable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The username (`preferred_username` of the ID token).
    public var username: String
    /// The account's object id (`oid`, or `client_info.uid`).
    public var accountID: String
    /// The tenant id (`tid`, or `client_info.utid`).
    public var tenantID: String
    /// The ID token's claims, by name.
    public var claims: [String: Value]
    public var idToken: String
    public var accessToken: String
    public var accessTokenExpiresOn: Date
    public var refreshToken: String?
    /// The scopes the access token grants.
    public var scopes: [String]

    public init(
        username: String, accountID: String, tenantID: String, claims: [String: Value], idToken: String,
        accessToken: String, accessTokenExpiresOn: Date, refreshToken: String?, scopes: [String]
    ) {
        self.username = username
        self.accountID = accountID
        self.tenantID = tenantID
        self.claims = claims
        self.idToken = idToken
        self.accessToken = accessToken
        self.accessTokenExpiresOn = accessTokenExpiresOn
        self.refreshToken = refreshToken
        self.scopes = scopes
    }

    public var description: String {
        "CachedAccount(username: \(username), accountID: \(accountID), tenantID: \(tenantID), "
            + "scopes: \(scopes.joined(separator: " ")), tokens: redacted)"
    }

    public var debugDescription: String { description }

    /// The account as the `account` datum of a sign-in outcome: `{username, accountId, tenantId}`.
    var summary: Value {
        .object(["username": .string(username), "accountId": .string(accountID), "tenantId": .string(tenantID)])
    }
}

extension CachedAccount {
    /// The account as the stores keep it: JSON with sorted keys, dates in ISO 8601.
    func storedData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    /// An account read back from what ``storedData()`` wrote.
    init(storedData data: Data) throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        self = try decoder.decode(CachedAccount.self, from: data)
    }
}
