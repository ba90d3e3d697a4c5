import NativeAuthEmulator

/// The emulator's store in PostgreSQL (``StoreBackend``): each transaction one `REPEATABLE READ` transaction of
/// ``PooledPostgres``, its synchronous body on a thread of the pool's.
struct PostgresStoreBackend: StoreBackend {
    let database: PooledPostgres
    var databaseSystem: String { "postgresql" }

    func write<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> T) async throws -> T {
        try await database.blockingTransaction(.write) { sql in try body(PostgresTransaction(sql: sql)) }
    }

    func read<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> T) async throws -> T {
        try await database.blockingTransaction(.read) { sql in try body(PostgresTransaction(sql: sql)) }
    }

    func checkReady() async throws {
        let missing = try await database.transaction(.read) { sql in try await PostgresSchema.missing(sql) }
        guard missing.isEmpty else {
            throw EmulatorStoreError(message: "the database lacks the migrations \(missing.joined(separator: ", "))")
        }
    }

    /// `amcheck`'s `bt_index_check` on every B-tree index of the current schema (the extension is created when
    /// missing, which needs the right to create it).
    func integrityCheck() async throws -> [String] {
        try await database.transaction(.migration) { sql in
            try await sql.execute("CREATE EXTENSION IF NOT EXISTS amcheck")
            let indexes = try await sql.rows(
                """
                SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
                JOIN pg_am a ON a.oid = c.relam JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE a.amname = 'btree' AND n.nspname = current_schema() ORDER BY c.relname
                """
            ).map { try $0["name"].decode(String.self) }
            for index in indexes {
                try await sql.execute("SELECT bt_index_check(to_regclass(\(index)), TRUE)")
            }
            return ["ok"]
        }
    }
}
