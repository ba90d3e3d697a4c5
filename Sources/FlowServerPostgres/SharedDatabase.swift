import FlowServer
import FlowSessionSeal
import Foundation
import Logging
import NativeAuthEmulator

/// A PostgreSQL database that several `flowrun serve` processes share: the authority's users, codes, tokens
/// and keys (``emulatorStore``) and the flow runner's sessions (``flowSessionStore(seal:)``). Opening it
/// applies the missing schema migrations under an advisory lock.
public final class SharedDatabase: Sendable {
    /// The database, its password hidden.
    public let address: PostgresAddress
    private let database: PooledPostgres

    /// The emulator's store in this database.
    public let emulatorStore: EmulatorStore

    /// Connects (at most `connections` at a time) and migrates; throws `StoreUnavailable` when the server
    /// cannot be reached, and `DatabaseURLError` when the address's certificate file cannot be read.
    public init(address: PostgresAddress, connections: Int = 8, logger: Logger) async throws {
        self.address = address
        database = try PooledPostgres(address: address, size: max(connections, 1), logger: logger)
        emulatorStore = EmulatorStore(backend: PostgresStoreBackend(database: database))
        do {
            let now = Date().timeIntervalSince1970
            try await database.transaction(.migration) { sql in try await PostgresSchema.migrate(sql, now: now) }
        } catch {
            await database.close()
            throw error
        }
    }

    /// The flow sessions in this database, their continuations sealed with `seal` (every server that continues
    /// another's sessions needs the same key).
    public func flowSessionStore(seal: SessionSeal) -> FlowSessionStore {
        FlowSessionStore(storage: PostgresFlowSessionStorage(database: database), seal: seal)
    }

    /// Closes the connections.
    public func close() async {
        await database.close()
    }
}
