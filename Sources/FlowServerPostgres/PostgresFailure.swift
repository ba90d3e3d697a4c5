import Foundation
import NIOCore
import NIOPosix
import PostgresNIO

/// How ``PooledPostgres`` reads an error of PostgreSQL: which ones mean the connection is gone, which ones ask for
/// the transaction to be run again, and how to say what went wrong without a statement's values.
enum PostgresFailure {
    /// Whether `error` means the connection (or the server) is gone, not that the statement failed.
    static func isConnectionLoss(_ error: any Error) -> Bool {
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
        if let underlying = error.underlying {
            return reason(underlying)
        }
        return "\(error.code)"
    }

    /// A system error in words (`Connection refused`), not NIO's text of it (`Connection errors:
    /// SingleConnectionFailure(…, error: connection reset (error set): Connection refused) (errno: 111))`); any
    /// other error as it describes itself.
    private static func reason(_ error: any Error) -> String {
        if let error = error as? IOError {
            return String(cString: strerror(error.errnoCode))
        }
        if let error = error as? NIOConnectionError, let first = error.connectionErrors.first {
            return reason(first.error)
        }
        return "\(error)"
    }

    /// A random pause before `attempt`, growing with each collision up to 50 ms, so that the transactions that
    /// collided do not collide again.
    static func pause(before attempt: Int) -> Duration {
        let ceiling = min(50_000, 500 << min(attempt, 7))
        return .microseconds(Int.random(in: 100...ceiling))
    }
}
