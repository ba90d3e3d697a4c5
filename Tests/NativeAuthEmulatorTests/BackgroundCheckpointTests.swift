import Foundation
import Testing

@testable import NativeAuthEmulator

/// The file store's write-ahead log is copied into the database by a connection of its own, not by the writer.
@Suite("Background checkpoints")
struct BackgroundCheckpointTests {
    @Test("the log is checkpointed beside the writer after enough commits, and every write is kept")
    func checkpointsAfterCommits() async throws {
        let directory = NSTemporaryDirectory() + "flowrun-checkpoint-\(UUID().uuidString.lowercased())"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try EmulatorStore(directory: directory)
        let checkpoints = try #require((store.backend as? SQLiteBackend)?.checkpoints)
        let path = try #require(store.path)
        let sizeBefore = try Self.size(of: path)
        for index in 0..<120 {
            try await store.write { transaction in
                try transaction.save(KeyRecord(name: "key\(index)", secret: nil, pem: nil, createdAt: 0))
            }
        }
        for _ in 0..<500 where checkpoints.completed == 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(checkpoints.completed >= 1)
        // The writer checkpoints itself only past 10,000 pages: the pages in the database file were copied there
        // by the background checkpoint.
        #expect(try Self.size(of: path) > sizeBefore)

        let reopened = try EmulatorStore(directory: directory)
        let kept = try await reopened.read { transaction in
            try (0..<120).filter { try transaction.key(named: "key\($0)") != nil }.count
        }
        #expect(kept == 120)
    }

    @Test("the store in memory has no log to checkpoint")
    func noneInMemory() throws {
        let store = try EmulatorStore.inMemory()
        let backend = try #require(store.backend as? SQLiteBackend)
        #expect(backend.checkpoints == nil)
    }

    static func size(of path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber).intValue
    }
}
