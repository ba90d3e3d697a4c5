import FlowrunFoundation
import Foundation
import NativeAuthWire
import Tracing

/// The emulator's storage: users, sent codes (the outbox), continuation tokens, refresh tokens and keys. A file
/// store (`<directory>/authority.sqlite`, mode 0600, WAL) keeps users between runs; an in-memory store lasts as
/// long as the value; a PostgreSQL store (the `FlowServerPostgres` module) is shared by several servers.
public final class EmulatorStore: Sendable {
    /// The SQLite database file, or nil in memory or in PostgreSQL.
    public let path: String?
    package let backend: any StoreBackend
    /// The continuation tokens under the HMAC key once read (the key never changes after it is created).
    private let continuationTokensCache = Locked<ContinuationTokens?>(nil)
    /// When expired continuations were last deleted (seconds since 1970, the emulator's clock).
    private let lastPurge = Locked<Double?>(nil)
    /// Told of each failure of the store itself (see ``reportFailures(to:)``).
    private let failureObserver = ObserverSlot<StoreFailure>()
    /// Where each transaction's span goes; nil for the no-op tracer.
    private let tracer: (any Tracer)?

    /// A store over `backend`, whose schema is already migrated; each transaction is a span of `tracer`.
    package init(backend: any StoreBackend, path: String? = nil, tracer: any Tracer = InstrumentationSystem.tracer) {
        self.backend = backend
        self.path = path
        self.tracer = tracer is NoOpTracer ? nil : tracer
    }

    /// A fresh store in memory. Each transaction is a span of `tracer` (`store write` or `store read`, with the
    /// database's name and nothing of what it reads or writes), the process's bootstrapped tracer by default.
    public static func inMemory(tracer: any Tracer = InstrumentationSystem.tracer) throws -> EmulatorStore {
        EmulatorStore(backend: try SQLiteBackend.inMemory(), tracer: tracer)
    }

    /// Opens (creating when needed) `<directory>/authority.sqlite`; the directory is created with mode 0700 and
    /// the file with mode 0600. Each transaction is a span of `tracer`, as in ``inMemory(tracer:)``.
    public convenience init(directory: String, tracer: any Tracer = InstrumentationSystem.tracer) throws {
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
        self.init(backend: try SQLiteBackend.file(path), path: path, tracer: tracer)
    }

    /// Tells `observer` (replacing any earlier one) of each failure of the store itself: the database could
    /// not be reached, or a read or write failed. Answers a request refuses (a wrong code, a used token) are no
    /// failures.
    public func reportFailures(to observer: (@Sendable (StoreFailure) -> Void)?) {
        failureObserver.set(observer)
    }

    /// A transaction that may write.
    func write<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> T) async throws -> T {
        try await reporting { try await traced("write") { try await backend.write(body) } }
    }

    /// A transaction that only reads.
    func read<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> T) async throws -> T {
        try await reporting { try await traced("read") { try await backend.read(body) } }
    }

    /// Runs the transaction `body` in a client span `store <operation>` (with the database's name and the
    /// operation only) when the store has a tracer.
    private func traced<T>(_ operation: String, _ body: () async throws -> T) async throws -> T {
        guard let tracer else { return try await body() }
        return try await tracer.withSpan("store \(operation)", ofKind: .client) { span in
            span.attributes["db.system.name"] = backend.databaseSystem
            span.attributes["db.operation.name"] = operation
            return try await body()
        }
    }

    /// Runs `body`, telling the failure observer of a failure of the store it throws.
    private func reporting<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            if let failure = StoreFailure(error) { failureObserver.notify(failure) }
            throw error
        }
    }

    /// Throws when the database cannot be reached or its schema is not the one this build migrates to: what a
    /// readiness check asks.
    public func checkReady() async throws {
        try await reporting { try await backend.checkReady() }
    }

    /// Binds the store to the tenant `tenantID` on first use; throws when it was created for another tenant, so
    /// two tenants never share users, keys or tokens.
    public func bind(toTenant tenantID: String, now: Date = Date()) async throws {
        try await write { store in try Keys.bindTenant(store, tenantID: tenantID, now: now.timeIntervalSince1970) }
    }

    /// Continuation tokens under the store's 32-byte HMAC key, read (or created) once, then kept.
    func continuationTokens(now: Double) async throws -> ContinuationTokens {
        if let tokens = continuationTokensCache.value { return tokens }
        let secret = try await write { store in try Keys.continuationSecret(store, now: now) }
        return continuationTokensCache.withLock { cached in
            if let cached { return cached }
            let tokens = ContinuationTokens(secret: secret)
            cached = tokens
            return tokens
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
        try await read { store in try store.user(named: username).map(EmulatorUser.init) }
    }

    /// Every user, oldest first.
    public func users() async throws -> [EmulatorUser] {
        try await read { store in try store.users().map(EmulatorUser.init) }
    }

    /// Sets whether a user needs a second factor; false when there is no such user.
    @discardableResult
    public func setMFA(_ enabled: Bool, for username: String) async throws -> Bool {
        try await write { store in
            guard var user = try store.user(named: username) else { return false }
            user.mfa = enabled
            try store.update(user)
            return true
        }
    }

    /// Deletes a user and their refresh tokens; false when there is no such user.
    @discardableResult
    public func deleteUser(named username: String) async throws -> Bool {
        try await write { store in
            guard let user = try store.user(named: username) else { return false }
            return try store.deleteUser(id: user.id)
        }
    }
}

/// A failure of the store itself, as ``EmulatorStore/reportFailures(to:)`` reports it.
public enum StoreFailure: String, Sendable {
    /// The database could not be reached (the request was answered 503).
    case unavailable
    /// A read or write failed (the request was answered 500).
    case failed

    /// The failure `error` is, or nil for an answer the store's caller gives on purpose.
    init?(_ error: any Error) {
        switch error {
        case is StoreUnavailable: self = .unavailable
        case is EmulatorError, is StoreConflict, is CancellationError: return nil
        default: self = .failed
        }
    }
}

/// A store that could not be opened.
public struct EmulatorStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    package init(message: String) {
        self.message = message
    }
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
