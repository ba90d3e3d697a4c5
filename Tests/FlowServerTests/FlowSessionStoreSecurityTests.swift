import FlowModel
import Foundation
import GRDB
import TestSupport
import Testing

@testable import FlowServer

/// Attacks on the flow sessions at rest and on one session's answers, replayed against `flowrun serve --flows`: a
/// copy of `flow-sessions.sqlite` must not answer a session, a store an older flowrun kept must be upgraded in
/// place, and answers raced to one session must not run against the same state.
@Suite("flow session store security")
struct FlowSessionStoreSecurityTests {
    typealias Client = FlowRunnerAPITests.Client

    @Test(
        "a reset left at its new password: a copy of flow-sessions.sqlite holds no session id, the one it holds is 404",
        .enabled(if: FlowrunBinary.find() != nil))
    func copiedStoreIsNoCredential() async throws {
        try await FlowRunnerAPITests.withServer { client, served in
            try await Self.signUp("ann@contoso.com", password: "Own-Horse-Battery-3", client)
            let id = try #require(try await client.start("reset-password").string("id"))
            _ = try await client.answer(id, ["email": "ann@contoso.com"])
            let asked = try await client.answer(id, ["code": try await client.code(to: "ann@contoso.com")])
            #expect(asked.json?[field: "ask"]?[field: "step"] == "ask_new_password", "\(asked)")

            #expect(!(try FlowRunnerAPITests.storedBytes(in: served.folder)).contains(id))
            let stored = try Self.storedRows(copying: served.folder)
            #expect(!stored.isEmpty)
            for (storedID, record) in stored {
                #expect(storedID != id && storedID.count == 64)
                // The row's key is the record's only id: the record does not repeat the digest.
                let json = try StoredRecordForm.json(record)
                let fields = try JSONSerialization.jsonObject(with: json) as? [String: Any]
                #expect(fields?["id"] as? String == "", "\(String(decoding: json, as: UTF8.self))")
                #expect(try await client.get("/sessions/\(storedID)").status == 404)
                #expect(try await client.answer(storedID, ["newPassword": "Attacker-Chosen-1"]).status == 404)
                #expect(try await client.get("/sessions/\(storedID.prefix(32))").status == 404)
            }
            #expect(try await client.get("/sessions/\(id)").string("state") == "asking")
        }
    }

    @Test(
        "a store an older flowrun kept with session ids in clear is rewritten on open: the id still answers",
        .enabled(if: FlowrunBinary.find() != nil))
    func oldStoreIsMigrated() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
        let id = try await FlowRunnerAPITests.withServer(folder: folder) { client, _ in
            let id = try #require(try await client.start("sign-up-email-otp").string("id"))
            let asked = try await client.answer(id, ["email": "old@contoso.com"])
            #expect(asked.json?[field: "ask"]?[field: "step"] == "ask_code", "\(asked)")
            return id
        }
        try Self.rewriteAsOlderFlowrun(folder.appendingPathComponent("state"), id: id)
        #expect(try FlowRunnerAPITests.storedBytes(in: folder).contains(id), "the old layout keeps the id")

        try await FlowRunnerAPITests.withServer(folder: folder) { client, _ in
            let waiting = try await client.get("/sessions/\(id)")
            #expect(waiting.json?[field: "ask"]?[field: "step"] == "ask_code", "\(waiting)")
            let ended = try await client.answer(id, ["code": try await client.code(to: "old@contoso.com")])
            #expect(ended.json?[field: "end"]?[field: "kind"] == "success", "\(ended)")
        }
        #expect(!(try FlowRunnerAPITests.storedBytes(in: folder)).contains(id))
    }

    @Test(
        "forty wrong passwords raced to one sign-in-password session: at most the flow's three reach the authority",
        .enabled(if: FlowrunBinary.find() != nil))
    func racedWrongPasswordsAreTakenOneAtATime() async throws {
        try await FlowRunnerAPITests.withServer { client, served in
            try await Self.signUp("race@contoso.com", password: "Right-Horse-Battery-7", client)
            let id = try #require(try await client.start("sign-in-password").string("id"))
            let answers = try await Self.race(40, clients: [client]) { client in
                try await client.answer(id, ["email": "race@contoso.com", "password": "Wrong-Horse-1"])
            }
            Self.expectOneAtATime(answers)
            // The authority's own count: one wrong password for each answer taken, none for an answer run against a
            // state another answer had already moved on from.
            let counted = try Self.lockout(in: served.folder)
            let taken = answers.filter { $0.status == 200 }.count
            #expect(counted.failures == taken && counted.lockouts == 0, "wrong passwords counted: \(counted)")
            try await Self.expectNotLocked("race@contoso.com", password: "Right-Horse-Battery-7", client)
        }
    }

    // MARK: shared with the PostgreSQL tests

    /// Signs up `username` with `password` through the API.
    static func signUp(_ username: String, password: String, _ client: Client) async throws {
        let id = try #require(try await client.start("sign-up-password").string("id"))
        let asked = try await client.answer(id, ["email": username, "password": password])
        #expect(asked.json?[field: "ask"]?[field: "step"] == "ask_code", "\(asked)")
        let ended = try await client.answer(id, ["code": try await client.code(to: username)])
        #expect(ended.json?[field: "end"]?[field: "kind"] == "success", "\(ended)")
    }

    /// `count` calls of `send` at once, spread over `clients`.
    static func race(
        _ count: Int, clients: [Client], _ send: @escaping @Sendable (Client) async throws -> HTTPAnswer
    ) async throws -> [HTTPAnswer] {
        try await withThrowingTaskGroup(of: HTTPAnswer.self) { group in
            for index in 0..<count {
                let client = clients[index % clients.count]
                group.addTask { try await send(client) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// The raced answers were taken one at a time: at most the three the flow allows were run (200), every other
    /// one refused (409: another answer in progress, or the session over).
    static func expectOneAtATime(_ answers: [HTTPAnswer]) {
        let taken = answers.filter { $0.status == 200 }
        #expect(!taken.isEmpty && taken.count <= 3, "\(taken.count) answers taken")
        let refused = answers.filter { $0.status != 200 }
        #expect(refused.allSatisfy { $0.status == 409 }, "\(refused.filter { $0.status != 409 })")
        #expect(refused.contains { $0.error == "answer_in_progress" }, "no answer refused as in progress")
    }

    /// A new session signs `username` in with the right password: the race did not lock the account.
    static func expectNotLocked(_ username: String, password: String, _ client: Client) async throws {
        let id = try #require(try await client.start("sign-in-password").string("id"))
        let signedIn = try await client.answer(id, ["email": username, "password": password])
        #expect(signedIn.json?[field: "end"]?[field: "kind"] == "success", "the account was locked: \(signedIn)")
    }

    // MARK: the SQLite file

    /// The authority's count of wrong passwords and codes (the one account that has any) and its lockouts, read
    /// from its store beside the sessions.
    static func lockout(in folder: URL) throws -> (failures: Int, lockouts: Int) {
        let path = folder.appendingPathComponent("state/authority.sqlite").path
        let database = try DatabaseQueue(path: path)
        defer { try? database.close() }
        let row = try database.read { db in try Row.fetchOne(db, sql: "SELECT failures, lockouts FROM lockouts") }
        return (row?["failures"] ?? 0, row?["lockouts"] ?? 0)
    }

    /// The ids of the rows of a copy of the server's `flow-sessions.sqlite` (with its WAL), read as an attacker
    /// with the files would.
    /// The id and record of each flow session in a copy of the store in `folder`.
    static func storedRows(copying folder: URL) throws -> [(id: String, record: Data)] {
        try StateDatabase.copy("flow-sessions.sqlite", in: folder) { db in
            try Row.fetchAll(db, sql: "SELECT id, record FROM flow_session").map { ($0["id"], $0["record"]) }
        }
    }

    /// Writes the session store in `state` again as flowrun kept it before ids were stored as digests: the
    /// first schema, its one migration recorded, and the session's row under `id` in clear (the record too).
    static func rewriteAsOlderFlowrun(_ state: URL, id: String) throws {
        let path = state.appendingPathComponent("flow-sessions.sqlite").path
        let current = try DatabaseQueue(path: path)
        let row = try current.read { db in
            try #require(try Row.fetchOne(db, sql: "SELECT state, record, version, updated_at FROM flow_session"))
        }
        try current.close()
        var record = try #require(
            try JSONSerialization.jsonObject(with: StoredRecordForm.json(row["record"] as Data)) as? [String: Any])
        record["id"] = id
        for name in try FileManager.default.contentsOfDirectory(atPath: state.path)
        where name.hasPrefix("flow-sessions.sqlite") {
            try FileManager.default.removeItem(at: state.appendingPathComponent(name))
        }
        let old = try DatabaseQueue(path: path)
        try old.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                    INSERT INTO grdb_migrations VALUES ('flow sessions');
                    CREATE TABLE flow_session (id TEXT PRIMARY KEY, state TEXT NOT NULL, record BLOB NOT NULL,
                        version INTEGER NOT NULL, updated_at DOUBLE NOT NULL);
                    CREATE INDEX flow_session_on_updated_at ON flow_session(updated_at);
                    """)
            try db.execute(
                sql: "INSERT INTO flow_session (id, state, record, version, updated_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    id, row["state"] as String, try JSONSerialization.data(withJSONObject: record),
                    row["version"] as Int, row["updated_at"] as Double,
                ])
        }
        try old.close()
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    }
}
