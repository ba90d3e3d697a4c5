import Foundation
import NativeAuthEmulator
import PostgresNIO

/// ``StoreTransaction`` over PostgreSQL: the statements of the SQLite store, in PostgreSQL's dialect. Recipients
/// compare case-insensitively (`lower`), as SQLite's `NOCASE` column does.
struct PostgresTransaction: StoreTransaction {
    let sql: BlockingStatements

    func user(named username: String) throws -> UserRecord? {
        try sql.rows("SELECT * FROM users WHERE username_key = \(Contacts.canonical(username)) LIMIT 1")
            .first.map(UserRecord.init(postgres:))
    }

    func user(id: String) throws -> UserRecord? {
        try sql.rows("SELECT * FROM users WHERE id = \(id)").first.map(UserRecord.init(postgres:))
    }

    func users() throws -> [UserRecord] {
        try sql.rows("SELECT * FROM users ORDER BY created_at, username").map(UserRecord.init(postgres:))
    }

    func insert(_ user: UserRecord) throws {
        let attributes = try RecordJSON.encode(user.attributes)
        let methods = try RecordJSON.encode(user.methods)
        do {
            try sql.execute(
                """
                INSERT INTO users (id, username, username_key, password_hash, attributes, mfa, methods, created_at,
                updated_at) VALUES (\(user.id), \(user.username), \(user.usernameKey), \(user.passwordHash),
                \(attributes), \(user.mfa), \(methods), \(user.createdAt), \(user.updatedAt))
                """)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            throw StoreConflict.userAlreadyExists
        }
    }

    func update(_ user: UserRecord) throws {
        let attributes = try RecordJSON.encode(user.attributes)
        let methods = try RecordJSON.encode(user.methods)
        try sql.execute(
            """
            UPDATE users SET username = \(user.username), username_key = \(user.usernameKey),
            password_hash = \(user.passwordHash), attributes = \(attributes), mfa = \(user.mfa), methods = \(methods),
            created_at = \(user.createdAt), updated_at = \(user.updatedAt) WHERE id = \(user.id)
            """)
    }

    func deleteUser(id: String) throws -> Bool {
        try sql.execute("DELETE FROM refresh_tokens WHERE user_id = \(id)")
        return try sql.execute("DELETE FROM users WHERE id = \(id)") == 1
    }

    func insert(_ code: CodeRecord) throws {
        try sql.execute(
            """
            INSERT INTO codes (id, session_id, continuation_id, username, recipient, purpose, code, created_at,
            expires_at, attempts, used) VALUES (\(code.id), \(code.sessionID), \(code.continuationID),
            \(code.username), \(code.recipient), \(code.purpose), \(code.code), \(code.createdAt), \(code.expiresAt),
            \(code.attempts), \(code.used))
            """)
    }

    func update(_ code: CodeRecord) throws {
        try sql.execute(
            """
            UPDATE codes SET session_id = \(code.sessionID), continuation_id = \(code.continuationID),
            username = \(code.username), recipient = \(code.recipient), purpose = \(code.purpose), code = \(code.code),
            created_at = \(code.createdAt), expires_at = \(code.expiresAt), attempts = \(code.attempts),
            used = \(code.used) WHERE id = \(code.id)
            """)
    }

    func retireCodes(session: String) throws {
        try sql.execute("UPDATE codes SET used = TRUE WHERE session_id = \(session) AND NOT used")
    }

    func useCode(id: String) throws -> Bool {
        try sql.execute("UPDATE codes SET used = TRUE WHERE id = \(id) AND NOT used") == 1
    }

    func latestCode(continuation continuationID: String) throws -> CodeRecord? {
        try sql.rows(
            """
            SELECT * FROM codes WHERE continuation_id = \(continuationID) ORDER BY created_at DESC, seq DESC LIMIT 1
            """
        ).first.map(CodeRecord.init(postgres:))
    }

    /// The send times of the newest `limit` codes to `recipient` after `time`. Asking writes the recipient's row of
    /// `recipient_sends`: of two transactions that would send a code to one address at once (on any instances),
    /// PostgreSQL aborts the second, which runs again and sees the first one's code — so a resend interval or an
    /// hourly quota cannot be overrun.
    func codeTimes(to recipient: String, after time: Double, limit: Int) throws -> [Double] {
        try sql.execute(
            """
            INSERT INTO recipient_sends (recipient_key, touched_at) VALUES (lower(\(recipient)), \(time))
            ON CONFLICT (recipient_key) DO UPDATE SET touched_at = excluded.touched_at
            """)
        return try sql.rows(
            """
            SELECT created_at FROM codes WHERE lower(recipient) = lower(\(recipient)) AND created_at > \(time)
            ORDER BY created_at DESC LIMIT \(max(limit, 0))
            """
        ).map { try $0["created_at"].decode(Double.self) }
    }

    func sentCodes(to recipient: String?, limit: Int) throws -> [CodeRecord] {
        let limit = max(limit, 0)
        guard let recipient else {
            return try sql.rows("SELECT * FROM codes ORDER BY created_at DESC, seq DESC LIMIT \(limit)")
                .map(CodeRecord.init(postgres:))
        }
        return try sql.rows(
            """
            SELECT * FROM codes WHERE lower(recipient) = lower(\(recipient)) ORDER BY created_at DESC, seq DESC
            LIMIT \(limit)
            """
        ).map(CodeRecord.init(postgres:))
    }

    func insert(_ continuation: ContinuationRecord) throws {
        let steps = try RecordJSON.encode(continuation.steps)
        let state = try RecordJSON.encode(continuation.state)
        try sql.execute(
            """
            INSERT INTO continuations (id, flow, steps, username, client_id, state, consumed, locked, created_at,
            expires_at) VALUES (\(continuation.id), \(continuation.flow), \(steps), \(continuation.username),
            \(continuation.clientID), \(state), \(continuation.consumed), \(continuation.locked),
            \(continuation.createdAt), \(continuation.expiresAt))
            """)
    }

    func update(_ continuation: ContinuationRecord) throws {
        let steps = try RecordJSON.encode(continuation.steps)
        let state = try RecordJSON.encode(continuation.state)
        try sql.execute(
            """
            UPDATE continuations SET flow = \(continuation.flow), steps = \(steps), username = \(continuation.username),
            client_id = \(continuation.clientID), state = \(state), consumed = \(continuation.consumed),
            locked = \(continuation.locked), created_at = \(continuation.createdAt),
            expires_at = \(continuation.expiresAt) WHERE id = \(continuation.id)
            """)
    }

    func continuation(id: String) throws -> ContinuationRecord? {
        try sql.rows("SELECT * FROM continuations WHERE id = \(id)").first.map(ContinuationRecord.init(postgres:))
    }

    func consumeContinuation(id: String) throws -> Bool {
        try sql.execute("UPDATE continuations SET consumed = TRUE WHERE id = \(id) AND NOT consumed") == 1
    }

    func insert(_ token: RefreshTokenRecord) throws {
        try sql.execute(
            """
            INSERT INTO refresh_tokens (hash, user_id, client_id, family, scope, created_at, expires_at, used)
            VALUES (\(token.hash), \(token.userID), \(token.clientID), \(token.family), \(token.scope),
            \(token.createdAt), \(token.expiresAt), \(token.used))
            """)
    }

    func refreshToken(hash: String) throws -> RefreshTokenRecord? {
        try sql.rows("SELECT * FROM refresh_tokens WHERE hash = \(hash)").first.map(RefreshTokenRecord.init(postgres:))
    }

    func useRefreshToken(hash: String) throws -> Bool {
        try sql.execute("UPDATE refresh_tokens SET used = TRUE WHERE hash = \(hash) AND NOT used") == 1
    }

    func revokeRefreshFamily(_ family: String) throws {
        try sql.execute("UPDATE refresh_tokens SET used = TRUE WHERE family = \(family)")
    }

    func revokeRefreshTokens(user userID: String) throws {
        try sql.execute("UPDATE refresh_tokens SET used = TRUE WHERE user_id = \(userID)")
    }

    func lockout(account: String) throws -> LockoutRecord? {
        try sql.rows("SELECT * FROM lockouts WHERE account = \(account)").first.map { row in
            LockoutRecord(
                account: try row["account"].decode(String.self), failures: try row["failures"].decode(Int.self),
                lockouts: try row["lockouts"].decode(Int.self),
                lockedUntil: try row["locked_until"].decode(Double.self),
                updatedAt: try row["updated_at"].decode(Double.self))
        }
    }

    func saveLockout(_ lockout: LockoutRecord) throws {
        try sql.execute(
            """
            INSERT INTO lockouts (account, failures, lockouts, locked_until, updated_at) VALUES (\(lockout.account),
            \(lockout.failures), \(lockout.lockouts), \(lockout.lockedUntil), \(lockout.updatedAt))
            ON CONFLICT (account) DO UPDATE SET failures = excluded.failures, lockouts = excluded.lockouts,
            locked_until = CASE WHEN excluded.locked_until > 0 THEN excluded.locked_until
            ELSE lockouts.locked_until END, updated_at = excluded.updated_at
            """)
    }

    func deleteLockout(account: String) throws {
        try sql.execute("DELETE FROM lockouts WHERE account = \(account)")
    }

    func key(named name: String) throws -> KeyRecord? {
        try sql.rows("SELECT * FROM keys WHERE name = \(name)").first.map { row in
            KeyRecord(
                name: try row["name"].decode(String.self), secret: try row["secret"].decode(Data?.self),
                pem: try row["pem"].decode(String?.self), createdAt: try row["created_at"].decode(Double.self))
        }
    }

    func save(_ key: KeyRecord) throws {
        try sql.execute(
            """
            INSERT INTO keys (name, secret, pem, created_at) VALUES (\(key.name), \(key.secret), \(key.pem),
            \(key.createdAt)) ON CONFLICT (name) DO UPDATE SET secret = excluded.secret, pem = excluded.pem,
            created_at = excluded.created_at
            """)
    }

    func purge(before cutoff: Double) throws {
        try sql.execute("DELETE FROM continuations WHERE expires_at < \(cutoff)")
        try sql.execute("DELETE FROM codes WHERE expires_at < \(cutoff)")
        try sql.execute("DELETE FROM refresh_tokens WHERE expires_at < \(cutoff)")
        try sql.execute("DELETE FROM recipient_sends WHERE touched_at < \(cutoff - 7_200)")
        try sql.execute("DELETE FROM lockouts WHERE locked_until < \(cutoff) AND updated_at < \(cutoff)")
    }
}
