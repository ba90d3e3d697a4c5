import Foundation
import NativeAuthEmulator
import PostgresNIO

// The records read from PostgreSQL rows, column by column; the JSON columns are text (``RecordJSON``).

extension UserRecord {
    init(postgres row: PostgresRandomAccessRow) throws {
        self.init(
            id: try row["id"].decode(String.self), username: try row["username"].decode(String.self),
            passwordHash: try row["password_hash"].decode(String?.self),
            attributes: try RecordJSON.decode([String: String].self, from: row["attributes"].decode(String.self)),
            mfa: try row["mfa"].decode(Bool.self),
            methods: try RecordJSON.decode([StrongAuthMethod].self, from: row["methods"].decode(String.self)),
            createdAt: try row["created_at"].decode(Double.self), updatedAt: try row["updated_at"].decode(Double.self))
    }
}

extension CodeRecord {
    init(postgres row: PostgresRandomAccessRow) throws {
        self.init(
            id: try row["id"].decode(String.self), sessionID: try row["session_id"].decode(String.self),
            continuationID: try row["continuation_id"].decode(String.self),
            username: try row["username"].decode(String.self), recipient: try row["recipient"].decode(String.self),
            purpose: try row["purpose"].decode(String.self), code: try row["code"].decode(String.self),
            createdAt: try row["created_at"].decode(Double.self), expiresAt: try row["expires_at"].decode(Double.self),
            attempts: try row["attempts"].decode(Int.self), used: try row["used"].decode(Bool.self))
    }
}

extension ContinuationRecord {
    init(postgres row: PostgresRandomAccessRow) throws {
        self.init(
            id: try row["id"].decode(String.self), flow: try row["flow"].decode(String.self),
            steps: try RecordJSON.decode([String].self, from: row["steps"].decode(String.self)),
            username: try row["username"].decode(String.self), clientID: try row["client_id"].decode(String.self),
            state: try RecordJSON.decode(FlowProgress.self, from: row["state"].decode(String.self)),
            consumed: try row["consumed"].decode(Bool.self), locked: try row["locked"].decode(Bool.self),
            createdAt: try row["created_at"].decode(Double.self), expiresAt: try row["expires_at"].decode(Double.self))
    }
}

extension RefreshTokenRecord {
    init(postgres row: PostgresRandomAccessRow) throws {
        self.init(
            hash: try row["hash"].decode(String.self), userID: try row["user_id"].decode(String.self),
            clientID: try row["client_id"].decode(String.self), family: try row["family"].decode(String.self),
            scope: try row["scope"].decode(String.self), createdAt: try row["created_at"].decode(Double.self),
            expiresAt: try row["expires_at"].decode(Double.self), used: try row["used"].decode(Bool.self))
    }
}
