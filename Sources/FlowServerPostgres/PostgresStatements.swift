import Logging
import PostgresNIO

/// One connection inside a transaction, its statements waited for (see ``BlockingPostgres``). Values are
/// always bound (the query's interpolations), never spliced into the text.
struct PostgresStatements {
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
