import Foundation
import GRDB

/// A state folder's SQLite databases as a running server left them.
enum StateDatabase {
    /// Runs `read` on a copy of the database `name` (with its write-ahead log) of the state folder under
    /// `folder`, so that a test reads what a running server wrote without opening its files; the copy is removed.
    static func copy<T>(_ name: String, in folder: URL, _ read: (Database) throws -> T) throws -> T {
        let state = folder.appendingPathComponent("state")
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("state-copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: copy) }
        for file in try FileManager.default.contentsOfDirectory(atPath: state.path)
        where file.hasPrefix(name) && !file.hasSuffix("-shm") {
            try FileManager.default.copyItem(
                at: state.appendingPathComponent(file), to: copy.appendingPathComponent(file))
        }
        let database = try DatabaseQueue(path: copy.appendingPathComponent(name).path)
        return try database.read(read)
    }
}
