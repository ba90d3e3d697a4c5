import FlowSessionSeal
import FlowrunFoundation
import Foundation
import GRDB
import NativeAuthEmulator

/// Flow sessions in SQLite (WAL, one file that several processes on one machine may share). The write
/// transactions of concurrent requests are committed together (`GroupCommit`), each request answered once the
/// commit holding its writes succeeded.
struct SQLiteFlowSessionStorage: FlowSessionStorage {
    let writer: any DatabaseWriter
    private let group: GroupCommit
    /// Transactions committed since the store opened, for the benchmark.
    let commits: Locked<Int>

    /// Opens the store, migrating it; `checkpoints` (for a file) copies the WAL into the database beside the
    /// writer. A store whose sessions were kept under their ids is rewritten to their digests, then vacuumed, so
    /// that no page or journal of the file keeps an id.
    init(writer: any DatabaseWriter, checkpoints: BackgroundCheckpoint? = nil) throws {
        self.writer = writer
        let commits = Locked(0)
        self.commits = commits
        group = GroupCommit(writer: writer) {
            commits.withLock { $0 += 1 }
            checkpoints?.committed()
        }
        let migrator = Self.migrator
        let applied = try writer.read { db in try migrator.appliedIdentifiers(db) }
        try migrator.migrate(writer)
        if applied.contains(Self.sessions) && !applied.contains(Self.digests) {
            try writer.vacuum()
            try writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        }
    }

    private static let sessions = "flow sessions"
    private static let digests = "flow session ids as digests"
    private static let waitingIndex = "flow sessions waiting on an ask, indexed"
    private static let accountSessions = "account sessions"

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(sessions) { db in
            try db.create(table: "flow_session") { table in
                table.primaryKey("id", .text)
                table.column("state", .text).notNull()
                table.column("record", .blob).notNull()
                table.column("version", .integer).notNull()
                table.column("updated_at", .double).notNull().indexed()
            }
        }
        migrator.registerMigration(digests) { db in
            try db.alter(table: "flow_session") { table in
                table.add(column: "answering_until", .double).notNull().defaults(to: 0)
            }
            for row in try Row.fetchAll(db, sql: "SELECT id, record FROM flow_session") {
                let id: String = row["id"]
                guard let record = SessionRecord.encoded(row["record"], id: SecretDigest.hex(id)) else {
                    try db.execute(sql: "DELETE FROM flow_session WHERE id = ?", arguments: [id])
                    continue
                }
                try db.execute(
                    sql: "UPDATE flow_session SET id = ?, record = ? WHERE id = ?",
                    arguments: [SecretDigest.hex(id), record, id])
            }
        }
        // Counting the sessions that wait on an ask (at every start) reads this index, not every row kept.
        migrator.registerMigration(waitingIndex) { db in
            try db.execute(
                sql: "CREATE INDEX flow_session_waiting ON flow_session (updated_at) WHERE state = 'asking'")
        }
        migrator.registerMigration(accountSessions) { db in
            try db.create(table: "account_session") { table in
                table.primaryKey("id", .text)
                table.column("account", .blob).notNull()
                table.column("signed_in_at", .double).notNull().indexed()
                table.column("used_at", .double).notNull().indexed()
            }
        }
        return migrator
    }

    /// `body` in a write transaction, committed with those of concurrent requests.
    private func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await group.writeDatabase(body)
    }

    func waiting(since: Double) async throws -> Int {
        try await writer.read { db in
            try Int.fetchOne(
                db.cachedStatement(sql: "SELECT COUNT(*) FROM flow_session WHERE state = 'asking' AND updated_at >= ?"),
                arguments: [since]) ?? 0
        }
    }

    func insert(_ row: FlowSessionRow, expiredBefore: Double, limit: Int) async throws {
        try await write { db in
            try db.cachedStatement(sql: "DELETE FROM flow_session WHERE updated_at < ?").execute(arguments: [
                expiredBefore
            ])
            let live =
                try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM flow_session WHERE state = 'asking'"))
                ?? 0
            guard live < limit else { throw FlowSessionStoreError.full(limit) }
            try db.cachedStatement(
                sql: "INSERT INTO flow_session (id, state, record, version, updated_at) VALUES (?, ?, ?, ?, ?)"
            ).execute(arguments: [row.id, row.state, row.record, row.version, row.updatedAt])
        }
    }

    func record(id: String, since: Double) async throws -> Data? {
        try await writer.read { db in
            try Data.fetchOne(
                db.cachedStatement(sql: "SELECT record FROM flow_session WHERE id = ? AND updated_at >= ?"),
                arguments: [id, since])
        }
    }

    func claim(id: String, version: Int, until: Double, now: Double) async throws -> Bool {
        try await write { db in
            try db.cachedStatement(
                sql:
                    "UPDATE flow_session SET answering_until = ? WHERE id = ? AND version = ? AND answering_until <= ?"
            ).execute(arguments: [until, id, version, now])
            return db.changesCount == 1
        }
    }

    /// Reads the session and marks it in one write transaction: no read transaction beside the commit, on a
    /// reader connection that would drop its cache because the writer committed since its last read.
    func claimForAnswer(id: String, since: Double, until: Double, now: Double) async throws -> AnswerClaim {
        try await write { db in
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(
                        sql: "SELECT state, record, answering_until FROM flow_session WHERE id = ? AND updated_at >= ?"),
                    arguments: [id, since])
            else { return .missing }
            let record: Data = row["record"]
            let state: String = row["state"]
            let answeringUntil: Double = row["answering_until"]
            guard state == SessionRecord.State.asking.rawValue else { return .read(record) }
            guard answeringUntil <= now else { return .held }
            try db.cachedStatement(sql: "UPDATE flow_session SET answering_until = ? WHERE id = ?").execute(arguments: [
                until, id,
            ])
            return .claimed(record)
        }
    }

    func replace(_ row: FlowSessionRow) async throws -> Bool {
        try await write { db in
            try db.cachedStatement(
                sql: """
                    UPDATE flow_session SET state = ?, record = ?, version = ?, updated_at = ?, answering_until = 0
                    WHERE id = ? AND version = ?
                    """
            ).execute(arguments: [row.state, row.record, row.version, row.updatedAt, row.id, row.version - 1])
            return db.changesCount == 1
        }
    }

    func delete(id: String, version: Int) async throws -> Bool {
        try await writer.write { db in
            try db.cachedStatement(sql: "DELETE FROM flow_session WHERE id = ? AND version = ?").execute(arguments: [
                id, version,
            ])
            return db.changesCount == 1
        }
    }

    func purge(expiredBefore: Double) async throws -> Int {
        try await write { db in
            try db.cachedStatement(sql: "DELETE FROM flow_session WHERE updated_at < ?").execute(arguments: [
                expiredBefore
            ])
            return db.changesCount
        }
    }

    func insertAccount(_ row: AccountSessionRow, idleBefore: Double, signedInBefore: Double) async throws {
        try await write { db in
            try db.cachedStatement(sql: "DELETE FROM account_session WHERE used_at <= ? OR signed_in_at <= ?").execute(
                arguments: [idleBefore, signedInBefore])
            try db.cachedStatement(
                sql: "INSERT INTO account_session (id, account, signed_in_at, used_at) VALUES (?, ?, ?, ?)"
            ).execute(arguments: [row.id, row.account, row.signedInAt, row.usedAt])
        }
    }

    func useAccount(id: String, idleSince: Double, signedInSince: Double, now: Double) async throws -> Data? {
        try await write { db in
            guard
                let account = try Data.fetchOne(
                    db.cachedStatement(
                        sql: "SELECT account FROM account_session WHERE id = ? AND used_at > ? AND signed_in_at > ?"),
                    arguments: [id, idleSince, signedInSince])
            else { return nil }
            try db.cachedStatement(sql: "UPDATE account_session SET used_at = ? WHERE id = ?").execute(arguments: [
                now, id,
            ])
            return account
        }
    }

    func deleteAccount(id: String) async throws {
        try await write { db in
            try db.cachedStatement(sql: "DELETE FROM account_session WHERE id = ?").execute(arguments: [id])
        }
    }
}
