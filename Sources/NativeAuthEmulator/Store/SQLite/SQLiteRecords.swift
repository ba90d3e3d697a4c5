import GRDB

// The records as GRDB reads and writes them: column by column, the JSON columns as text (``RecordJSON``).

extension UserRecord: FetchableRecord, PersistableRecord {
    package static let databaseTableName = "users"

    package init(row: Row) throws {
        self.init(
            id: try row.decode(forColumn: "id"), username: try row.decode(forColumn: "username"),
            passwordHash: try row.decode(forColumn: "password_hash"),
            attributes: try RecordJSON.decode([String: String].self, from: row.decode(forColumn: "attributes")),
            mfa: try row.decode(forColumn: "mfa"),
            methods: try RecordJSON.decode([StrongAuthMethod].self, from: row.decode(forColumn: "methods")),
            createdAt: try row.decode(forColumn: "created_at"), updatedAt: try row.decode(forColumn: "updated_at"))
    }

    package func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["username"] = username
        container["username_key"] = usernameKey
        container["password_hash"] = passwordHash
        container["attributes"] = try RecordJSON.encode(attributes)
        container["mfa"] = mfa
        container["methods"] = try RecordJSON.encode(methods)
        container["created_at"] = createdAt
        container["updated_at"] = updatedAt
    }
}

extension CodeRecord: FetchableRecord, PersistableRecord {
    package static let databaseTableName = "codes"

    package init(row: Row) throws {
        self.init(
            id: try row.decode(forColumn: "id"), sessionID: try row.decode(forColumn: "session_id"),
            continuationID: try row.decode(forColumn: "continuation_id"),
            username: try row.decode(forColumn: "username"), recipient: try row.decode(forColumn: "recipient"),
            purpose: try row.decode(forColumn: "purpose"), code: try row.decode(forColumn: "code"),
            createdAt: try row.decode(forColumn: "created_at"), expiresAt: try row.decode(forColumn: "expires_at"),
            attempts: try row.decode(forColumn: "attempts"), used: try row.decode(forColumn: "used"))
    }

    package func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["session_id"] = sessionID
        container["continuation_id"] = continuationID
        container["username"] = username
        container["recipient"] = recipient
        container["purpose"] = purpose
        container["code"] = code
        container["created_at"] = createdAt
        container["expires_at"] = expiresAt
        container["attempts"] = attempts
        container["used"] = used
    }
}

extension ContinuationRecord: FetchableRecord, PersistableRecord {
    package static let databaseTableName = "continuations"

    package init(row: Row) throws {
        self.init(
            id: try row.decode(forColumn: "id"), flow: try row.decode(forColumn: "flow"),
            steps: try RecordJSON.decode([String].self, from: row.decode(forColumn: "steps")),
            username: try row.decode(forColumn: "username"), clientID: try row.decode(forColumn: "client_id"),
            state: try RecordJSON.decode(FlowProgress.self, from: row.decode(forColumn: "state")),
            consumed: try row.decode(forColumn: "consumed"), locked: try row.decode(forColumn: "locked"),
            createdAt: try row.decode(forColumn: "created_at"), expiresAt: try row.decode(forColumn: "expires_at"))
    }

    package func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["flow"] = flow
        container["steps"] = try RecordJSON.encode(steps)
        container["username"] = username
        container["client_id"] = clientID
        container["state"] = try RecordJSON.encode(state)
        container["consumed"] = consumed
        container["locked"] = locked
        container["created_at"] = createdAt
        container["expires_at"] = expiresAt
    }
}

extension RefreshTokenRecord: FetchableRecord, PersistableRecord {
    package static let databaseTableName = "refresh_tokens"

    package init(row: Row) throws {
        self.init(
            hash: try row.decode(forColumn: "hash"), userID: try row.decode(forColumn: "user_id"),
            clientID: try row.decode(forColumn: "client_id"), family: try row.decode(forColumn: "family"),
            scope: try row.decode(forColumn: "scope"), createdAt: try row.decode(forColumn: "created_at"),
            expiresAt: try row.decode(forColumn: "expires_at"), used: try row.decode(forColumn: "used"))
    }

    package func encode(to container: inout PersistenceContainer) throws {
        container["hash"] = hash
        container["user_id"] = userID
        container["client_id"] = clientID
        container["family"] = family
        container["scope"] = scope
        container["created_at"] = createdAt
        container["expires_at"] = expiresAt
        container["used"] = used
    }
}

extension KeyRecord: FetchableRecord, PersistableRecord {
    package static let databaseTableName = "keys"

    package init(row: Row) throws {
        self.init(
            name: try row.decode(forColumn: "name"), secret: try row.decode(forColumn: "secret"),
            pem: try row.decode(forColumn: "pem"), createdAt: try row.decode(forColumn: "created_at"))
    }

    package func encode(to container: inout PersistenceContainer) throws {
        container["name"] = name
        container["secret"] = secret
        container["pem"] = pem
        container["created_at"] = createdAt
    }
}
