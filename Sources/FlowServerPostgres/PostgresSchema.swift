import PostgresNIO

/// The tables in PostgreSQL: those of the SQLite stores (the authority's and the flow sessions'), created by
/// versioned migrations recorded in `flowrun_migrations`. Every server applies the missing ones at start, in
/// one transaction under an advisory lock, so servers starting together do not race.
enum PostgresSchema {
    /// One migration: its identifier and statements, run in order.
    struct Migration {
        var id: String
        var statements: [PostgresQuery]
    }

    /// The advisory lock taken while migrating (any fixed number; this one spells "flowrun").
    static let lockKey = 0x666C_6F77_7275_6E

    static let migrations = [
        Migration(
            id: "authority v1",
            statements: [
                """
                CREATE TABLE users (id TEXT PRIMARY KEY, username TEXT NOT NULL, username_key TEXT NOT NULL UNIQUE,
                password_hash TEXT, attributes TEXT NOT NULL DEFAULT '{}', mfa BOOLEAN NOT NULL DEFAULT FALSE,
                methods TEXT NOT NULL DEFAULT '[]', created_at DOUBLE PRECISION NOT NULL,
                updated_at DOUBLE PRECISION NOT NULL)
                """,
                """
                CREATE TABLE codes (seq BIGSERIAL NOT NULL, id TEXT PRIMARY KEY, session_id TEXT NOT NULL,
                continuation_id TEXT NOT NULL, username TEXT NOT NULL, recipient TEXT NOT NULL, purpose TEXT NOT NULL,
                code TEXT NOT NULL, created_at DOUBLE PRECISION NOT NULL, expires_at DOUBLE PRECISION NOT NULL,
                attempts BIGINT NOT NULL DEFAULT 0, used BOOLEAN NOT NULL DEFAULT FALSE)
                """,
                "CREATE INDEX codes_session_id ON codes (session_id)",
                "CREATE INDEX codes_continuation_id ON codes (continuation_id)",
                "CREATE INDEX codes_recipient ON codes (lower(recipient), created_at)",
                "CREATE INDEX codes_expires_at ON codes (expires_at)",
                """
                CREATE TABLE continuations (id TEXT PRIMARY KEY, flow TEXT NOT NULL, steps TEXT NOT NULL,
                username TEXT NOT NULL, client_id TEXT NOT NULL, state TEXT NOT NULL,
                consumed BOOLEAN NOT NULL DEFAULT FALSE, locked BOOLEAN NOT NULL DEFAULT FALSE,
                created_at DOUBLE PRECISION NOT NULL, expires_at DOUBLE PRECISION NOT NULL)
                """,
                "CREATE INDEX continuations_expires_at ON continuations (expires_at)",
                """
                CREATE TABLE refresh_tokens (hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, client_id TEXT NOT NULL,
                family TEXT NOT NULL, scope TEXT NOT NULL, created_at DOUBLE PRECISION NOT NULL,
                expires_at DOUBLE PRECISION NOT NULL, used BOOLEAN NOT NULL DEFAULT FALSE)
                """,
                "CREATE INDEX refresh_tokens_user_id ON refresh_tokens (user_id)",
                "CREATE INDEX refresh_tokens_family ON refresh_tokens (family)",
                "CREATE INDEX refresh_tokens_expires_at ON refresh_tokens (expires_at)",
                """
                CREATE TABLE keys (name TEXT PRIMARY KEY, secret BYTEA, pem TEXT,
                created_at DOUBLE PRECISION NOT NULL)
                """,
                """
                CREATE TABLE lockouts (account TEXT PRIMARY KEY, failures BIGINT NOT NULL DEFAULT 0,
                lockouts BIGINT NOT NULL DEFAULT 0, locked_until DOUBLE PRECISION NOT NULL DEFAULT 0,
                updated_at DOUBLE PRECISION NOT NULL)
                """,
            ]),
        Migration(
            id: "flow sessions v1",
            statements: [
                """
                CREATE TABLE flow_session (id TEXT PRIMARY KEY, state TEXT NOT NULL, record BYTEA NOT NULL,
                version BIGINT NOT NULL, updated_at DOUBLE PRECISION NOT NULL)
                """,
                "CREATE INDEX flow_session_updated_at ON flow_session (updated_at)",
            ]),
        Migration(
            id: "recipient sends v1",
            statements: [
                // One row per recipient, written by every decision to send a code: concurrent sends to one
                // address write the same row, so all but one are run again and see the others' codes.
                """
                CREATE TABLE recipient_sends (recipient_key TEXT PRIMARY KEY,
                touched_at DOUBLE PRECISION NOT NULL)
                """
            ]),
        Migration(
            id: "flow session ids as digests",
            statements: [
                // A session is answered one at a time: the answer taking it marks it until this time.
                "ALTER TABLE flow_session ADD COLUMN answering_until DOUBLE PRECISION NOT NULL DEFAULT 0",
                // The session id is the client's credential: the row keeps only its hex SHA-256, the record too.
                """
                UPDATE flow_session SET id = encode(sha256(convert_to(id, 'UTF8')), 'hex'),
                record = convert_to(jsonb_set(convert_from(record, 'UTF8')::jsonb, '{id}',
                to_jsonb(encode(sha256(convert_to(id, 'UTF8')), 'hex')))::text, 'UTF8')
                """,
            ]),
        Migration(
            id: "account sessions v1",
            statements: [
                // Keyed by the hex SHA-256 of the cookie value that carries the session, never the value.
                """
                CREATE TABLE account_session (id TEXT PRIMARY KEY, account BYTEA NOT NULL,
                signed_in_at DOUBLE PRECISION NOT NULL, used_at DOUBLE PRECISION NOT NULL)
                """,
                "CREATE INDEX account_session_signed_in_at ON account_session (signed_in_at)",
                "CREATE INDEX account_session_used_at ON account_session (used_at)",
            ]),
    ]

    /// Applies the missing migrations; runs inside a transaction (``PooledPostgres``, `.migration` mode).
    static func migrate(_ sql: PostgresStatements, now: Double) async throws {
        try await sql.execute("SELECT pg_advisory_xact_lock(\(lockKey))")
        try await sql.execute(
            "CREATE TABLE IF NOT EXISTS flowrun_migrations (id TEXT PRIMARY KEY, applied_at DOUBLE PRECISION NOT NULL)")
        let applied = Set(
            try await sql.rows("SELECT id FROM flowrun_migrations").map { try $0["id"].decode(String.self) })
        for migration in migrations where !applied.contains(migration.id) {
            for statement in migration.statements { try await sql.execute(statement) }
            try await sql.execute("INSERT INTO flowrun_migrations (id, applied_at) VALUES (\(migration.id), \(now))")
        }
    }

    /// The identifiers of the migrations this build needs that the database lacks.
    static func missing(_ sql: PostgresStatements) async throws -> [String] {
        let exists =
            try await sql.rows("SELECT to_regclass('flowrun_migrations') IS NOT NULL AS present")
            .first?["present"].decode(Bool.self) ?? false
        guard exists else { return migrations.map(\.id) }
        let applied = Set(
            try await sql.rows("SELECT id FROM flowrun_migrations").map { try $0["id"].decode(String.self) })
        return migrations.map(\.id).filter { !applied.contains($0) }
    }
}
