import Foundation
import GRDB
import Testing

@testable import NativeAuthEmulator

/// Write transactions of concurrent requests committed together: each request keeps or loses its own writes, and
/// is answered only with what the commit kept.
@Suite("Group commit")
struct GroupCommitTests {
    struct Refused: Error, Equatable {
        let index: Int
    }

    /// A store whose writer is held by a first request until `release` is called, so that the requests sent
    /// meanwhile wait and are committed together.
    struct HeldStore {
        let store: EmulatorStore
        let commits: GroupCommit
        let held: Task<String, any Error>
        let gate = DispatchSemaphore(value: 0)

        init() async throws {
            store = try EmulatorStore.inMemory()
            commits = try #require(store.backend as? SQLiteBackend).commits
            let entered = DispatchSemaphore(value: 0)
            let gate = gate
            held = Task { [store] in
                try await store.write { transaction in
                    entered.signal()
                    gate.wait()
                    try transaction.save(KeyRecord(name: "held", secret: nil, pem: nil, createdAt: 0))
                    return "held"
                }
            }
            await Self.wait(for: entered)
        }

        /// Waits until `count` requests wait for the writer, then lets the first one finish.
        func release(whenWaiting count: Int) async throws {
            for _ in 0..<500 where commits.waiting < count { try await Task.sleep(for: .milliseconds(10)) }
            #expect(commits.waiting == count)
            gate.signal()
            #expect(try await held.value == "held")
        }

        static func wait(for semaphore: DispatchSemaphore) async {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    semaphore.wait()
                    continuation.resume()
                }
            }
        }
    }

    @Test("in one commit, a request that throws loses its writes and gets its error; the others keep theirs")
    func failureOfOneRequest() async throws {
        let held = try await HeldStore()
        let store = held.store
        let requests = (0..<10).map { index in
            Task {
                try await store.write { transaction in
                    try transaction.save(KeyRecord(name: "key\(index)", secret: nil, pem: nil, createdAt: 0))
                    if index % 2 == 1 { throw Refused(index: index) }
                    return index
                }
            }
        }
        try await held.release(whenWaiting: 10)
        for (index, request) in requests.enumerated() {
            if index % 2 == 1 {
                await #expect(throws: Refused(index: index)) { try await request.value }
            } else {
                #expect(try await request.value == index)
            }
        }
        let kept = try await store.read { transaction in
            try (0..<10).filter { try transaction.key(named: "key\($0)") != nil }
        }
        #expect(kept == [0, 2, 4, 6, 8])
    }

    @Test("when the database rolls the shared transaction back, every request in it fails and none keeps a write")
    func failureOfTheTransaction() async throws {
        let held = try await HeldStore()
        let store = held.store
        let requests = (0..<3).map { index in
            Task {
                try await store.write { transaction in
                    try transaction.save(KeyRecord(name: "key\(index)", secret: nil, pem: nil, createdAt: 0))
                    if index == 1 { try #require(transaction as? SQLiteTransaction).db.execute(sql: "ROLLBACK") }
                    return index
                }
            }
        }
        try await held.release(whenWaiting: 3)
        for request in requests {
            await #expect(throws: (any Error).self) { try await request.value }
        }
        let kept = try await store.read { transaction in
            try (0..<3).filter { try transaction.key(named: "key\($0)") != nil }
        }
        #expect(kept.isEmpty)
        let after = try await store.write { transaction in
            try transaction.save(KeyRecord(name: "after", secret: nil, pem: nil, createdAt: 0))
            return try transaction.key(named: "after") != nil
        }
        #expect(after)
    }
}
