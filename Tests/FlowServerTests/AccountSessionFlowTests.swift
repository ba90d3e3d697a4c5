import FlowrunFoundation
import Foundation
import GRDB
import TestSupport
import Testing

/// The token and account flows started on the pages by a browser with an account session run against its
/// account, and a sign-in on the pages without an authorize request leaves an account session too; through the
/// real binary.
@Suite("flows against the signed-in account")
struct AccountSessionFlowTests {
    typealias Pages = SignInPagesTests
    typealias Accounts = AccountSessionTests

    /// Runs `flow` on the pages in `browser`, answering its asks as ``SignInPagesTests/drive`` does; the page it
    /// ends on.
    static func run(_ flow: String, in browser: Pages.Browser, email: String, served origin: String) async throws
        -> String
    {
        let start = String(decoding: try await browser.send(.GET, "/ui/\(flow)").data, as: UTF8.self)
        let csrf = try #require(start.firstMatch(of: /name="csrf" value="([0-9a-f]+)"/)?.1, "\(start)")
        let started = try await browser.send(.POST, "/ui/\(flow)", form: ["csrf": String(csrf)])
        #expect(started.status == 303, "\(started)")
        for _ in 0..<10 {
            let html = String(decoding: try await browser.send(.GET, "/ui/\(flow)/session").data, as: UTF8.self)
            let inputs = html.matches(of: /<input id="[^"]+" name="([a-zA-Z.]+)"/).map { String($0.1) }
            guard !inputs.isEmpty else { return html }
            var form = ["csrf": String(csrf), "action": "answer"]
            for name in inputs {
                switch name {
                case "email", "username": form[name] = email
                case "code":
                    let outbox = try await TestHTTP.get(origin + "/outbox?to=" + email)
                    guard case .list(let messages) = outbox.json else { throw ServedFlowrun.Timeout() }
                    form[name] = messages.first?[field: "code"]?.stringValue
                default: form[name] = "Pass-word-1234!"
                }
            }
            let posted = try await browser.send(.POST, "/ui/\(flow)/session", form: form)
            #expect(posted.status == 303, "\(posted)")
        }
        Issue.record("\(flow) did not end")
        throw ServedFlowrun.Timeout()
    }

    @Test(
        "account-claims in a signed-in browser shows its account, in another says no one is signed in",
        .enabled(if: FlowrunBinary.find() != nil))
    func claimsOfTheSignedInAccount() async throws {
        try await Accounts.withServer { origin, _ in
            let (browser, email) = try await Self.signedUpBrowser(origin)
            let account = try #require(browser.cookies["flowrun_account"])

            let claims = try await Self.run("account-claims", in: browser, email: email, served: origin)
            #expect(claims.contains("Signed in as \(email)"), "\(claims)")
            #expect(!claims.contains("eyJ"), "a token reached the page")
            #expect(browser.cookies["flowrun_account"] == account, "the same account got a second session")
            let token = try await Self.run("access-token", in: browser, email: email, served: origin)
            #expect(token.contains("Access token expires on"), "\(token)")
            #expect(!token.contains("eyJ"), "a token reached the page")

            let stranger = try await Self.run(
                "account-claims", in: Pages.Browser(origin: origin), email: email, served: origin)
            #expect(stranger.contains("No user is signed in"), "\(stranger)")
        }
    }

    @Test(
        "a signed-in browser's flow that never asks for the account gets no tokens issued for it; a token flow does",
        .enabled(if: FlowrunBinary.find() != nil))
    func tokensOnlyForFlowsThatUseTheAccount() async throws {
        try await Accounts.withServer { origin, served in
            let (browser, email) = try await Self.signedUpBrowser(origin)
            let issued = try Self.refreshTokens(in: served.folder)

            let other = "oli-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            let signedUp = try await Self.run("sign-up-email-otp", in: browser, email: other, served: origin)
            #expect(!signedUp.contains("No user is signed in"), "\(signedUp)")
            #expect(
                try Self.refreshTokens(in: served.folder) == issued, "a sign-up got tokens for the browser's account")

            let claims = try await Self.run("account-claims", in: browser, email: email, served: origin)
            #expect(claims.contains("Signed in as \(email)"), "\(claims)")
            #expect(try Self.refreshTokens(in: served.folder) > issued, "the account flow ran without the account")
        }
    }

    /// The refresh tokens the authority's store in `folder` holds, read from a copy of its files.
    static func refreshTokens(in folder: URL) throws -> Int {
        try StateDatabase.copy("authority.sqlite", in: folder) { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM refresh_tokens") ?? 0
        }
    }

    /// A browser that signed up a new user through an authorize request, with its account session; and the email.
    static func signedUpBrowser(_ origin: String) async throws -> (Pages.Browser, String) {
        let email = "ona-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let browser = Pages.Browser(origin: origin)
        let first = try await Accounts.authorize(browser, prompt: "create")
        _ = try await Pages.drive(browser, from: first.answer, email: email, served: origin)
        return (browser, email)
    }

    @Test(
        "a sign-in on the pages without an authorize request leaves an account session for the token flows",
        .enabled(if: FlowrunBinary.find() != nil))
    func pagesSignInLeavesAnAccount() async throws {
        try await Accounts.withServer { origin, _ in
            let email = "pia-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            let signUp = Pages.Browser(origin: origin)
            let first = try await Accounts.authorize(signUp, prompt: "create")
            _ = try await Pages.drive(signUp, from: first.answer, email: email, served: origin)

            let browser = Pages.Browser(origin: origin)
            let signedIn = try await Self.run("sign-in-email-otp", in: browser, email: email, served: origin)
            #expect(browser.cookies["flowrun_account"]?.count == 32, "\(signedIn)")
            let claims = try await Self.run("account-claims", in: browser, email: email, served: origin)
            #expect(claims.contains("Signed in as \(email)"), "\(claims)")
            let silent = try await Accounts.authorize(browser, prompt: "none")
            #expect(silent.query?["code"] != nil, "\(silent.answer)")
        }
    }
}
