import Foundation

/// Where a ``FlowSessionStore`` keeps its rows (`flow_session`: id, state, record, version, updated_at,
/// answering_until; `account_session`: id, account, signed_in_at, used_at): a SQLite file or memory, or a
/// PostgreSQL database shared by several servers. Ids are the digests of the session ids and cookie values
/// (``FlowSessionRow/id``); records arrive sealed and encoded; times are seconds since 1970.
package protocol FlowSessionStorage: Sendable {
    /// How many sessions updated at or after `since` wait on an ask.
    func waiting(since: Double) async throws -> Int
    /// Deletes sessions updated before `expiredBefore`, then adds this one unless `limit` sessions already wait
    /// on an ask (``FlowSessionStoreError/full(_:)``).
    func insert(_ row: FlowSessionRow, expiredBefore: Double, limit: Int) async throws
    /// The encoded record of the session, when it was updated at or after `since`.
    func record(id: String, since: Double) async throws -> Data?
    /// Marks the session at `version` as taking an answer until `until`, unless it changed or another answer
    /// holds it (a mark not past at `now`); false then. Taken before an answer runs, so that answers to one
    /// session run one at a time across every server sharing the store.
    func claim(id: String, version: Int, until: Double, now: Double) async throws -> Bool
    /// Replaces the session if it is still at `row.version - 1`, clearing its answer's mark; false when another
    /// change came first.
    func replace(_ row: FlowSessionRow) async throws -> Bool
    /// Deletes the session if it is still at `version`; false when another change came first.
    func delete(id: String, version: Int) async throws -> Bool
    /// Deletes sessions updated before `expiredBefore`; how many.
    func purge(expiredBefore: Double) async throws -> Int
    /// The session's record for an answer: when it waits on an ask and no answer holds it, marked as taking one
    /// until `until`. A store that can, reads and marks in one transaction; the default only reads, and the
    /// caller marks it with ``claim(id:version:until:now:)``.
    func claimForAnswer(id: String, since: Double, until: Double, now: Double) async throws -> AnswerClaim
    /// Deletes the account sessions last used at or before `idleBefore` or signed in at or before `signedInBefore`,
    /// then adds this one.
    func insertAccount(_ row: AccountSessionRow, idleBefore: Double, signedInBefore: Double) async throws
    /// The encoded account of the account session, when it was last used after `idleSince` and signed in after
    /// `signedInSince`; marks it used at `now`.
    func useAccount(id: String, idleSince: Double, signedInSince: Double, now: Double) async throws -> Data?
    /// Deletes the account session, if any.
    func deleteAccount(id: String) async throws
}

extension FlowSessionStorage {
    package func claimForAnswer(id: String, since: Double, until: Double, now: Double) async throws -> AnswerClaim {
        guard let record = try await record(id: id, since: since) else { return .missing }
        return .read(record)
    }
}

/// What ``FlowSessionStorage/claimForAnswer(id:since:until:now:)`` found.
package enum AnswerClaim: Sendable, Equatable {
    /// No session updated since then.
    case missing
    /// Another answer holds the session.
    case held
    /// The session's record, not marked: it waits on no ask, or the store leaves the mark to the caller.
    case read(Data)
    /// The session's record, marked as taking this answer.
    case claimed(Data)
}

/// A row of `account_session`.
package struct AccountSessionRow: Sendable {
    /// The hex SHA-256 of the cookie value that carries the session (``SecretDigest``).
    package var id: String
    /// The signed-in account as JSON: its user id and username, no token.
    package var account: Data
    package var signedInAt: Double
    package var usedAt: Double
}

/// A row of `flow_session`.
package struct FlowSessionRow: Sendable {
    /// The hex SHA-256 of the session id (``SecretDigest``): the store never holds the id itself.
    package var id: String
    package var state: String
    /// The session record as JSON, its continuation sealed.
    package var record: Data
    package var version: Int
    package var updatedAt: Double
}
