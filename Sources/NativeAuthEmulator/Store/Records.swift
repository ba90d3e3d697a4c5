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

    /// Written column by column, the JSON columns as GRDB's default writes them (sorted keys).
    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["username"] = username
        container["username_key"] = Contacts.canonical(username)
        container["password_hash"] = passwordHash
        container["attributes"] = try RecordJSON.encode(attributes)
        container["mfa"] = mfa
        container["methods"] = try RecordJSON.encode(methods)
        container["created_at"] = createdAt
        container["updated_at"] = updatedAt
    }

    /// The user named `username`, compared in canonical form (``Contacts/canonical(_:)``: Unicode NFC and case).
    static func named(_ username: String, in db: Database) throws -> UserRecord? {
        try UserRecord.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM users WHERE username_key = ? LIMIT 1"),
            arguments: [Contacts.canonical(username)])
    }

    /// The user with this id.
    static func withID(_ id: String, in db: Database) throws -> UserRecord? {
        try UserRecord.fetchOne(db.cachedStatement(sql: "SELECT * FROM users WHERE id = ?"), arguments: [id])
    }
}

// Declared outside the struct so that the memberwise initializer stays synthesized.
extension UserRecord {
    /// Read column by column (what the `Codable` default does, without its containers); the JSON columns are
    /// decoded as GRDB's default decodes them.
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        username = try row.decode(forColumn: "username")
        passwordHash = try row.decode(forColumn: "password_hash")
        attributes = try RecordJSON.decode([String: String].self, row, "attributes")
        mfa = try row.decode(forColumn: "mfa")
        methods = try RecordJSON.decode([StrongAuthMethod].self, row, "methods")
        createdAt = try row.decode(forColumn: "created_at")
        updatedAt = try row.decode(forColumn: "updated_at")
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

    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["session_id"] = sessionID
        container["continuation_id"] = continuationID
        container["username"] = username
        container["recipient"] = recipient
        container["purpose"] = purpose
        container["code"] = code
        container["created_at"] = createdAt
        container["expires_at"] = expiresAt
        container["attempts"] = attempts
        container["used"] = used
    }

    enum CodingKeys: String, CodingKey {
        case id, username, recipient, purpose, code, attempts, used
        case sessionID = "session_id"
        case continuationID = "continuation_id"
        case createdAt = "created_at"
        case expiresAt = "expires_at"
    }
}

// Declared outside the struct so that the memberwise initializer stays synthesized.
extension CodeRecord {
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        sessionID = try row.decode(forColumn: "session_id")
        continuationID = try row.decode(forColumn: "continuation_id")
        username = try row.decode(forColumn: "username")
        recipient = try row.decode(forColumn: "recipient")
        purpose = try row.decode(forColumn: "purpose")
        code = try row.decode(forColumn: "code")
        createdAt = try row.decode(forColumn: "created_at")
        expiresAt = try row.decode(forColumn: "expires_at")
        attempts = try row.decode(forColumn: "attempts")
        used = try row.decode(forColumn: "used")
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
    var state: FlowProgress
    var consumed: Bool
    /// Dead after too many wrong codes.
    var locked: Bool
    var createdAt: Double
    var expiresAt: Double

    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["flow"] = flow
        container["steps"] = try RecordJSON.encode(steps)
        container["username"] = username
        container["client_id"] = clientID
        container["state"] = try RecordJSON.encode(state)
        container["consumed"] = consumed
        container["locked"] = locked
        container["created_at"] = createdAt
        container["expires_at"] = expiresAt
    }

    /// The continuation with this id.
    static func withID(_ id: String, in db: Database) throws -> ContinuationRecord? {
        try ContinuationRecord.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM continuations WHERE id = ?"), arguments: [id])
    }

    enum CodingKeys: String, CodingKey {
        case id, flow, steps, username, state, consumed, locked
        case clientID = "client_id"
        case createdAt = "created_at"
        case expiresAt = "expires_at"
    }
}

// Declared outside the struct so that the memberwise initializer stays synthesized.
extension ContinuationRecord {
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        flow = try row.decode(forColumn: "flow")
        steps = try RecordJSON.decode([String].self, row, "steps")
        username = try row.decode(forColumn: "username")
        clientID = try row.decode(forColumn: "client_id")
        state = try RecordJSON.decode(FlowProgress.self, row, "state")
        consumed = try row.decode(forColumn: "consumed")
        locked = try row.decode(forColumn: "locked")
        createdAt = try row.decode(forColumn: "created_at")
        expiresAt = try row.decode(forColumn: "expires_at")
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

/// The JSON columns (`attributes`, `methods`, `steps`, `state`) as GRDB's `Codable` records store them: text
/// written by a `JSONEncoder` with sorted keys.
enum RecordJSON {
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ row: Row, _ column: String) throws -> T {
        let text: String = try row.decode(forColumn: column)
        return try JSONDecoder().decode(type, from: Data(text.utf8))
    }
}
