import Foundation
import GRDB
import NativeAuthWire

/// The emulator's SQLite storage: users, sent codes (the outbox), continuation tokens, refresh tokens and keys.
/// A file store (`<directory>/authority.sqlite`, mode 0600, WAL) keeps users between runs; an in-memory store
/// lasts as long as the value.
public final class EmulatorStore: Sendable {
    /// The database file, or nil in memory.
    public let path: String?
    let writer: any DatabaseWriter
    /// The continuation-token HMAC key once read (it never changes after it is created).
    private let continuationSecretCache = Locked<Data?>(nil)
    /// When expired continuations were last deleted (seconds since 1970, the emulator's clock).
    private let lastPurge = Locked<Double?>(nil)

    private init(writer: any DatabaseWriter, path: String?) throws {
        self.writer = writer
        self.path = path
        try Schema.migrator.migrate(writer)
    }

    /// A fresh store in memory.
    public static func inMemory() throws -> EmulatorStore {
        try EmulatorStore(writer: DatabaseQueue(configuration: configuration), path: nil)
    }

    /// Opens (creating when needed) `<directory>/authority.sqlite`; the directory is created with mode 0700 and
    /// the file with mode 0600.
    public convenience init(directory: String) throws {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if !files.fileExists(atPath: directory, isDirectory: &isDirectory) {
            try files.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } else if !isDirectory.boolValue {
            throw EmulatorStoreError(message: "'\(directory)' is not a directory")
        }
        let path = (directory as NSString).appendingPathComponent("authority.sqlite")
        if !files.fileExists(atPath: path) {
            guard files.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw EmulatorStoreError(message: "cannot create '\(path)'")
            }
        }
        try files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        try self.init(writer: DatabasePool(path: path, configuration: EmulatorStore.configuration), path: path)
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
        }
        return configuration
    }

    /// Throws when the database cannot be read or its schema is not the one this build migrates to: what a
    /// readiness check asks. A file store is opened afresh, read-only, so that a file that was removed, replaced
    /// or damaged under the running server is noticed (open connections would go on reading their cache).
    public func checkReady() async throws {
        let applied: [String]
        if let path {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.busyMode = .timeout(2)
            let fresh = try DatabaseQueue(path: path, configuration: configuration)
            applied = try await fresh.read { db in try Array(Schema.migrator.appliedIdentifiers(db)) }
        } else {
            applied = try await writer.read { db in try Array(Schema.migrator.appliedIdentifiers(db)) }
        }
        let expected = Set(Schema.migrator.migrations)
        guard expected.isSubset(of: Set(applied)) else {
            throw EmulatorStoreError(message: "the database's schema is not migrated")
        }
    }

    /// Binds the store to the tenant `tenantID` on first use; throws when it was created for another tenant, so
    /// two tenants never share users, keys or tokens.
    public func bind(toTenant tenantID: String, now: Date = Date()) throws {
        try writer.write { db in try Keys.bindTenant(db, tenantID: tenantID, now: now.timeIntervalSince1970) }
    }

    /// The 32-byte HMAC key of continuation tokens, read (or created) once, then kept.
    func continuationSecret(now: Double) async throws -> Data {
        if let secret = continuationSecretCache.value { return secret }
        let secret = try await writer.write { db in try Keys.continuationSecret(db, now: now) }
        return continuationSecretCache.withLock { cached in
            if let cached { return cached }
            cached = secret
            return secret
        }
    }

    /// Whether expired continuations are due to be deleted at `now`: at most once a minute (and again whenever
    /// the clock moved back). Deleting them is housekeeping only: an expired token is refused from its own
    /// payload before its row is looked up.
    func purgeDue(now: Double) -> Bool {
        lastPurge.withLock { last in
            if let last, now >= last, now - last < 60 { return false }
            last = now
            return true
        }
    }

    /// The user with this username (case-insensitive), or nil.
    public func user(named username: String) async throws -> EmulatorUser? {
        try await writer.read { db in try UserRecord.named(username, in: db).map(EmulatorUser.init) }
    }

    /// Every user, oldest first.
    public func users() async throws -> [EmulatorUser] {
        try await writer.read { db in
            try UserRecord.order(Column("created_at"), Column("username")).fetchAll(db).map(EmulatorUser.init)
        }
    }

    /// Sets whether a user needs a second factor; false when there is no such user.
    @discardableResult
    public func setMFA(_ enabled: Bool, for username: String) async throws -> Bool {
        try await writer.write { db in
            guard var user = try UserRecord.named(username, in: db) else { return false }
            user.mfa = enabled
            try user.update(db)
            return true
        }
    }

    /// Deletes a user and their refresh tokens; false when there is no such user.
    @discardableResult
    public func deleteUser(named username: String) async throws -> Bool {
        try await writer.write { db in
            guard let user = try UserRecord.named(username, in: db) else { return false }
            try RefreshTokenRecord.filter(Column("user_id") == user.id).deleteAll(db)
            return try user.delete(db)
        }
    }
}

/// A store that could not be opened.
public struct EmulatorStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// A user as the store keeps it (never the password hash).
public struct EmulatorUser: Sendable, Hashable, Codable {
    /// The object id: the `oid` claim and `client_info.uid`.
    public var id: String
    public var username: String
    public var hasPassword: Bool
    public var attributes: [String: String]
    public var mfa: Bool
    /// Registered strong-auth contacts as `channel:target` (e.g. `sms:+15555550100`).
    public var methods: [String]
    public var createdAt: Date

    init(_ record: UserRecord) {
        self.id = record.id
        self.username = record.username
        self.hasPassword = record.passwordHash != nil
        self.attributes = record.attributes
        self.mfa = record.mfa
        self.methods = record.methods.map { "\($0.channel):\($0.target)" }
        self.createdAt = Date(timeIntervalSince1970: record.createdAt)
    }
}
