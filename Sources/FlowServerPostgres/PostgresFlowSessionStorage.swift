import FlowServer
import Foundation

/// The flow sessions' rows in PostgreSQL (``FlowSessionStorage``), shared by every server of the database.
struct PostgresFlowSessionStorage: FlowSessionStorage {
    let database: PooledPostgres

    func waiting(since: Double) async throws -> Int {
        try await database.transaction(.read) { sql in
            try await sql.rows(
                "SELECT COUNT(*) AS n FROM flow_session WHERE state = 'asking' AND updated_at >= \(since)"
            )
            .first?["n"].decode(Int.self) ?? 0
        }
    }

    func insert(_ row: FlowSessionRow, expiredBefore: Double, limit: Int) async throws {
        try await database.transaction(.write) { sql in
            try await sql.execute("DELETE FROM flow_session WHERE updated_at < \(expiredBefore)")
            let live =
                try await sql.rows("SELECT COUNT(*) AS n FROM flow_session WHERE state = 'asking'")
                .first?["n"].decode(Int.self) ?? 0
            guard live < limit else { throw FlowSessionStoreError.full(limit) }
            try await sql.execute(
                """
                INSERT INTO flow_session (id, state, record, version, updated_at)
                VALUES (\(row.id), \(row.state), \(row.record), \(row.version), \(row.updatedAt))
                """)
        }
    }

    func record(id: String, since: Double) async throws -> Data? {
        try await database.transaction(.read) { sql in
            try await sql.rows("SELECT record FROM flow_session WHERE id = \(id) AND updated_at >= \(since)")
                .first?["record"].decode(Data.self)
        }
    }

    /// A conditional update: of two servers claiming one session at once, the second's update waits for the
    /// first's commit and then matches no row (or is run again after a serialization failure, and matches none).
    func claim(id: String, version: Int, until: Double, now: Double) async throws -> Bool {
        try await database.transaction(.write) { sql in
            try await sql.execute(
                """
                UPDATE flow_session SET answering_until = \(until)
                WHERE id = \(id) AND version = \(version) AND answering_until <= \(now)
                """) == 1
        }
    }

    /// Reads the session and marks it in one transaction, its row locked meanwhile: of two servers taking an
    /// answer for one session at once, the second waits for the first's commit (or is run again after a
    /// serialization failure) and then finds the mark.
    func claimForAnswer(id: String, since: Double, until: Double, now: Double) async throws -> AnswerClaim {
        try await database.transaction(.write) { sql in
            let rows = try await sql.rows(
                """
                SELECT state, record, answering_until FROM flow_session WHERE id = \(id) AND updated_at >= \(since)
                FOR UPDATE
                """)
            guard let row = rows.first else { return .missing }
            let record = try row["record"].decode(Data.self)
            guard try row["state"].decode(String.self) == SessionRecord.State.asking.rawValue else {
                return .read(record)
            }
            guard try row["answering_until"].decode(Double.self) <= now else { return .held }
            try await sql.execute("UPDATE flow_session SET answering_until = \(until) WHERE id = \(id)")
            return .claimed(record)
        }
    }

    func replace(_ row: FlowSessionRow) async throws -> Bool {
        try await database.transaction(.write) { sql in
            try await sql.execute(
                """
                UPDATE flow_session SET state = \(row.state), record = \(row.record), version = \(row.version),
                updated_at = \(row.updatedAt), answering_until = 0 WHERE id = \(row.id) AND version = \(row.version - 1)
                """) == 1
        }
    }

    func delete(id: String, version: Int) async throws -> Bool {
        try await database.transaction(.write) { sql in
            try await sql.execute("DELETE FROM flow_session WHERE id = \(id) AND version = \(version)") == 1
        }
    }

    func purge(expiredBefore: Double) async throws -> Int {
        try await database.transaction(.write) { sql in
            try await sql.execute("DELETE FROM flow_session WHERE updated_at < \(expiredBefore)")
        }
    }

    func insertAccount(_ row: AccountSessionRow, idleBefore: Double, signedInBefore: Double) async throws {
        try await database.transaction(.write) { sql in
            try await sql.execute(
                "DELETE FROM account_session WHERE used_at <= \(idleBefore) OR signed_in_at <= \(signedInBefore)")
            try await sql.execute(
                """
                INSERT INTO account_session (id, account, signed_in_at, used_at)
                VALUES (\(row.id), \(row.account), \(row.signedInAt), \(row.usedAt))
                """)
        }
    }

    func useAccount(id: String, idleSince: Double, signedInSince: Double, now: Double) async throws -> Data? {
        try await database.transaction(.write) { sql in
            try await sql.rows(
                """
                UPDATE account_session SET used_at = \(now)
                WHERE id = \(id) AND used_at > \(idleSince) AND signed_in_at > \(signedInSince) RETURNING account
                """
            )
            .first?["account"].decode(Data.self)
        }
    }

    func deleteAccount(id: String) async throws {
        _ = try await database.transaction(.write) { sql in
            try await sql.execute("DELETE FROM account_session WHERE id = \(id)")
        }
    }
}
