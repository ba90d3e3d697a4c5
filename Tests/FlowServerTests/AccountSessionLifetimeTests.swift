import Foundation
import Synchronization
import Testing

@testable import FlowServer

/// An account session ends when idle too long or too long after its sign-in, whichever comes first, and at
/// sign-out; using it restarts only its idle time.
@Suite struct AccountSessionLifetimeTests {
    final class Clock: Sendable {
        private let seconds = Mutex(0.0)

        func advance(_ by: Double) { seconds.withLock { $0 += by } }

        var now: Date { Date(timeIntervalSince1970: 1_000_000 + seconds.withLock { $0 }) }
    }

    static let account = SignedInAccount(userID: "u-1", username: "ada@example.com")

    @Test func endsWhenIdle() async throws {
        let clock = Clock()
        let accounts = AccountSessions(
            store: try .inMemory(), idleLimit: .seconds(60), absoluteLimit: .seconds(600), now: { clock.now })
        let value = try await accounts.open(Self.account)
        clock.advance(59)
        #expect(try await accounts.account(value) == Self.account)
        clock.advance(59)
        #expect(try await accounts.account(value) == Self.account, "a use restarts the idle time")
        clock.advance(60)
        #expect(try await accounts.account(value) == nil)
    }

    @Test func endsAfterItsLifetimeHoweverUsed() async throws {
        let clock = Clock()
        let accounts = AccountSessions(
            store: try .inMemory(), idleLimit: .seconds(60), absoluteLimit: .seconds(150), now: { clock.now })
        let value = try await accounts.open(Self.account)
        for _ in 0..<2 {
            clock.advance(50)
            #expect(try await accounts.account(value) == Self.account)
        }
        clock.advance(50)
        #expect(try await accounts.account(value) == nil)
    }

    @Test func endsAtSignOutAndKnowsOnlyItsOwnValues() async throws {
        let accounts = AccountSessions(store: try .inMemory())
        let value = try await accounts.open(Self.account)
        let other = try await accounts.open(SignedInAccount(userID: "u-2", username: "bo@example.com"))
        #expect(value != other && value.count == 32)
        #expect(try await accounts.account(String(value.reversed())) == nil)
        #expect(try await accounts.account("not a session") == nil)
        try await accounts.close(value)
        #expect(try await accounts.account(value) == nil)
        #expect(try await accounts.account(other)?.userID == "u-2")
    }
}
