import Logging
import PostgresNIO

/// One pooled connection inside a transaction of ``PooledPostgres``, its statements awaited. Values are always
/// bound (the query's interpolations), never spliced into the text.
struct PostgresStatements: Sendable {
    let connection: PostgresConnection
    let logger: Logger

    /// The rows `query` returns.
    func rows(_ query: PostgresQuery) async throws -> [PostgresRandomAccessRow] {
        try await result(query).rows.map { $0.makeRandomAccess() }
    }

    /// Runs `query`; the number of rows it changed.
    @discardableResult
    func execute(_ query: PostgresQuery) async throws -> Int {
        try await result(query).metadata.rows ?? 0
    }

    private func result(_ query: PostgresQuery) async throws -> PostgresQueryResult {
        let answer: EventLoopFuture<PostgresQueryResult> = connection.query(query, logger: logger)
        return try await answer.get()
    }
}

/// The same connection for the emulator's synchronous `StoreTransaction`: each statement waits for its answer,
/// on a thread of ``PooledPostgres``'s own (never on a task's).
struct BlockingStatements {
    let connection: PostgresConnection
    let logger: Logger

    /// The rows `query` returns.
    func rows(_ query: PostgresQuery) throws -> [PostgresRandomAccessRow] {
        try connection.query(query, logger: logger).wait().rows.map { $0.makeRandomAccess() }
    }

    /// Runs `query`; the number of rows it changed.
    @discardableResult
    func execute(_ query: PostgresQuery) throws -> Int {
        try connection.query(query, logger: logger).wait().metadata.rows ?? 0
    }
}
