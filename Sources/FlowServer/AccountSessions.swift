import FlowSessionSeal
import Foundation

/// The accounts browsers are signed in to on the sign-in pages: a successful sign-in leaves an account session,
/// carried in the browser's `flowrun_account` cookie, so that a later authorize request signs in without asking
/// again. The cookie's value is the credential: the store keeps only its SHA-256. A session ends when it has been
/// idle for ``idleLimit``, when ``absoluteLimit`` has passed since the sign-in, or at sign-out. Kept in the flow
/// sessions' store (`account_session`), so a restarted server, or another one sharing the store, knows it too.
public struct AccountSessions: Sendable {
    /// How long an account session lasts without being used.
    public let idleLimit: Duration
    /// How long an account session lasts after its sign-in, however often it is used.
    public let absoluteLimit: Duration
    private let store: FlowSessionStore
    private let now: @Sendable () -> Date

    /// Account sessions kept in `store`.
    public init(
        store: FlowSessionStore, idleLimit: Duration = .seconds(30 * 60),
        absoluteLimit: Duration = .seconds(12 * 3600), now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.store = store
        self.idleLimit = idleLimit
        self.absoluteLimit = absoluteLimit
        self.now = now
    }

    /// Opens an account session for `account`, after removing the ended ones; the cookie value that carries it.
    public func open(_ account: SignedInAccount) async throws -> String {
        let value = SessionID.make()
        try await store.openAccount(
            account, digest: SecretDigest.hex(value), now: now(), limits: limits)
        return value
    }

    /// The account of the session `value` carries, when it has not ended; using it restarts its idle time.
    public func account(_ value: String) async throws -> SignedInAccount? {
        guard SessionID.isWellFormed(value) else { return nil }
        return try await store.useAccount(digest: SecretDigest.hex(value), now: now(), limits: limits)
    }

    /// Ends the session `value` carries, if any.
    public func close(_ value: String) async throws {
        guard SessionID.isWellFormed(value) else { return }
        try await store.closeAccount(digest: SecretDigest.hex(value))
    }

    private var limits: AccountSessionLimits {
        AccountSessionLimits(idle: idleLimit, absolute: absoluteLimit)
    }
}
