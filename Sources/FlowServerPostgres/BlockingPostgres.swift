import FlowrunFoundation
import Foundation
import Logging
import NIOCore
import NIOPosix
import NativeAuthEmulator
import PostgresNIO

/// Runs transactions against PostgreSQL on threads of their own, so that the emulator's synchronous request
/// logic (written against ``StoreTransaction``, as for SQLite) runs unchanged: each transaction holds one
/// connection and one thread of a pool, and waits for each statement's answer. Transactions are
/// `REPEATABLE READ`: each sees one snapshot, and one that changes a row a concurrent transaction (on this server
/// or another) changed since is aborted by PostgreSQL and run again from the start — so a code, a token or a
/// counter is never updated from a stale read. (`SERIALIZABLE` would also abort on the page-level predicate
/// locks of unrelated sign-ups; what it would add, the store gets from unique keys and the advisory lock of
/// ``PostgresTransaction/codeTimes(to:after:limit:)``.) A connection that fails is dropped and a new one opened on the
/// next transaction; while none can be opened, transactions throw ``StoreUnavailable``, as they do when a
/// transaction keeps colliding.
final class BlockingPostgres: Sendable {
    private let address: PostgresAddress
    /// The TLS of every connection, made once from the address's `sslmode`.
    private let tls: PostgresConnection.Configuration.TLS
    private let logger: Logger
    private let threads: NIOThreadPool
    private let idle = Locked<[PostgresConnection]>([])
    private let nextID = Locked(0)
    /// Serialization failures and deadlocks are retried this many times before the request is answered as
    /// unavailable.
    private static let attempts = 30

    /// A pool of `size` threads, each holding at most one connection; a certificate file of the address that
    /// cannot be read is a ``DatabaseURLError``.
    init(address: PostgresAddress, size: Int, logger: Logger) throws {
        self.address = address
        tls = try address.connectionTLS()
        self.logger = logger
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

    /// Runs `body` in one transaction, retried on serialization failures and deadlocks.
    func transaction<T: Sendable>(
        _ mode: Mode = .write, _ body: @escaping @Sendable (PostgresStatements) throws -> T
    ) async throws -> T {
        do {
            return try await threads.runIfActive { try self.runTransaction(mode, body) }
        } catch let error as NIOThreadPoolError.ThreadPoolInactive {
            _ = error
            throw StoreUnavailable("the database connection pool is shut down")
        }
    }

    /// Closes every idle connection and stops the threads.
    func shutdown() async {
        try? await threads.shutdownGracefully()
        for connection in idle.withLock({ connections in
            defer { connections = [] }
            return connections
        }) {
            try? await connection.close()
        }
    }

    private func runTransaction<T>(_ mode: Mode, _ body: (PostgresStatements) throws -> T) throws -> T {
        var attempt = 0
        while true {
            attempt += 1
            let connection = try checkOut()
            let statements = PostgresStatements(connection: connection, logger: logger)
            do {
                try statements.execute(PostgresQuery(unsafeSQL: mode.rawValue))
            } catch {
                // An idle connection the server dropped (it restarted): nothing ran, so another one is tried.
                Self.discard(connection)
                guard Self.isConnectionFailure(error), attempt < Self.attempts else {
                    throw StoreUnavailable("cannot begin a transaction: \(Self.summary(error))")
                }
                continue
            }
            do {
                let result = try body(statements)
                try statements.execute("COMMIT")
                checkIn(connection)
                return result
            } catch {
                if Self.isConnectionFailure(error) || connection.isClosed {
                    Self.discard(connection)
                    throw StoreUnavailable("the database connection was lost: \(Self.summary(error))")
                }
                do {
                    try statements.execute("ROLLBACK")
                    checkIn(connection)
                } catch {
                    Self.discard(connection)
                }
                guard Self.mustRetry(error) else { throw error }
                guard attempt < Self.attempts else {
                    throw StoreUnavailable("the transaction collided \(attempt) times: \(Self.summary(error))")
                }
                usleep(Self.pause(before: attempt + 1))
            }
        }
    }

    /// A random pause before `attempt`, in microseconds, growing with each collision up to 50 ms, so that the
    /// transactions that collided do not collide again.
    static func pause(before attempt: Int) -> UInt32 {
        let ceiling = min(50_000, 500 << min(attempt, 7))
        return UInt32.random(in: 100...UInt32(ceiling))
    }

    /// An idle connection, or a new one; ``StoreUnavailable`` when none can be opened.
    private func checkOut() throws -> PostgresConnection {
        while let connection = idle.withLock({ $0.popLast() }) {
            if !connection.isClosed { return connection }
        }
        let id = nextID.withLock { value in
            value += 1
            return value
        }
        do {
            return try PostgresConnection.connect(
                on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: id,
                logger: logger
            ).wait()
        } catch {
            throw StoreUnavailable("cannot connect to \(address): \(Self.summary(error))")
        }
    }

    /// Closes a connection that is no longer trusted, without waiting.
    private static func discard(_ connection: PostgresConnection) {
        let closing: EventLoopFuture<Void> = connection.close()
        closing.whenComplete { _ in }
    }

    private func checkIn(_ connection: PostgresConnection) {
        guard !connection.isClosed else { return }
        idle.withLock { $0.append(connection) }
    }

    private var configuration: PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        if let directory = address.socketDirectory {
            configuration = PostgresConnection.Configuration(
                unixSocketPath: (directory as NSString).appendingPathComponent(".s.PGSQL.\(address.port)"),
                username: address.username, password: address.password, database: address.database)
        } else {
            configuration = PostgresConnection.Configuration(
                host: address.host ?? "localhost", port: address.port, username: address.username,
                password: address.password, database: address.database, tls: tls)
        }
        configuration.options.connectTimeout = .seconds(5)
        return configuration
    }

    /// Whether `error` means the connection (or the server) is gone, not that the statement failed.
    static func isConnectionFailure(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return false }
        switch error.code {
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown: return true
        case .server:
            // Class 08 (connection exception) and 57P01–57P03 (the server is shutting down or starting).
            let state = error.serverInfo?[.sqlState] ?? ""
            return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
        default: return false
        }
    }

    /// Serialization failures and deadlocks: the transaction is run again.
    static func mustRetry(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError, error.code == .server else { return false }
        return ["40001", "40P01"].contains(error.serverInfo?[.sqlState] ?? "")
    }

    /// What went wrong, from the server's message when it sent one (never a statement's values).
    static func summary(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        if let message = error.serverInfo?[.message] {
            return "\(message) (SQLSTATE \(error.serverInfo?[.sqlState] ?? "?"))"
        }
        return "\(error.code)"
    }
}
