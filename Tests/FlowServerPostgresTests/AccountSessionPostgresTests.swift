import FlowServer
import FlowServerPostgres
import FlowSessionSeal
import Foundation
import TestSupport
import Testing

/// Account sessions in PostgreSQL: two servers sharing the database know the same sessions, and no file of the
/// cluster holds a cookie value.
extension PostgresStoreTests {
    @Test("an account session opened on one instance signs in on another; a sign-out on either ends it")
    func accountSessionsAcrossInstances() async throws {
        try await ScratchPostgres.with { scratch in
            let first = try await SharedDatabase(address: try scratch.address, logger: Self.logger)
            let second = try await SharedDatabase(address: try scratch.address, logger: Self.logger)
            let seal = SessionSeal()
            let here = AccountSessions(store: first.flowSessionStore(seal: seal))
            let there = AccountSessions(store: second.flowSessionStore(seal: seal))
            let account = SignedInAccount(userID: "u-7", username: "sam@example.com")

            let value = try await here.open(account)
            #expect(try await there.account(value) == account)
            #expect(try await there.account(String(value.reversed())) == nil)
            let rows = try scratch.psql("SELECT id || ' ' || convert_from(account, 'UTF8') FROM account_session")
            #expect(rows.contains("sam@example.com") && !rows.contains(value), "\(rows)")
            #expect(try scratch.clusterBytes().range(of: Data(value.utf8)) == nil, "a file of the cluster holds it")

            try await there.close(value)
            #expect(try await here.account(value) == nil)
            await first.close()
            await second.close()
        }
    }
}
