import FlowrunFoundation
import Foundation
import Logging
import NIOCore
import NIOPosix
import NativeAuthEmulator
import PostgresNIO

/// PostgreSQL through postgres-nio's connection pool (`PostgresClient`), which a task of this value runs until
/// ``close()``. Transactions are `REPEATABLE READ`: each sees one snapshot, and one that changes a row a
/// concurrent transaction (on this server or another) changed since is aborted by PostgreSQL and run again from
/// the start — so a code, a token or a counter is never updated from a stale read. (`SERIALIZABLE` would also
/// abort on the page-level predicate locks of unrelated sign-ups; what it would add, the store gets from unique
/// keys and the recipient rows of `PostgresTransaction.codeTimes(to:after:limit:)`.)
///
/// Migrations, flow sessions and checks are asynchronous from end to end. The emulator's request logic is
/// synchronous (written against `StoreTransaction` for SQLite too, whose group commit runs it inside one
/// database transaction), so its transactions (``blockingTransaction(_:_:)``) run on a thread of this value's
/// own, waiting there for each statement on their pooled connection.
///
/// A connection that fails is dropped by the pool and a new one opened later; while none can be opened,
/// transactions throw `StoreUnavailable` in words, as they do when a transaction keeps colliding.
final class PooledPostgres: Sendable {
    private let address: PostgresAddress
    private let client: PostgresClient
    /// The configuration of a connection of its own, to learn why the pool hands out none.
    private let probe: PostgresConnection.Configuration
    /// Runs the pool until ``close()``.
    private let running: Task<Void, Never>
    /// The threads of the emulator's synchronous transactions, one per connection.
    private let threads: NIOThreadPool
    private let logger: Logger
    private let closed = Locked(false)
    /// Serialization failures and deadlocks are retried this many times before the request is answered as
    /// unavailable.
    private static let attempts = 30
    /// How long a transaction waits for a pooled connection before checking whether the server can be reached
    /// (the pool itself keeps trying to connect, for up to a minute, while requests wait).
    private static let patience = Duration.seconds(1)

    /// A pool of at most `size` connections; a certificate file of the address that cannot be read is a
    /// ``DatabaseURLError``.
    init(address: PostgresAddress, size: Int, logger: Logger) throws {
        self.address = address
        self.logger = logger
        // The pool's own messages are errors only: not the warning of a lease asked for before `run()` began.
        var background = logger
        background.logLevel = .error
        let client = PostgresClient(
            configuration: try Self.clientConfiguration(address, size: size), backgroundLogger: background)
        self.client = client
        probe = try Self.probeConfiguration(address)
        running = Task { await client.run() }
        threads = NIOThreadPool(numberOfThreads: size)
        threads.start()
    }

    /// How a transaction begins.
    enum Mode: String, Sendable {
        case write = "BEGIN ISOLATION LEVEL REPEATABLE READ"
        case read = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
        /// Schema changes, serialized by an advisory lock instead.
        case migration = "BEGIN"
    }

    /// What ended one attempt at a transaction, when it is not the body's own error.
    private enum AttemptFailure: Error {
        case notBegun(any Error)
        case lost(any Error)
        case collided(any Error)
    }

    /// Runs `body` in one transaction, retried on serialization failures and deadlocks.
    func transaction<T: Sendable>(
        _ mode: Mode = .write, _ body: @escaping @Sendable (PostgresStatements) async throws -> T
    ) async throws -> T {
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try await leased { connection in try await self.attempt(mode, body, on: connection) }
            } catch AttemptFailure.notBegun(let error) {
                // An idle connection the server dropped (it restarted): nothing ran, so another one is tried.
                guard PostgresFailure.isConnectionLoss(error), attempt < Self.attempts else {
                    throw StoreUnavailable("cannot begin a transaction: \(PostgresFailure.summary(error))")
                }
            } catch AttemptFailure.lost(let error) {
                throw StoreUnavailable("the database connection was lost: \(PostgresFailure.summary(error))")
            } catch AttemptFailure.collided(let error) {
                guard attempt < Self.attempts else {
                    throw StoreUnavailable(
                        "the transaction collided \(attempt) times: \(PostgresFailure.summary(error))")
                }
                try await Task.sleep(for: PostgresFailure.pause(before: attempt + 1))
            }
        }
    }

    /// Runs the synchronous `body` in one transaction (as ``transaction(_:_:)`` does), on a thread of this value.
    func blockingTransaction<T: Sendable>(
        _ mode: Mode = .write, _ body: @escaping @Sendable (BlockingStatements) throws -> T
    ) async throws -> T {
        try await transaction(mode) { sql in
            do {
                return try await self.threads.runIfActive {
                    try body(BlockingStatements(connection: sql.connection, logger: sql.logger))
                }
            } catch is NIOThreadPoolError.ThreadPoolInactive {
                throw StoreUnavailable("the database connection pool is shut down")
            }
        }
    }

    /// Stops the pool (closing its connections) and the threads.
    func close() async {
        closed.withLock { $0 = true }
        running.cancel()
        await running.value
        try? await threads.shutdownGracefully()
    }

    /// One attempt: `BEGIN`, `body`, `COMMIT` on `connection`, rolled back when `body` throws.
    private func attempt<T>(
        _ mode: Mode, _ body: (PostgresStatements) async throws -> T, on connection: PostgresConnection
    ) async throws -> T {
        let sql = PostgresStatements(connection: connection, logger: logger)
        do {
            try await sql.execute(PostgresQuery(unsafeSQL: mode.rawValue))
        } catch {
            Self.discard(connection)
            throw AttemptFailure.notBegun(error)
        }
        do {
            let result = try await body(sql)
            try await sql.execute("COMMIT")
            return result
        } catch {
            if PostgresFailure.isConnectionLoss(error) || connection.isClosed {
                Self.discard(connection)
                throw AttemptFailure.lost(error)
            }
            do {
                try await sql.execute("ROLLBACK")
            } catch {
                Self.discard(connection)
            }
            guard PostgresFailure.mustRetry(error) else { throw error }
            throw AttemptFailure.collided(error)
        }
    }

    /// Runs `body` on a pooled connection. While none comes, a watchdog checks each ``patience`` whether the
    /// server can be reached; when it cannot, the wait ends in `StoreUnavailable` saying why.
    private func leased<T: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        guard !closed.withLock({ $0 }) else { throw StoreUnavailable("the database connection pool is shut down") }
        let race = LeaseRace()
        do {
            return try await withThrowingTaskGroup(of: T?.self) { group in
                group.addTask {
                    try await self.client.withConnection { connection in
                        guard race.start() else { throw CancellationError() }
                        return try await body(connection)
                    }
                }
                group.addTask {
                    while race.isWaiting {
                        try await Task.sleep(for: Self.patience)
                        if race.isWaiting, let reason = await self.unreachable(), race.giveUp() {
                            throw StoreUnavailable("cannot connect to \(self.address): \(reason)")
                        }
                    }
                    return nil
                }
                while let result = try await group.next() {
                    if let result {
                        group.cancelAll()
                        return result
                    }
                }
                throw StoreUnavailable("cannot connect to \(address): no connection came")
            }
        } catch let error as StoreUnavailable {
            throw error
        } catch  where race.isWaiting {
            throw StoreUnavailable("cannot connect to \(address): \(PostgresFailure.summary(error))")
        }
    }

    /// Why the server cannot be reached now, from a connection of its own; nil when it can.
    private func unreachable() async -> String? {
        do {
            let connection = try await PostgresConnection.connect(
                on: MultiThreadedEventLoopGroup.singleton.next(), configuration: probe, id: 0, logger: logger)
            try? await connection.close()
            return nil
        } catch {
            return PostgresFailure.summary(error)
        }
    }

    /// Closes a connection that is no longer trusted, without waiting; the pool then drops it.
    private static func discard(_ connection: PostgresConnection) {
        let closing: EventLoopFuture<Void> = connection.close()
        closing.whenComplete { _ in }
    }

    private static func clientConfiguration(_ address: PostgresAddress, size: Int) throws
        -> PostgresClient.Configuration
    {
        var configuration: PostgresClient.Configuration
        if let directory = address.socketDirectory {
            configuration = PostgresClient.Configuration(
                unixSocketPath: (directory as NSString).appendingPathComponent(".s.PGSQL.\(address.port)"),
                username: address.username, password: address.password, database: address.database)
        } else {
            configuration = PostgresClient.Configuration(
                host: address.host ?? "localhost", port: address.port, username: address.username,
                password: address.password, database: address.database, tls: try address.clientTLS())
        }
        configuration.options.connectTimeout = .seconds(5)
        configuration.options.maximumConnections = max(size, 1)
        return configuration
    }

    private static func probeConfiguration(_ address: PostgresAddress) throws -> PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        if let directory = address.socketDirectory {
            configuration = PostgresConnection.Configuration(
                unixSocketPath: (directory as NSString).appendingPathComponent(".s.PGSQL.\(address.port)"),
                username: address.username, password: address.password, database: address.database)
        } else {
            configuration = PostgresConnection.Configuration(
                host: address.host ?? "localhost", port: address.port, username: address.username,
                password: address.password, database: address.database, tls: try address.connectionTLS())
        }
        configuration.options.connectTimeout = .seconds(5)
        return configuration
    }
}
