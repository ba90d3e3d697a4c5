import Foundation
import GRDB

/// Flow sessions in SQLite (WAL, one file that several processes on one machine may share).
struct SQLiteFlowSessionStorage: FlowSessionStorage {
    let writer: any DatabaseWriter

    init(writer: any DatabaseWriter) throws {
        self.writer = writer
        try Self.migrator.migrate(writer)
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("flow sessions") { db in
            try db.create(table: "flow_session") { table in
                table.primaryKey("id", .text)
                table.column("state", .text).notNull()
                table.column("record", .blob).notNull()
                table.column("version", .integer).notNull()
                table.column("updated_at", .double).notNull().indexed()
            }
        }
        return migrator
    }

    func waiting(since: Double) async throws -> Int {
        try await writer.read { db in
            try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM flow_session WHERE state = 'asking' AND updated_at >= ?",
                arguments: [since]) ?? 0
        }
    }

    func insert(_ row: FlowSessionRow, expiredBefore: Double, limit: Int) async throws {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM flow_session WHERE updated_at < ?", arguments: [expiredBefore])
            let live = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM flow_session WHERE state = 'asking'") ?? 0
            guard live < limit else { throw FlowSessionStoreError.full(limit) }
            try db.execute(
                sql: "INSERT INTO flow_session (id, state, record, version, updated_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [row.id, row.state, row.record, row.version, row.updatedAt])
        }
    }

    func record(id: String, since: Double) async throws -> Data? {
        try await writer.read { db in
            try Data.fetchOne(
                db, sql: "SELECT record FROM flow_session WHERE id = ? AND updated_at >= ?", arguments: [id, since])
        }
    }

    func replace(_ row: FlowSessionRow) async throws -> Bool {
        try await writer.write { db in
            try db.execute(
                sql: """
                    UPDATE flow_session SET state = ?, record = ?, version = ?, updated_at = ?
                    WHERE id = ? AND version = ?
                    """,
                arguments: [row.state, row.record, row.version, row.updatedAt, row.id, row.version - 1])
            return db.changesCount == 1
        }
    }

    func purge(expiredBefore: Double) async throws -> Int {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM flow_session WHERE updated_at < ?", arguments: [expiredBefore])
            return db.changesCount
        }
    }
}
