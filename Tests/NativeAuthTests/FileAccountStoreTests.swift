import Foundation
import NativeAuth
import Testing

@Suite struct FileAccountStoreTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func mode(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func roundTripWithMode0600() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileAccountStore(directory: directory.appendingPathComponent("state"))
        #expect(try await store.load() == nil)

        let account = Canned.account()
        try await store.save(account)
        #expect(store.fileURL.lastPathComponent == "account.json")
        #expect(try await store.load() == account)
        #expect(try mode(store.fileURL) == 0o600)
        #expect(try mode(store.fileURL.deletingLastPathComponent()) == 0o700)

        var rotated = account
        rotated.refreshToken = rotatedRefreshToken
        try await store.save(rotated)
        #expect(try await store.load() == rotated)
        #expect(try mode(store.fileURL) == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: store.fileURL.deletingLastPathComponent().path)
        #expect(leftovers == ["account.json"], "no temporary files left")

        try await store.remove()
        #expect(try await store.load() == nil)
        try await store.remove()
    }

    @Test func replacesAWorldReadableFile() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("account.json")
        _ = FileManager.default.createFile(
            atPath: file.path, contents: Data("{}".utf8), attributes: [.posixPermissions: 0o644])
        let store = FileAccountStore(path: file.path)
        #expect(store.fileURL == file)
        try await store.save(Canned.account())
        #expect(try mode(file) == 0o600)
        #expect(try await store.load() == Canned.account())
    }

    @Test func aCorruptFileIsAnError() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("account.json")
        try Data("not json".utf8).write(to: file)
        await #expect(throws: (any Error).self) { try await FileAccountStore(fileURL: file).load() }
    }
}
