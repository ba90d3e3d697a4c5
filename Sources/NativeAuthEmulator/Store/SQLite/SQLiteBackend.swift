import Foundation
import GRDB

/// The store in SQLite: a file (WAL, through a GRDB `DatabasePool`) or memory (a `DatabaseQueue`). Writes are
/// serialized by SQLite, so each transaction sees no concurrent change.
struct SQLiteBackend: StoreBackend {
    /// The database file, or nil in memory.
    let path: String?
    let writer: any DatabaseWriter
    /// Write transactions of concurrent requests, committed together.
    let commits: GroupCommit
    /// The file store's checkpoints, off the writer; nil in memory.
    let checkpoints: BackgroundCheckpoint?
    var databaseSystem: String { "sqlite" }

    /// A fresh store in memory.
    static func inMemory() throws -> SQLiteBackend {
        try SQLiteBackend(writer: DatabaseQueue(configuration: configuration), path: nil, checkpoints: nil)
    }

    /// The file at `path`, which exists with the right mode.
    static func file(_ path: String) throws -> SQLiteBackend {
        let writer = try DatabasePool(path: path, configuration: configuration)
        // The pool opened the file in WAL mode; the checkpoints' connection opens it as it is.
        let checkpoints = try BackgroundCheckpoint(path: path, configuration: configuration)
        return try SQLiteBackend(writer: writer, path: path, checkpoints: checkpoints)
    }

    private init(writer: any DatabaseWriter, path: String?, checkpoints: BackgroundCheckpoint?) throws {
        self.writer = writer
        self.path = path
        self.checkpoints = checkpoints
        var afterCommit: (@Sendable () -> Void)?
        if let checkpoints { afterCommit = { checkpoints.committed() } }
        commits = GroupCommit(writer: writer, afterCommit: afterCommit)
        try SQLiteSchema.migrator.migrate(writer)
    }

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.label = "flowrun.authority"
        configuration.prepareDatabase { db in
            // The file store runs in WAL mode (DatabasePool): with synchronous=NORMAL a commit appends to the WAL
            // without an fsync (the WAL is synced at checkpoints). The database cannot be corrupted by a crash;
            // a power cut may lose the last commits, which an emulator can afford. In memory this is a no-op.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // Reads through memory-mapped pages instead of a read() into SQLite's cache for each page, and a
            // larger page cache per connection (negative: KiB).
            try db.execute(sql: "PRAGMA mmap_size = 268435456")
            try db.execute(sql: "PRAGMA cache_size = -16384")
            // The savepoint of each request in a group commit (``GroupCommit``) journals the pages it changes; in
            // memory rather than spilled to a temporary file once a batch's journal passes 64 KiB.
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            // The file store checkpoints in the background (``BackgroundCheckpoint``) about every 1,000 pages;
            // the writer checkpoints itself only if those fall far behind.
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 10000")
        }
        return configuration
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> T) async throws -> T {
        try await commits.write(body)
    }

    func read<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> T) async throws -> T {
        try await writer.read { db in try body(SQLiteTransaction(db: db)) }
    }

    /// A file store is opened afresh, read-only, so that a file that was removed, replaced or damaged under the
    /// running server is noticed (open connections would go on reading their cache).
    func checkReady() async throws {
        let applied: [String]
        if let path {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.busyMode = .timeout(2)
            let fresh = try DatabaseQueue(path: path, configuration: configuration)
            applied = try await fresh.read { db in try Array(SQLiteSchema.migrator.appliedIdentifiers(db)) }
        } else {
            applied = try await writer.read { db in try Array(SQLiteSchema.migrator.appliedIdentifiers(db)) }
        }
        guard Set(SQLiteSchema.migrator.migrations).isSubset(of: Set(applied)) else {
            throw EmulatorStoreError(message: "the database's schema is not migrated")
        }
    }

    /// SQLite's `PRAGMA integrity_check`.
    func integrityCheck() async throws -> [String] {
        try await writer.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }
}
