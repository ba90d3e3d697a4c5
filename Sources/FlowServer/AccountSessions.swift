import FlowSessionSeal
import Foundation

/// The accounts browsers are signed in to on the sign-in pages: a successful sign-in leaves an account session,
/// carried in the browser's `flowrun_account` cookie, so that a later authorize request signs in without asking
/// again. The cookie's value is the credential: only its SHA-256 is kept. A session ends when it has been idle for
/// ``idleLimit``, when ``absoluteLimit`` has passed since the sign-in, or at sign-out. Kept in this process's memory:
/// a restarted server, or another one behind the same address, asks again.
public actor AccountSessions {
    /// How long an account session lasts without being used.
    public let idleLimit: Duration
    /// How long an account session lasts after its sign-in, however often it is used.
    public let absoluteLimit: Duration
    private let now: @Sendable () -> Date
    private var sessions: [String: Entry] = [:]
    /// When ended sessions were last removed; they are removed at most once a minute.
    private var purgedAt = Date.distantPast

    private struct Entry {
        var account: SignedInAccount
        var signedInAt: Date
        var usedAt: Date
    }

    public init(
        idleLimit: Duration = .seconds(30 * 60), absoluteLimit: Duration = .seconds(12 * 3600),
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.idleLimit = idleLimit
        self.absoluteLimit = absoluteLimit
        self.now = now
    }

    /// Opens an account session for `account`; the cookie value that carries it.
    func open(_ account: SignedInAccount) -> String {
        removeExpired()
        let value = SessionID.make()
        let time = now()
        sessions[SecretDigest.hex(value)] = Entry(account: account, signedInAt: time, usedAt: time)
        return value
    }

    /// The account of the session `value` carries, when it has not ended; using it restarts its idle time.
    func account(_ value: String) -> SignedInAccount? {
        guard SessionID.isWellFormed(value) else { return nil }
        let key = SecretDigest.hex(value)
        guard var entry = sessions[key] else { return nil }
        guard !isExpired(entry) else {
            sessions[key] = nil
            return nil
        }
        entry.usedAt = now()
        sessions[key] = entry
        return entry.account
    }

    /// Ends the session `value` carries, if any.
    func close(_ value: String) {
        guard SessionID.isWellFormed(value) else { return }
        sessions[SecretDigest.hex(value)] = nil
    }

    private func isExpired(_ entry: Entry) -> Bool {
        let time = now()
        return time.timeIntervalSince(entry.usedAt) >= Double(idleLimit.components.seconds)
            || time.timeIntervalSince(entry.signedInAt) >= Double(absoluteLimit.components.seconds)
    }

    private func removeExpired() {
        guard now().timeIntervalSince(purgedAt) >= 60 else { return }
        purgedAt = now()
        sessions = sessions.filter { !isExpired($0.value) }
    }
}
