import GRDB

/// The SQLite store's tables, created and upgraded by a `DatabaseMigrator`.
enum SQLiteSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "users") { table in
                table.primaryKey("id", .text)
                table.column("username", .text).notNull().unique().collate(.nocase)
                table.column("password_hash", .text)
                table.column("attributes", .text).notNull().defaults(to: "{}")
                table.column("mfa", .boolean).notNull().defaults(to: false)
                table.column("methods", .text).notNull().defaults(to: "[]")
                table.column("created_at", .double).notNull()
                table.column("updated_at", .double).notNull()
            }
            try db.create(table: "codes") { table in
                table.primaryKey("id", .text)
                table.column("session_id", .text).notNull().indexed()
                table.column("continuation_id", .text).notNull().indexed()
                table.column("username", .text).notNull().collate(.nocase)
                table.column("recipient", .text).notNull().collate(.nocase).indexed()
                table.column("purpose", .text).notNull()
                table.column("code", .text).notNull()
                table.column("created_at", .double).notNull()
                table.column("expires_at", .double).notNull()
                table.column("attempts", .integer).notNull().defaults(to: 0)
                table.column("used", .boolean).notNull().defaults(to: false)
            }
            try db.create(table: "continuations") { table in
                table.primaryKey("id", .text)
                table.column("flow", .text).notNull()
                table.column("steps", .text).notNull()
                table.column("username", .text).notNull()
                table.column("client_id", .text).notNull()
                table.column("state", .text).notNull()
                table.column("consumed", .boolean).notNull().defaults(to: false)
                table.column("locked", .boolean).notNull().defaults(to: false)
                table.column("created_at", .double).notNull()
                table.column("expires_at", .double).notNull().indexed()
            }
            try db.create(table: "refresh_tokens") { table in
                table.primaryKey("hash", .text)
                table.column("user_id", .text).notNull().indexed()
                table.column("client_id", .text).notNull()
                table.column("family", .text).notNull().indexed()
                table.column("scope", .text).notNull()
                table.column("created_at", .double).notNull()
                table.column("expires_at", .double).notNull()
                table.column("used", .boolean).notNull().defaults(to: false)
            }
            try db.create(table: "keys") { table in
                table.primaryKey("name", .text)
                table.column("secret", .blob)
                table.column("pem", .text)
                table.column("created_at", .double).notNull()
            }
        }
        migrator.registerMigration("v2: lockouts, canonical usernames") { db in
            try db.create(table: "lockouts") { table in
                table.primaryKey("account", .text)
                table.column("failures", .integer).notNull().defaults(to: 0)
                table.column("lockouts", .integer).notNull().defaults(to: 0)
                table.column("locked_until", .double).notNull().defaults(to: 0)
                table.column("updated_at", .double).notNull()
            }
            try db.alter(table: "users") { table in table.add(column: "username_key", .text) }
            for row in try Row.fetchAll(db, sql: "SELECT id, username FROM users") {
                let username: String = row["username"]
                try db.execute(
                    sql: "UPDATE users SET username_key = ? WHERE id = ?",
                    arguments: [Contacts.canonical(username), row["id"] as String])
            }
            try db.create(index: "users_username_key", on: "users", columns: ["username_key"], unique: true)
            try db.create(index: "codes_created_at", on: "codes", columns: ["created_at"])
            try db.create(index: "refresh_tokens_expires_at", on: "refresh_tokens", columns: ["expires_at"])
        }
        migrator.registerMigration("v3: codes by recipient and time") { db in
            // The send limits read a recipient's newest codes: found and ordered by this index, not sorted.
            try db.execute(
                sql: "CREATE INDEX codes_recipient_created_at ON codes (recipient COLLATE NOCASE, created_at)")
        }
        migrator.registerMigration("v4: codes by recipient through one index") { db in
            // `codes_recipient_created_at` finds a recipient's codes; a second index of the recipient alone only
            // cost a page write per code sent.
            try db.execute(sql: "DROP INDEX IF EXISTS codes_on_recipient")
        }
        return migrator
    }
}
