import FlowModel
import Foundation
import TestSupport
import Testing

@testable import FlowServer

/// The flow sessions' attacks replayed on `flowrun serve --flows --database postgres://…`: the cluster's files do
/// not hold a session id, a `flow_session` table an older flowrun kept is upgraded in place, and answers raced to
/// one session over two servers sharing the database are taken one at a time.
extension PostgresStoreTests {
    static let flows = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("flows").path

    typealias FlowClient = FlowAPIClient

    /// The bytes `psql` printed as hex (`encode(…, 'hex')`); nil for text that is not hex.
    static func bytes(hex text: String) -> Data? {
        let digits = Array(text.filter { !$0.isWhitespace }.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes = Data()
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else {
                return nil
            }
            bytes.append(byte)
        }
        return bytes
    }

    /// Starts `flowrun serve --flows --database` on `scratch` in `folder`, runs `body`, stops it.
    static func withFlowServer<Result>(
        _ scratch: ScratchPostgres, folder: URL? = nil, _ body: (FlowClient, ServedFlowrun) async throws -> Result
    ) async throws -> Result {
        try await FlowAPIClient.withServer(["--database", scratch.url], flows: flows, folder: folder, body)
    }

    @Test(
        "a reset left at its new password on PostgreSQL: no file of the cluster holds its id, the stored one is 404",
        .enabled(if: FlowrunBinary.find() != nil))
    func postgresStoreIsNoCredential() async throws {
        try await ScratchPostgres.with { scratch in
            try await Self.withFlowServer(scratch) { client, _ in
                try await client.signUp("pam@contoso.com", password: "Own-Horse-Battery-3")
                let id = try #require(try await client.start("reset-password").string("id"))
                _ = try await client.answer(id, ["email": "pam@contoso.com"])
                let asked = try await client.answer(id, ["code": try await client.code(to: "pam@contoso.com")])
                #expect(client.step(asked) == "ask_new_password", "\(asked)")

                let rows = try scratch.psql("SELECT id || ' ' || encode(record, 'escape') FROM flow_session")
                #expect(!rows.isEmpty && !rows.contains(id), "\(rows)")
                #expect(
                    try scratch.clusterBytes().range(of: Data(id.utf8)) == nil, "a file of the cluster holds the id")
                for storedID in try scratch.psql("SELECT id FROM flow_session").split(separator: "\n") {
                    #expect(try await client.get("/sessions/\(storedID)").status == 404)
                    #expect(
                        try await client.answer(String(storedID), ["newPassword": "Attacker-Chosen-1"]).status == 404)
                }
                #expect(try await client.get("/sessions/\(id)").string("state") == "asking")
            }
        }
    }

    @Test(
        "a flow_session table an older flowrun kept with ids in clear is rewritten on open: the id still answers",
        .enabled(if: FlowrunBinary.find() != nil))
    func postgresOldStoreIsMigrated() async throws {
        try await ScratchPostgres.with { scratch in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
            let id = try await Self.withFlowServer(scratch, folder: folder) { client, _ in
                let id = try #require(try await client.start("sign-up-email-otp").string("id"))
                #expect(client.step(try await client.answer(id, ["email": "olga@contoso.com"])) == "ask_code")
                return id
            }
            // The schema and rows of a flowrun from before ids were digests, as its migrations left them: the
            // record as plain JSON, holding the id.
            let stored = try #require(
                Self.bytes(hex: try scratch.psql("SELECT encode(record, 'hex') FROM flow_session")))
            var record = try #require(
                try JSONSerialization.jsonObject(with: StoredRecordForm.json(stored)) as? [String: Any])
            record["id"] = id
            let json = String(decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self)
            try scratch.psql(
                """
                DELETE FROM flowrun_migrations WHERE id = 'flow session ids as digests';
                ALTER TABLE flow_session DROP COLUMN answering_until;
                UPDATE flow_session SET id = '\(id)',
                record = convert_to('\(json.replacingOccurrences(of: "'", with: "''"))', 'UTF8');
                """)
            #expect(try scratch.psql("SELECT id FROM flow_session").contains(id))

            try await Self.withFlowServer(scratch, folder: folder) { client, _ in
                #expect(client.step(try await client.get("/sessions/\(id)")) == "ask_code")
                let ended = try await client.answer(id, ["code": try await client.code(to: "olga@contoso.com")])
                #expect(ended.json?[field: "end"]?[field: "kind"] == "success", "\(ended)")
            }
            let rows = try scratch.psql("SELECT id || ' ' || encode(record, 'escape') FROM flow_session")
            #expect(!rows.isEmpty && !rows.contains(id), "\(rows)")
        }
    }

    @Test(
        "forty wrong passwords raced to one session over two servers sharing PostgreSQL: only the answers taken are tried",
        .enabled(if: FlowrunBinary.find() != nil))
    func racedAnswersAcrossServers() async throws {
        try await ScratchPostgres.with { scratch in
            try await Self.withFlowServer(scratch) { first, served in
                // The second server continues the first's sessions: it needs the same session key.
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
                let state = folder.appendingPathComponent("state")
                try FileManager.default.createDirectory(
                    at: state, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                let key = state.appendingPathComponent("session.key")
                try FileManager.default.copyItem(
                    at: served.folder.appendingPathComponent("state/session.key"), to: key)
                try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: key.path)
                try await Self.withFlowServer(scratch, folder: folder) { second, _ in
                    try await first.signUp("rae@contoso.com", password: "Right-Horse-Battery-7")
                    let id = try #require(try await first.start("sign-in-password").string("id"))
                    let answers = try await withThrowingTaskGroup(of: HTTPAnswer.self) { group in
                        for index in 0..<40 {
                            let client = index % 2 == 0 ? first : second
                            group.addTask {
                                try await client.answer(id, ["email": "rae@contoso.com", "password": "Wrong-Horse-1"])
                            }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                    let taken = answers.filter { $0.status == 200 }
                    #expect(!taken.isEmpty && taken.count <= 3, "\(taken.count) answers taken")
                    #expect(answers.allSatisfy { $0.status == 200 || $0.status == 409 })
                    // The authority's own count of wrong passwords: one for each answer taken, none for an answer
                    // run against a state another answer had already moved on from.
                    let counted = try scratch.psql("SELECT failures || ' ' || lockouts FROM lockouts")
                    let numbers = counted.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
                    #expect(numbers == [taken.count, 0], "counted (failures, lockouts): \(counted)")
                    let signIn = try #require(try await second.start("sign-in-password").string("id"))
                    let signedIn = try await second.answer(
                        signIn, ["email": "rae@contoso.com", "password": "Right-Horse-Battery-7"])
                    #expect(signedIn.json?[field: "end"]?[field: "kind"] == "success", "locked: \(signedIn)")
                }
            }
        }
    }
}

extension FlowAPIClient {
    /// The step a session's answer asks next.
    fileprivate func step(_ answer: HTTPAnswer) -> String? {
        answer.json?[field: "ask"]?[field: "step"]?.stringValue
    }

    /// Signs `username` up with `password` through the library's `sign-up-password` flow.
    fileprivate func signUp(_ username: String, password: String) async throws {
        let id = try #require(try await start("sign-up-password").string("id"))
        #expect(step(try await answer(id, ["email": username, "password": password])) == "ask_code")
        let ended = try await answer(id, ["code": try await code(to: username)])
        #expect(ended.json?[field: "end"]?[field: "kind"] == "success", "\(ended)")
    }
}
