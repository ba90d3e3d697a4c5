import FlowModel
import Foundation
import TestSupport
import Testing

/// The authority's continuation in a stored flow session is sealed under the state folder's `session.key`: the
/// session database alone holds no continuation token, and a session whose key is gone ends with the reason.
@Suite("flow session seal")
struct FlowSessionSealTests {
    @Test(
        "the stored session holds its continuation sealed; without the key it ends failed, saying why",
        .enabled(if: FlowrunBinary.find() != nil))
    func continuationIsSealed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
        let id = try await FlowRunnerAPITests.withServer(folder: folder) { client, served in
            let id = try #require(try await client.start("sign-up-email-otp").string("id"))
            let asked = try await client.answer(id, ["email": "di@contoso.com"])
            #expect(asked.json?[field: "ask"]?[field: "step"] == "ask_code", "\(asked)")
            let stored = try FlowRunnerAPITests.storedBytes(in: served.folder)
            #expect(!stored.contains("continuationToken"), "a continuation token in the clear")
            #expect(stored.contains("sealed"))
            return id
        }
        let key = folder.appendingPathComponent("state/session.key")
        #expect(FileManager.default.fileExists(atPath: key.path))
        let attributes = try FileManager.default.attributesOfItem(atPath: key.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        try FileManager.default.removeItem(at: key)
        try await FlowRunnerAPITests.withServer(folder: folder) { client, _ in
            let shown = try await client.get("/sessions/\(id)")
            #expect(shown.json?[field: "state"] == "failed", "\(shown)")
            #expect(shown.string("reason")?.contains("another state folder's session key") == true, "\(shown)")
        }
    }
}
