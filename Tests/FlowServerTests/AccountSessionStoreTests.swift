import FlowrunFoundation
import Foundation
import TestSupport
import Testing

/// Account sessions live in the state folder's store: a restarted server keeps the browser signed in, and the
/// store keeps only the digest of the cookie value; through the real binary.
@Suite("account sessions in the session store")
struct AccountSessionStoreTests {
    typealias Pages = SignInPagesTests
    typealias Accounts = AccountSessionTests

    /// Every byte of the state folder's session store (the database, its WAL and shared memory).
    static func storeBytes(in folder: URL) throws -> Data {
        let state = folder.appendingPathComponent("state")
        var bytes = Data()
        for name in try FileManager.default.contentsOfDirectory(atPath: state.path)
        where name.hasPrefix("flow-sessions.sqlite") {
            bytes.append(try Data(contentsOf: state.appendingPathComponent(name)))
        }
        return bytes
    }

    @Test(
        "after a restart on the same state folder, an authorize request signs in without pages",
        .enabled(if: FlowrunBinary.find() != nil))
    func restartKeepsTheAccount() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("account-\(UUID().uuidString)")
        let email = "rey-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        var account = ""
        var subject: Value?
        try await Accounts.withServer(folder: folder) { origin, _ in
            let browser = Pages.Browser(origin: origin)
            let first = try await Accounts.authorize(browser, prompt: "create")
            let signedUp = try await Pages.drive(browser, from: first.answer, email: email, served: origin)
            subject = try await Accounts.subject(origin, code: signedUp["code"])
            account = try #require(browser.cookies["flowrun_account"])
        }
        let stored = try Self.storeBytes(in: folder)
        #expect(!stored.isEmpty)
        #expect(stored.range(of: Data(account.utf8)) == nil, "the store holds an account session's cookie value")

        try await Accounts.withServer(folder: folder) { origin, _ in
            let browser = Pages.Browser(origin: origin)
            browser.cookies["flowrun_account"] = account
            let silent = try await Accounts.authorize(browser, prompt: "none")
            #expect(silent.answer.status == 303, "\(silent.answer)")
            #expect(try await Accounts.subject(origin, code: silent.query?["code"]) == subject)
            let stranger = try await Accounts.authorize(Pages.Browser(origin: origin), prompt: "none")
            #expect(stranger.query?["error"] == "login_required", "\(stranger.answer)")
        }
    }
}
