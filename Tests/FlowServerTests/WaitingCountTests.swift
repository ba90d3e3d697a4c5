import FlowrunFoundation
import Foundation
import Testing

@testable import FlowServer

/// A start is checked against the sessions limit from an estimate: the store is counted once a second, or at
/// every start near the limit, and the starts let through in between are added.
@Suite struct WaitingCountTests {
    /// A stand-in for the store's count that says how often it was asked.
    final class Store: Sendable {
        let waiting: Locked<Int>
        let counts = Locked(0)
        init(waiting: Int) { self.waiting = Locked(waiting) }
        func count() async throws -> Int {
            counts.withLock { $0 += 1 }
            return waiting.value
        }
    }

    let start = Date(timeIntervalSince1970: 1_000_000)

    @Test func farBelowTheLimitTheStoreIsCountedOnceASecond() async throws {
        let count = WaitingCount()
        let store = Store(waiting: 10)
        for step in 0..<50 {
            let now = start.addingTimeInterval(Double(step) * 0.01)
            #expect(try await count.isFull(limit: 1_000, now: now, count: store.count) == false)
        }
        #expect(store.counts.value == 1)
        _ = try await count.isFull(limit: 1_000, now: start.addingTimeInterval(WaitingCount.maxAge), count: store.count)
        #expect(store.counts.value == 2, "a count a second old is taken again")
    }

    @Test func nearTheLimitEveryStartCountsTheStore() async throws {
        let count = WaitingCount()
        let store = Store(waiting: 90)
        for _ in 0..<10 {
            #expect(try await count.isFull(limit: 100, now: start, count: store.count) == false)
        }
        #expect(store.counts.value == 10, "within a tenth of the limit the store is counted at each start")
    }

    @Test func aFullStoreIsRefusedAtOnceAndAFreedPlaceLetsTheNextStartThrough() async throws {
        let count = WaitingCount()
        let store = Store(waiting: 0)
        #expect(try await count.isFull(limit: 1, now: start, count: store.count) == false)
        store.waiting.withLock { $0 = 1 }
        #expect(try await count.isFull(limit: 1, now: start, count: store.count) == true)
        #expect(try await count.isFull(limit: 1, now: start, count: store.count) == true)
        store.waiting.withLock { $0 = 0 }
        #expect(try await count.isFull(limit: 1, now: start, count: store.count) == false)
        #expect(store.counts.value == 4, "at a limit of one every start counts")
    }

    @Test func theEstimateIsNeverBelowTheStartsLetThrough() async throws {
        let count = WaitingCount()
        let store = Store(waiting: 0)
        var letThrough = 0
        // No session ends: each start let through waits. The store is told of it only when counted again.
        for _ in 0..<40 {
            if try await !count.isFull(limit: 20, now: start, count: store.count) {
                letThrough += 1
                store.waiting.withLock { $0 += 1 }
            }
        }
        #expect(letThrough == 20)
    }

    @Test func aFailedCountIsAnErrorAndNothingIsKept() async throws {
        struct Unavailable: Error {}
        let count = WaitingCount()
        await #expect(throws: Unavailable.self) {
            try await count.isFull(limit: 1_000, now: start) { throw Unavailable() }
        }
        let store = Store(waiting: 0)
        _ = try await count.isFull(limit: 1_000, now: start, count: store.count)
        #expect(store.counts.value == 1)
    }

    @Test func aClockThatWentBackCountsAgain() async throws {
        let count = WaitingCount()
        let store = Store(waiting: 0)
        _ = try await count.isFull(limit: 1_000, now: start, count: store.count)
        _ = try await count.isFull(limit: 1_000, now: start.addingTimeInterval(-5), count: store.count)
        #expect(store.counts.value == 2)
    }
}
