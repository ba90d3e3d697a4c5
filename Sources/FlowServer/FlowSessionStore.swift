import Foundation
import GRDB

/// Flow sessions in SQLite (`<state folder>/flow-sessions.sqlite`, mode 0600, WAL), so a restarted server
/// continues each one and every instance that shares the file sees the same sessions. A change is a
/// conditional update on the session's version: of two answers racing for one ask, one wins and the other is
/// told so. The authority's continuation in each session is sealed (``ContinuationSeal``) under the state
/// folder's `session.key`, so a copy of the database alone cannot finish a step.
public final class FlowSessionStore: Sendable {
    private let writer: any DatabaseWriter
    private let seal: ContinuationSeal

    /// The store in `directory` (created when missing, mode 0700; the file mode 0600).
    public convenience init(directory: String) throws {
        let files = FileManager.default
        try files.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let path = (directory as NSString).appendingPathComponent("flow-sessions.sqlite")
        if !files.fileExists(atPath: path) {
            guard files.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw FlowSessionStoreError("cannot create \(path)")
            }
        }
        try files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        try self.init(
            writer: DatabasePool(path: path, configuration: configuration),
            seal: ContinuationSeal(keyFile: (directory as NSString).appendingPathComponent("session.key")))
    }

    /// A store in memory, for tests and one-off runs.
    public static func inMemory() throws -> FlowSessionStore {
        try FlowSessionStore(writer: DatabaseQueue(), seal: ContinuationSeal())
    }

    private init(writer: any DatabaseWriter, seal: ContinuationSeal) throws {
        self.writer = writer
        self.seal = seal
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

    /// How many sessions not idle since `expiredBefore` wait on an ask.
    func waiting(expiredBefore: Date) async throws -> Int {
        try await writer.read { db in
            try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM flow_session WHERE state = 'asking' AND updated_at >= ?",
                arguments: [expiredBefore.timeIntervalSince1970]) ?? 0
        }
    }

    /// Adds a new session, after removing those idle since `expiredBefore`; throws
    /// ``FlowSessionStoreError/full`` when `limit` sessions are already waiting on an ask.
    func insert(_ record: SessionRecord, now: Date, expiredBefore: Date, limit: Int) async throws {
        let data = try encoded(record)
        try await writer.write { db in
            try db.execute(
                sql: "DELETE FROM flow_session WHERE updated_at < ?", arguments: [expiredBefore.timeIntervalSince1970])
            let live = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM flow_session WHERE state = 'asking'") ?? 0
            guard live < limit else { throw FlowSessionStoreError.full(limit) }
            try db.execute(
                sql: "INSERT INTO flow_session (id, state, record, version, updated_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [record.id, record.state.rawValue, data, record.version, now.timeIntervalSince1970])
        }
    }

    /// The session, or nil when there is none or it has been idle since `expiredBefore`.
    func fetch(_ id: String, expiredBefore: Date) async throws -> SessionRecord? {
        let data = try await writer.read { db in
            try Data.fetchOne(
                db, sql: "SELECT record FROM flow_session WHERE id = ? AND updated_at >= ?",
                arguments: [id, expiredBefore.timeIntervalSince1970])
        }
        return try data.map { try opened(JSONDecoder().decode(SessionRecord.self, from: $0)) }
    }

    /// The record as stored: its session's continuation sealed.
    private func encoded(_ record: SessionRecord) throws -> Data {
        var sealed = record
        sealed.session = try record.session.map(seal.seal)
        return try JSONEncoder().encode(sealed)
    }

    /// A stored record with its session's continuation opened; a session sealed under another key (the state
    /// folder's `session.key` was replaced) is `failed`, saying so.
    private func opened(_ record: SessionRecord) -> SessionRecord {
        guard let session = record.session else { return record }
        var opened = record
        if let session = seal.open(session) {
            opened.session = session
        } else {
            opened.state = .failed
            opened.reason = "the session was sealed with another state folder's session key; start the flow again"
            opened.session = nil
            opened.ask = nil
        }
        return opened
    }

    /// Replaces the session if it is still at `record.version - 1`; false when another change came first.
    func replace(_ record: SessionRecord, now: Date) async throws -> Bool {
        let data = try encoded(record)
        return try await writer.write { db in
            try db.execute(
                sql: """
                    UPDATE flow_session SET state = ?, record = ?, version = ?, updated_at = ?
                    WHERE id = ? AND version = ?
                    """,
                arguments: [
                    record.state.rawValue, data, record.version, now.timeIntervalSince1970, record.id,
                    record.version - 1,
                ])
            return db.changesCount == 1
        }
    }

    /// Removes every session idle since `expiredBefore`; the number removed.
    @discardableResult
    public func purge(expiredBefore: Date) async throws -> Int {
        try await writer.write { db in
            try db.execute(
                sql: "DELETE FROM flow_session WHERE updated_at < ?", arguments: [expiredBefore.timeIntervalSince1970])
            return db.changesCount
        }
    }
}

/// Why the session store refused a change.
public struct FlowSessionStoreError: Error, Sendable, CustomStringConvertible {
    public var description: String
    /// Whether the refusal is the cap on live sessions.
    public var isFull = false

    init(_ description: String) {
        self.description = description
    }

    static func full(_ limit: Int) -> FlowSessionStoreError {
        var error = FlowSessionStoreError("\(limit) sessions are already open; try again later")
        error.isFull = true
        return error
    }
}
