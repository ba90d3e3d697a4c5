import Foundation

/// Reads a file without ever holding more than the size limit (plus one byte) in memory.
enum FileReader {
    enum Failure: Error, Sendable {
        /// Missing, a folder, or not readable; the text says which.
        case unreadable(String)
        /// Larger than the limit; the size when known.
        case tooLarge(Int?)
    }

    static func read(_ path: String, maxBytes: Int) -> Result<[UInt8], Failure> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(.unreadable("no such file"))
        }
        if isDirectory.boolValue { return .failure(.unreadable("it is a folder, not a file")) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return .failure(.unreadable("permission denied"))
        }
        defer { try? handle.close() }
        do {
            let limit = max(0, maxBytes)
            let data = try handle.read(upToCount: limit == Int.max ? limit : limit + 1) ?? Data()
            if data.count > maxBytes {
                let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
                return .failure(.tooLarge(size))
            }
            return .success([UInt8](data))
        } catch {
            return .failure(.unreadable(error.localizedDescription))
        }
    }
}
