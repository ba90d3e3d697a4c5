import FlowServerPostgres
import Foundation
import NativeAuthEmulator
import Testing

/// The connection pool: a request that waits long for a connection, while the server can be reached, is served
/// when one comes free, not refused.
extension PostgresStoreTests {
    @Test(
        "with one connection, held by a transaction blocked on a lock for seconds, a second request waits and is served"
    )
    func busyPoolWaits() async throws {
        try await ScratchPostgres.with { scratch in
            let database = try await SharedDatabase(address: try scratch.address, connections: 1, logger: Self.logger)
            let emulator = NativeAuthEmulator(configuration: .testing(), store: database.emulatorStore)
            let locker = Task.detached {
                try scratch.query("BEGIN; LOCK TABLE users IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(3); COMMIT;")
            }
            try await Task.sleep(for: .milliseconds(500))
            let started = ContinuousClock.now
            async let first = emulator.send(
                .signUpStart, ["username": "first@contoso.com", "challenge_type": "oob password redirect"])
            async let second = emulator.send(
                .signUpStart, ["username": "second@contoso.com", "challenge_type": "oob password redirect"])
            let statuses = await [first.status, second.status]
            let waited = ContinuousClock.now - started
            _ = try await locker.value
            #expect(statuses == [200, 200])
            #expect(waited > .seconds(1), "the lock held the only connection beyond the pool's patience")
            await database.close()
        }
    }
}
