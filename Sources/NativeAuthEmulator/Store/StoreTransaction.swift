/// What one request does to the store, inside one transaction: every read and write the emulator makes. The
/// SQLite store (``EmulatorStore/init(directory:)``) and the PostgreSQL store implement it over the same
/// tables; a change that must happen at most once (a code or continuation used up, a refresh token redeemed)
/// is a conditional update that reports whether it happened.
package protocol StoreTransaction {
    /// The user whose canonical username (``Contacts/canonical(_:)``) is that of `username`.
    func user(named username: String) throws -> UserRecord?
    func user(id: String) throws -> UserRecord?
    /// Every user, oldest first.
    func users() throws -> [UserRecord]
    /// Throws ``StoreConflict/userAlreadyExists`` when the username is taken (a concurrent sign-up won).
    func insert(_ user: UserRecord) throws
    func update(_ user: UserRecord) throws
    /// Deletes the user and their refresh tokens; false when there was no such user.
    func deleteUser(id: String) throws -> Bool

    func insert(_ code: CodeRecord) throws
    func update(_ code: CodeRecord) throws
    /// Marks every unused code of a flow session used (a resend replaces them).
    func retireCodes(session: String) throws
    /// Marks the code used when it was not; whether this call did.
    func useCode(id: String) throws -> Bool
    /// The newest code answered with the continuation `continuationID`.
    func latestCode(continuation continuationID: String) throws -> CodeRecord?
    /// The sending times of the newest `limit` codes sent to `recipient` after `time`, newest first.
    func codeTimes(to recipient: String, after time: Double, limit: Int) throws -> [Double]
    /// The newest sent codes (only those to `recipient` when given), newest first.
    func sentCodes(to recipient: String?, limit: Int) throws -> [CodeRecord]

    func insert(_ continuation: ContinuationRecord) throws
    func update(_ continuation: ContinuationRecord) throws
    func continuation(id: String) throws -> ContinuationRecord?
    /// Marks the continuation consumed when it was not; whether this call did.
    func consumeContinuation(id: String) throws -> Bool

    func insert(_ token: RefreshTokenRecord) throws
    func refreshToken(hash: String) throws -> RefreshTokenRecord?
    /// Marks the refresh token used when it was not; whether this call did.
    func useRefreshToken(hash: String) throws -> Bool
    /// Marks every refresh token of a family used (a reused token revokes its family).
    func revokeRefreshFamily(_ family: String) throws
    /// Marks every refresh token of a user used (a password reset signs the user out).
    func revokeRefreshTokens(user userID: String) throws

    /// The account's lockout row, keyed by canonical username.
    func lockout(account: String) throws -> LockoutRecord?
    /// Writes the account's counts; a `lockedUntil` of 0 keeps the time the account was locked until.
    func saveLockout(_ lockout: LockoutRecord) throws
    func deleteLockout(account: String) throws

    func key(named name: String) throws -> KeyRecord?
    /// Inserts or replaces the key of this name.
    func save(_ key: KeyRecord) throws

    /// Deletes continuations, codes and refresh tokens that expired before `cutoff`, and lockouts over and
    /// untouched since then.
    func purge(before cutoff: Double) throws
}

/// Where an ``EmulatorStore`` keeps its tables: a SQLite file or memory, or a PostgreSQL database shared by
/// several servers. Each closure runs in one transaction, on a thread the backend chooses; a backend retries
/// it when its database asks to (a serialization failure), so the closure must do nothing but store calls.
package protocol StoreBackend: Sendable {
    /// The database's name for trace spans (OpenTelemetry's `db.system.name`): `sqlite` or `postgresql`.
    var databaseSystem: String { get }
    /// A transaction that may write.
    func write<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> T) async throws -> T
    /// A transaction that only reads.
    func read<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> T) async throws -> T
    /// Throws when the database cannot be reached or its schema is not the one this build migrates to.
    func checkReady() async throws
    /// The database's own integrity check: `["ok"]` when sound, else the problems it found.
    func integrityCheck() async throws -> [String]
}

/// A write the store refused because another one came first.
package enum StoreConflict: Error, Sendable {
    /// The username (in canonical form) belongs to a user already.
    case userAlreadyExists
}

/// A store that cannot be used now (its database is unreachable or shutting down); requests that need it are
/// answered 503, and the store is tried again on the next request.
public struct StoreUnavailable: Error, Sendable, CustomStringConvertible {
    public var description: String

    package init(_ description: String) {
        self.description = description
    }
}
