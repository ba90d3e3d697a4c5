import GRDB

/// ``StoreTransaction`` over one GRDB `Database` inside its transaction.
struct SQLiteTransaction: StoreTransaction {
    let db: Database

    func user(named username: String) throws -> UserRecord? {
        try UserRecord.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM users WHERE username_key = ? LIMIT 1"),
            arguments: [Contacts.canonical(username)])
    }

    func user(id: String) throws -> UserRecord? {
        try UserRecord.fetchOne(db.cachedStatement(sql: "SELECT * FROM users WHERE id = ?"), arguments: [id])
    }

    func users() throws -> [UserRecord] {
        try UserRecord.fetchAll(db, sql: "SELECT * FROM users ORDER BY created_at, username")
    }

    func insert(_ user: UserRecord) throws {
        do {
            try user.insert(db)
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw StoreConflict.userAlreadyExists
        }
    }
    func update(_ user: UserRecord) throws { try user.update(db) }

    func deleteUser(id: String) throws -> Bool {
        try db.execute(sql: "DELETE FROM refresh_tokens WHERE user_id = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM users WHERE id = ?", arguments: [id])
        return db.changesCount == 1
    }

    // Codes, continuations and refresh tokens are inserted on most requests: through a cached statement rather
    // than GRDB's record persistence, which builds its statement each time.

    func insert(_ code: CodeRecord) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO codes (id, session_id, continuation_id, username, recipient, purpose, code, created_at, \
                expires_at, attempts, used) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            code.id, code.sessionID, code.continuationID, code.username, code.recipient, code.purpose, code.code,
            code.createdAt, code.expiresAt, code.attempts, code.used,
        ])
    }

    func update(_ code: CodeRecord) throws { try code.update(db) }

    func retireCodes(session: String) throws {
        try db.cachedStatement(sql: "UPDATE codes SET used = 1 WHERE session_id = ? AND used = 0")
            .execute(arguments: [session])
    }

    func useCode(id: String) throws -> Bool {
        try db.cachedStatement(sql: "UPDATE codes SET used = 1 WHERE id = ? AND used = 0").execute(arguments: [id])
        return db.changesCount == 1
    }

    func latestCode(continuation continuationID: String) throws -> CodeRecord? {
        try CodeRecord.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM codes WHERE continuation_id = ? ORDER BY created_at DESC LIMIT 1"),
            arguments: [continuationID])
    }

    func codeTimes(to recipient: String, after time: Double, limit: Int) throws -> [Double] {
        try Double.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT created_at FROM codes WHERE recipient = ? AND created_at > ? ORDER BY created_at DESC \
                    LIMIT ?
                    """),
            arguments: [recipient, time, max(limit, 0)])
    }

    func sentCodes(to recipient: String?, limit: Int) throws -> [CodeRecord] {
        if let recipient {
            return try CodeRecord.fetchAll(
                db.cachedStatement(
                    sql: "SELECT * FROM codes WHERE recipient = ? ORDER BY created_at DESC, rowid DESC LIMIT ?"),
                arguments: [recipient, max(limit, 0)])
        }
        return try CodeRecord.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM codes ORDER BY created_at DESC, rowid DESC LIMIT ?"),
            arguments: [max(limit, 0)])
    }

    func insert(_ continuation: ContinuationRecord) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO continuations (id, flow, steps, username, client_id, state, consumed, locked, \
                created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            continuation.id, continuation.flow, try RecordJSON.encode(continuation.steps), continuation.username,
            continuation.clientID, try RecordJSON.encode(continuation.state), continuation.consumed,
            continuation.locked, continuation.createdAt, continuation.expiresAt,
        ])
    }

    func update(_ continuation: ContinuationRecord) throws { try continuation.update(db) }

    func continuation(id: String) throws -> ContinuationRecord? {
        try ContinuationRecord.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM continuations WHERE id = ?"), arguments: [id])
    }

    func consumeContinuation(id: String) throws -> Bool {
        try db.cachedStatement(sql: "UPDATE continuations SET consumed = 1 WHERE id = ? AND consumed = 0")
            .execute(arguments: [id])
        return db.changesCount == 1
    }

    func insert(_ token: RefreshTokenRecord) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO refresh_tokens (hash, user_id, client_id, family, scope, created_at, expires_at, used) \
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            token.hash, token.userID, token.clientID, token.family, token.scope, token.createdAt, token.expiresAt,
            token.used,
        ])
    }

    func refreshToken(hash: String) throws -> RefreshTokenRecord? {
        try RefreshTokenRecord.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM refresh_tokens WHERE hash = ?"), arguments: [hash])
    }

    func useRefreshToken(hash: String) throws -> Bool {
        try db.cachedStatement(sql: "UPDATE refresh_tokens SET used = 1 WHERE hash = ? AND used = 0")
            .execute(arguments: [hash])
        return db.changesCount == 1
    }

    func revokeRefreshFamily(_ family: String) throws {
        try db.execute(sql: "UPDATE refresh_tokens SET used = 1 WHERE family = ?", arguments: [family])
    }

    func revokeRefreshTokens(user userID: String) throws {
        try db.execute(sql: "UPDATE refresh_tokens SET used = 1 WHERE user_id = ?", arguments: [userID])
    }

    func lockout(account: String) throws -> LockoutRecord? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM lockouts WHERE account = ?"), arguments: [account]
        ).map { row in
            LockoutRecord(
                account: row["account"], failures: row["failures"], lockouts: row["lockouts"],
                lockedUntil: row["locked_until"], updatedAt: row["updated_at"])
        }
    }

    func saveLockout(_ lockout: LockoutRecord) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO lockouts (account, failures, lockouts, locked_until, updated_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(account) DO UPDATE SET failures = excluded.failures, lockouts = excluded.lockouts,
                locked_until = CASE WHEN excluded.locked_until > 0 THEN excluded.locked_until ELSE locked_until END,
                updated_at = excluded.updated_at
                """
        ).execute(arguments: [
            lockout.account, lockout.failures, lockout.lockouts, lockout.lockedUntil, lockout.updatedAt,
        ])
    }

    func deleteLockout(account: String) throws {
        try db.cachedStatement(sql: "DELETE FROM lockouts WHERE account = ?").execute(arguments: [account])
    }

    func key(named name: String) throws -> KeyRecord? {
        try KeyRecord.fetchOne(db, key: name)
    }

    func save(_ key: KeyRecord) throws { try key.save(db) }

    func purge(before cutoff: Double) throws {
        try db.execute(sql: "DELETE FROM continuations WHERE expires_at < ?", arguments: [cutoff])
        try db.execute(sql: "DELETE FROM codes WHERE expires_at < ?", arguments: [cutoff])
        try db.execute(sql: "DELETE FROM refresh_tokens WHERE expires_at < ?", arguments: [cutoff])
        try db.execute(
            sql: "DELETE FROM lockouts WHERE locked_until < ? AND updated_at < ?", arguments: [cutoff, cutoff])
    }
}
