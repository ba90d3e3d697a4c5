import Foundation
import GRDB

/// A registered strong-auth method (JIT registration): a channel and the contact codes go to.
struct StrongAuthMethod: Codable, Sendable, Hashable {
    var id: String
    /// `email` or `sms`.
    var channel: String
    var target: String
}

/// A row of `users`. Times are seconds since 1970.
struct UserRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "users"

    var id: String
    var username: String
    var passwordHash: String?
    var attributes: [String: String]
    var mfa: Bool
    var methods: [StrongAuthMethod]
    var createdAt: Double
    var updatedAt: Double

    enum CodingKeys: String, CodingKey {
        case id, username, attributes, mfa, methods
        case passwordHash = "password_hash"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// The user named `username` (case-insensitive).
    static func named(_ username: String, in db: Database) throws -> UserRecord? {
        try UserRecord.filter(Column("username") == username).fetchOne(db)
    }
}

/// A row of `codes`: a one-time passcode the emulator "sent" (the outbox).
struct CodeRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "codes"

    var id: String
    /// The flow session the code belongs to (stable across its continuation tokens).
    var sessionID: String
    /// The continuation token id answered with the challenge that sent the code.
    var continuationID: String
    /// The account the code is for.
    var username: String
    /// Where the code went (the username, or a registration / MFA contact).
    var recipient: String
    var purpose: String
    var code: String
    var createdAt: Double
    var expiresAt: Double
    var attempts: Int
    var used: Bool

    enum CodingKeys: String, CodingKey {
        case id, username, recipient, purpose, code, attempts, used
        case sessionID = "session_id"
        case continuationID = "continuation_id"
        case createdAt = "created_at"
        case expiresAt = "expires_at"
    }
}

/// A row of `continuations`: one issued continuation token and the flow state it carries.
struct ContinuationRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "continuations"

    var id: String
    var flow: String
    /// The endpoints (paths) the token may be presented to.
    var steps: [String]
    var username: String
    var clientID: String
    var state: FlowState
    var consumed: Bool
    /// Dead after too many wrong codes.
    var locked: Bool
    var createdAt: Double
    var expiresAt: Double

    enum CodingKeys: String, CodingKey {
        case id, flow, steps, username, state, consumed, locked
        case clientID = "client_id"
        case createdAt = "created_at"
        case expiresAt = "expires_at"
    }
}

/// A row of `refresh_tokens`: the SHA-256 of a refresh token, its family (for reuse detection) and its owner.
struct RefreshTokenRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "refresh_tokens"

    var hash: String
    var userID: String
    var clientID: String
    var family: String
    var scope: String
    var createdAt: Double
    var expiresAt: Double
    var used: Bool

    enum CodingKeys: String, CodingKey {
        case hash, family, scope, used
        case userID = "user_id"
        case clientID = "client_id"
        case createdAt = "created_at"
        case expiresAt = "expires_at"
    }
}

/// A row of `keys`: the continuation-token HMAC secret and the ES256 signing key (PEM).
struct KeyRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "keys"

    var name: String
    var secret: Data?
    var pem: String?
    var createdAt: Double

    enum CodingKeys: String, CodingKey {
        case name, secret, pem
        case createdAt = "created_at"
    }
}
