import Foundation

/// Where a ``FlowSessionStore`` keeps its rows (`flow_session`: id, state, record, version, updated_at): a
/// SQLite file or memory, or a PostgreSQL database shared by several servers. Records arrive sealed and
/// encoded; times are seconds since 1970.
package protocol FlowSessionStorage: Sendable {
    /// How many sessions updated at or after `since` wait on an ask.
    func waiting(since: Double) async throws -> Int
    /// Deletes sessions updated before `expiredBefore`, then adds this one unless `limit` sessions already wait
    /// on an ask (``FlowSessionStoreError/full(_:)``).
    func insert(_ row: FlowSessionRow, expiredBefore: Double, limit: Int) async throws
    /// The encoded record of the session, when it was updated at or after `since`.
    func record(id: String, since: Double) async throws -> Data?
    /// Replaces the session if it is still at `row.version - 1`; false when another change came first.
    func replace(_ row: FlowSessionRow) async throws -> Bool
    /// Deletes sessions updated before `expiredBefore`; how many.
    func purge(expiredBefore: Double) async throws -> Int
}

/// A row of `flow_session`.
package struct FlowSessionRow: Sendable {
    package var id: String
    package var state: String
    /// The session record as JSON, its continuation sealed.
    package var record: Data
    package var version: Int
    package var updatedAt: Double
}
