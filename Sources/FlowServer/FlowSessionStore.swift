import FlowSessionSeal
import Foundation
import GRDB
import NativeAuthEmulator

/// Flow sessions in SQLite (`<state folder>/flow-sessions.sqlite`, mode 0600, WAL) or in a PostgreSQL database
/// shared by several servers, so a restarted server (or another one) continues each one. A change is a
/// conditional update on the session's version: of two answers racing for one ask, one wins and the other is
/// told so; an answer marks the session before it runs, so that another answer meanwhile is refused rather than
/// run against the same state. The session id, the client's credential, is kept only as its SHA-256 digest, and
/// the authority's continuation in each session is sealed (`SessionSeal`) under the state folder's
/// `session.key`, so a copy of the database alone can neither answer a session nor finish a step.
public final class FlowSessionStore: Sendable {
    let storage: any FlowSessionStorage
    private let seal: SessionSeal

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
        configuration.prepareDatabase { db in
            // Deleted content is overwritten, so that no freed page keeps what a row held.
            try db.execute(sql: "PRAGMA secure_delete = ON")
            // WAL with synchronous=NORMAL (GRDB's default for a pool): a commit appends to the WAL without an
            // fsync, and is kept when the process is killed; the WAL is synced at checkpoints, so a power cut may
            // lose the last commits, never corrupt the file.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // Each request's savepoint in a group commit journals its pages in memory.
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        // Checkpoints run beside the writer, every 50 commits; the writer's own, at SQLite's 1,000 pages, then
        // finds little left to copy, and keeps the WAL file at its usual size.
        self.init(
            storage: try SQLiteFlowSessionStorage(
                writer: pool, checkpoints: BackgroundCheckpoint(path: path, configuration: configuration)),
            seal: try SessionSeal(keyFile: (directory as NSString).appendingPathComponent("session.key")))
    }

    /// A store in memory, for tests and one-off runs.
    public static func inMemory() throws -> FlowSessionStore {
        FlowSessionStore(storage: try SQLiteFlowSessionStorage(writer: DatabaseQueue()), seal: SessionSeal())
    }

    /// Sessions kept in `storage`, their continuations sealed with `seal`.
    package init(storage: any FlowSessionStorage, seal: SessionSeal) {
        self.storage = storage
        self.seal = seal
    }

    /// Write transactions of a SQLite store since it opened (0 for another store), for the benchmark.
    package var commits: Int {
        (storage as? SQLiteFlowSessionStorage)?.commits.value ?? 0
    }

    /// Copies a SQLite store's write-ahead log into its database file and empties the log, so that the file's size
    /// is what the sessions take (for the benchmark); tried again while the background checkpoint runs (SQLite
    /// refuses a second checkpointer at once). Nothing for another store.
    package func checkpoint() async throws {
        guard let sqlite = storage as? SQLiteFlowSessionStorage else { return }
        for attempt in 1...100 {
            do {
                return try await sqlite.writer.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && attempt < 100 {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    /// How many sessions not idle since `expiredBefore` wait on an ask.
    func waiting(expiredBefore: Date) async throws -> Int {
        try await storage.waiting(since: expiredBefore.timeIntervalSince1970)
    }

    /// Adds a new session, after removing those idle since `expiredBefore`; throws
    /// ``FlowSessionStoreError/full`` when `limit` sessions are already waiting on an ask, and an error that
    /// ``FlowSessionStoreError/isTooLarge`` when its stored form is over `maxBytes`.
    func insert(
        _ record: SessionRecord, now: Date, expiredBefore: Date, limit: Int, maxBytes: Int = .max
    ) async throws {
        try await storage.insert(
            row(record, now: now, maxBytes: maxBytes), expiredBefore: expiredBefore.timeIntervalSince1970,
            limit: limit)
    }

    /// The session, or nil when there is none or it has been idle since `expiredBefore`.
    func fetch(_ id: String, expiredBefore: Date) async throws -> SessionRecord? {
        let data = try await storage.record(id: SecretDigest.hex(id), since: expiredBefore.timeIntervalSince1970)
        return try data.map { try decoded($0, id: id) }
    }

    /// The session for an answer: nil when there is none or it has been idle since `expiredBefore`; `claimed`
    /// when the store marked it as taking the answer until `until` (as ``claim(_:now:until:)`` does), which it
    /// does only for a session waiting on an ask. Throws `AnswerHeld` when another answer holds it.
    func claimForAnswer(
        _ id: String, expiredBefore: Date, now: Date, until: Date
    ) async throws -> (record: SessionRecord, claimed: Bool)? {
        let claim = try await storage.claimForAnswer(
            id: SecretDigest.hex(id), since: expiredBefore.timeIntervalSince1970, until: until.timeIntervalSince1970,
            now: now.timeIntervalSince1970)
        switch claim {
        case .missing: return nil
        case .held: throw AnswerHeld()
        case .read(let data): return (try decoded(data, id: id), false)
        case .claimed(let data): return (try decoded(data, id: id), true)
        }
    }

    /// Another answer holds the session.
    struct AnswerHeld: Error {}

    private func decoded(_ data: Data, id: String) throws -> SessionRecord {
        var record = try opened(SessionRecordJSON.decode(StoredRecordForm.json(data)))
        record.id = id
        return record
    }

    /// Marks the session, still at `record.version`, as taking an answer until `until`; false when it changed or
    /// another answer holds it (a mark not past at `now`).
    func claim(_ record: SessionRecord, now: Date, until: Date) async throws -> Bool {
        try await storage.claim(
            id: SecretDigest.hex(record.id), version: record.version, until: until.timeIntervalSince1970,
            now: now.timeIntervalSince1970)
    }

    /// The row stored for `record`: its id as its digest, in the row's key only (a record read back takes the id
    /// it was asked for), its session sealed, its JSON deflated; refused when its JSON is over `maxBytes`.
    private func row(_ record: SessionRecord, now: Date, maxBytes: Int = .max) throws -> FlowSessionRow {
        var stored = record
        stored.id = ""
        stored.sealedSession = try record.session.map(seal.seal)
        stored.session = nil
        let encoded = try SessionRecordJSON.encode(stored)
        guard encoded.count <= maxBytes else { throw FlowSessionStoreError.tooLarge(maxBytes) }
        return FlowSessionRow(
            id: SecretDigest.hex(record.id), state: record.state.rawValue, record: try StoredRecordForm.stored(encoded),
            version: record.version, updatedAt: now.timeIntervalSince1970)
    }

    /// A stored record with its session opened; a session sealed under another key (the state folder's
    /// `session.key` was replaced), or stored by an older flowrun in a form no longer read, is `failed`, saying so.
    private func opened(_ record: SessionRecord) -> SessionRecord {
        var opened = record
        opened.sealedSession = nil
        if record.session != nil {
            return opened.failing(because: "the session was stored by an older flowrun; start the flow again")
        }
        guard let sealed = record.sealedSession else { return opened }
        guard let session = seal.open(sealed) else {
            return opened.failing(
                because: "the session was sealed with another state folder's session key; start the flow again")
        }
        opened.session = session
        return opened
    }

    /// Replaces the session if it is still at `record.version - 1`, ending its answer's mark; false when another
    /// change came first. Throws an error that ``FlowSessionStoreError/isTooLarge`` when the new record is over
    /// `maxBytes`.
    func replace(_ record: SessionRecord, now: Date, maxBytes: Int = .max) async throws -> Bool {
        try await storage.replace(row(record, now: now, maxBytes: maxBytes))
    }

    /// Removes the session if it is still at `record.version`; false when another change came first.
    func delete(_ record: SessionRecord) async throws -> Bool {
        try await storage.delete(id: SecretDigest.hex(record.id), version: record.version)
    }

    /// Removes every session idle since `expiredBefore`; the number removed.
    @discardableResult
    public func purge(expiredBefore: Date) async throws -> Int {
        try await storage.purge(expiredBefore: expiredBefore.timeIntervalSince1970)
    }
}

/// Why the session store refused a change.
public struct FlowSessionStoreError: Error, Sendable, CustomStringConvertible {
    public var description: String
    /// Whether the refusal is the cap on live sessions.
    public var isFull = false
    /// Whether the refusal is the size of one stored session.
    public var isTooLarge = false

    init(_ description: String) {
        self.description = description
    }

    package static func full(_ limit: Int) -> FlowSessionStoreError {
        var error = FlowSessionStoreError("\(limit) sessions are already open; try again later")
        error.isFull = true
        return error
    }

    static func tooLarge(_ maxBytes: Int) -> FlowSessionStoreError {
        var error = FlowSessionStoreError("a session is stored in at most \(maxBytes) bytes")
        error.isTooLarge = true
        return error
    }
}
