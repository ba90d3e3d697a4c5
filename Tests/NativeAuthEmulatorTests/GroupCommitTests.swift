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

        /// Starts `count` requests; request `index` writes the key `key<index>`, then does `then`, and returns
        /// `index`.
        func write(
            _ count: Int, then: @escaping @Sendable (Int, any StoreTransaction) throws -> Void
        ) -> [Task<Int, any Error>] {
            (0..<count).map { [store] index in
                Task {
                    try await store.write { transaction in
                        try transaction.save(KeyRecord(name: "key\(index)", secret: nil, pem: nil, createdAt: 0))
                        try then(index, transaction)
                        return index
                    }
                }
            }
        }

        /// The indexes of the requests (of the first `count`) whose key was kept.
        func kept(of count: Int) async throws -> [Int] {
            try await store.read { transaction in
                try (0..<count).filter { try transaction.key(named: "key\($0)") != nil }
            }
        }

        /// Every one of `requests` failed, none kept its write, and the store takes the next write.
        func expectAllFailed(_ requests: [Task<Int, any Error>]) async throws {
            for request in requests {
                await #expect(throws: (any Error).self) { try await request.value }
            }
            #expect(try await kept(of: requests.count).isEmpty)
            let after = try await store.write { transaction in
                try transaction.save(KeyRecord(name: "after", secret: nil, pem: nil, createdAt: 0))
                return try transaction.key(named: "after") != nil
            }
            #expect(after)
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
        let requests = held.write(10) { index, _ in
            if index % 2 == 1 { throw Refused(index: index) }
        }
        try await held.release(whenWaiting: 10)
        for (index, request) in requests.enumerated() {
            if index % 2 == 1 {
                await #expect(throws: Refused(index: index)) { try await request.value }
            } else {
                #expect(try await request.value == index)
            }
        }
        #expect(try await held.kept(of: 10) == [0, 2, 4, 6, 8])
    }

    @Test("when the database rolls the shared transaction back, every request in it fails and none keeps a write")
    func failureOfTheTransaction() async throws {
        let held = try await HeldStore()
        let requests = held.write(3) { index, transaction in
            if index == 1 { try #require(transaction as? SQLiteTransaction).db.execute(sql: "ROLLBACK") }
        }
        try await held.release(whenWaiting: 3)
        try await held.expectAllFailed(requests)
    }

    @Test("when the commit fails, every request in the batch fails, none keeps a write, and the store goes on")
    func failureOfTheCommit() async throws {
        let held = try await HeldStore()
        // A deferred foreign key that is still broken when the batch commits: COMMIT itself fails.
        let requests = held.write(3) { index, transaction in
            guard index == 1 else { return }
            let db = try #require(transaction as? SQLiteTransaction).db
            try db.execute(
                sql: """
                    CREATE TEMP TABLE parent (id INTEGER PRIMARY KEY);
                    CREATE TEMP TABLE child (parent INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);
                    INSERT INTO child (parent) VALUES (42);
                    """)
        }
        try await held.release(whenWaiting: 3)
        try await held.expectAllFailed(requests)
    }
}
