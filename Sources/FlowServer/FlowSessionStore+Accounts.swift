import Foundation

/// How long an account session lasts: ``idle`` without being used, ``absolute`` after its sign-in.
struct AccountSessionLimits: Sendable {
    var idle: Duration
    var absolute: Duration

    /// The seconds since 1970 at or before which a session last used has been idle too long, at `now`.
    func idleBefore(_ now: Date) -> Double {
        now.timeIntervalSince1970 - Double(idle.components.seconds)
    }

    /// The seconds since 1970 at or before which a session signed in has lasted too long, at `now`.
    func signedInBefore(_ now: Date) -> Double {
        now.timeIntervalSince1970 - Double(absolute.components.seconds)
    }
}

extension FlowSessionStore {
    /// Adds the account session whose cookie value has the digest `digest`, after removing the ended ones.
    func openAccount(
        _ account: SignedInAccount, digest: String, now: Date, limits: AccountSessionLimits
    ) async throws {
        let time = now.timeIntervalSince1970
        try await storage.insertAccount(
            AccountSessionRow(
                id: digest, account: try JSONEncoder().encode(account), signedInAt: time, usedAt: time),
            idleBefore: limits.idleBefore(now), signedInBefore: limits.signedInBefore(now))
    }

    /// The account of the session with the digest `digest`, marked used at `now`; nil when there is none or it
    /// has ended.
    func useAccount(digest: String, now: Date, limits: AccountSessionLimits) async throws -> SignedInAccount? {
        let data = try await storage.useAccount(
            id: digest, idleSince: limits.idleBefore(now), signedInSince: limits.signedInBefore(now),
            now: now.timeIntervalSince1970)
        return try data.map { try JSONDecoder().decode(SignedInAccount.self, from: $0) }
    }

    /// Removes the account session with the digest `digest`, if any.
    func closeAccount(digest: String) async throws {
        try await storage.deleteAccount(id: digest)
    }
}
