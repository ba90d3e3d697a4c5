import Foundation

/// A registered strong-auth method (JIT registration): a channel and the contact codes go to.
package struct StrongAuthMethod: Codable, Sendable, Hashable {
    package var id: String
    /// `email` or `sms`.
    package var channel: String
    package var target: String

    package init(id: String, channel: String, target: String) {
        self.id = id
        self.channel = channel
        self.target = target
    }
}

/// A row of `users`. Times are seconds since 1970.
package struct UserRecord: Sendable {
    package var id: String
    package var username: String
    package var passwordHash: String?
    package var attributes: [String: String]
    package var mfa: Bool
    package var methods: [StrongAuthMethod]
    package var createdAt: Double
    package var updatedAt: Double

    package init(
        id: String, username: String, passwordHash: String?, attributes: [String: String], mfa: Bool,
        methods: [StrongAuthMethod], createdAt: Double, updatedAt: Double
    ) {
        self.id = id
        self.username = username
        self.passwordHash = passwordHash
        self.attributes = attributes
        self.mfa = mfa
        self.methods = methods
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The `username_key` column: the username in canonical form (Unicode NFC and case), unique.
    package var usernameKey: String { Contacts.canonical(username) }
}

/// A row of `codes`: a one-time passcode the emulator "sent" (the outbox).
package struct CodeRecord: Sendable {
    package var id: String
    /// The flow session the code belongs to (stable across its continuation tokens).
    package var sessionID: String
    /// The continuation token id answered with the challenge that sent the code.
    package var continuationID: String
    /// The account the code is for.
    package var username: String
    /// Where the code went (the username, or a registration / MFA contact).
    package var recipient: String
    package var purpose: String
    package var code: String
    package var createdAt: Double
    package var expiresAt: Double
    package var attempts: Int
    package var used: Bool

    package init(
        id: String, sessionID: String, continuationID: String, username: String, recipient: String,
        purpose: String, code: String, createdAt: Double, expiresAt: Double, attempts: Int, used: Bool
    ) {
        self.id = id
        self.sessionID = sessionID
        self.continuationID = continuationID
        self.username = username
        self.recipient = recipient
        self.purpose = purpose
        self.code = code
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.attempts = attempts
        self.used = used
    }
}

/// A row of `continuations`: one issued continuation token and the flow state it carries.
package struct ContinuationRecord: Sendable {
    package var id: String
    package var flow: String
    /// The endpoints (paths) the token may be presented to.
    package var steps: [String]
    package var username: String
    package var clientID: String
    package var state: FlowProgress
    package var consumed: Bool
    /// Dead after too many wrong codes.
    package var locked: Bool
    package var createdAt: Double
    package var expiresAt: Double

    package init(
        id: String, flow: String, steps: [String], username: String, clientID: String, state: FlowProgress,
        consumed: Bool, locked: Bool, createdAt: Double, expiresAt: Double
    ) {
        self.id = id
        self.flow = flow
        self.steps = steps
        self.username = username
        self.clientID = clientID
        self.state = state
        self.consumed = consumed
        self.locked = locked
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

/// A row of `refresh_tokens`: the SHA-256 of a refresh token, its family (for reuse detection) and its owner.
package struct RefreshTokenRecord: Sendable {
    package var hash: String
    package var userID: String
    package var clientID: String
    package var family: String
    package var scope: String
    package var createdAt: Double
    package var expiresAt: Double
    package var used: Bool

    package init(
        hash: String, userID: String, clientID: String, family: String, scope: String, createdAt: Double,
        expiresAt: Double, used: Bool
    ) {
        self.hash = hash
        self.userID = userID
        self.clientID = clientID
        self.family = family
        self.scope = scope
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.used = used
    }
}

/// A row of `lockouts`: an account's wrong passwords and codes in a row, and its lockouts.
package struct LockoutRecord: Sendable {
    /// The account's canonical username.
    package var account: String
    package var failures: Int
    package var lockouts: Int
    /// Until when the account is locked (0: not locked by this write).
    package var lockedUntil: Double
    package var updatedAt: Double

    package init(account: String, failures: Int, lockouts: Int, lockedUntil: Double, updatedAt: Double) {
        self.account = account
        self.failures = failures
        self.lockouts = lockouts
        self.lockedUntil = lockedUntil
        self.updatedAt = updatedAt
    }
}

/// A row of `keys`: the continuation-token HMAC secret, the ES256 signing key (PEM) and the store's tenant.
package struct KeyRecord: Sendable {
    package var name: String
    package var secret: Data?
    package var pem: String?
    package var createdAt: Double

    package init(name: String, secret: Data?, pem: String?, createdAt: Double) {
        self.name = name
        self.secret = secret
        self.pem = pem
        self.createdAt = createdAt
    }
}

/// The JSON columns (`attributes`, `methods`, `steps`, `state`): text written by a `JSONEncoder` with sorted
/// keys, in both stores.
package enum RecordJSON {
    package static func encode(_ value: some Encodable) throws -> String {
        try encodeWithFoundation(value)
    }

    package static func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        try decodeWithFoundation(type, from: text)
    }

    static func encodeWithFoundation(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decodeWithFoundation<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }
}
