import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An account store in a JSON file (e.g. `<stateDir>/account.json`), readable by its owner only: the file is
/// written to a temporary file created with mode 0600 in the same folder and renamed over the old one, so it
/// is never world-readable, not even briefly, and never half-written. Missing folders are created with mode
/// 0700. Dates are stored as ISO 8601 (whole seconds).
public struct FileAccountStore: AccountStore {
    /// The account file.
    public let fileURL: URL

    /// A store in `fileURL`.
    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// A store in the file at `path`.
    public init(path: String) {
        self.fileURL = URL(fileURLWithPath: path)
    }

    /// A store in `<directory>/account.json`.
    public init(directory: URL) {
        self.fileURL = directory.appendingPathComponent("account.json")
    }

    public func load() async throws -> CachedAccount? {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return nil }
        return try CachedAccount(storedData: Data(contentsOf: fileURL))
    }

    public func save(_ account: CachedAccount) async throws {
        let data = try account.storedData()
        let directory = fileURL.deletingLastPathComponent()
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = directory.appendingPathComponent(".\(fileURL.lastPathComponent).\(UUID().uuidString).tmp")
        try Self.writeOwnerOnly(data, to: temporary.path)
        guard rename(temporary.path, fileURL.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw FileAccountStoreError(operation: "rename", path: fileURL.path, code: code)
        }
    }

    public func remove() async throws {
        guard unlink(fileURL.path) == 0 || errno == ENOENT else {
            throw FileAccountStoreError(operation: "remove", path: fileURL.path, code: errno)
        }
    }

    /// Creates `path` (which must not exist) with mode 0600 and writes `data` to it, flushed to disk.
    private static func writeOwnerOnly(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(0o600))
        guard descriptor >= 0 else { throw FileAccountStoreError(operation: "create", path: path, code: errno) }
        var failure: FileAccountStoreError?
        if fchmod(descriptor, mode_t(0o600)) != 0 {
            failure = FileAccountStoreError(operation: "chmod", path: path, code: errno)
        } else if let code = writeAll(data, to: descriptor) {
            failure = FileAccountStoreError(operation: "write", path: path, code: code)
        } else if fsync(descriptor) != 0 {
            failure = FileAccountStoreError(operation: "sync", path: path, code: errno)
        }
        if close(descriptor) != 0, failure == nil {
            failure = FileAccountStoreError(operation: "close", path: path, code: errno)
        }
        if let failure {
            unlink(path)
            throw failure
        }
    }

    /// Writes every byte; the `errno` of a failed write, or `nil`.
    private static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }
}

/// A file operation of ``FileAccountStore`` failed.
public struct FileAccountStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    public var operation: String
    public var path: String
    /// The `errno` value.
    public var code: Int32

    public var description: String {
        "Cannot \(operation) the account file \(path): \(String(cString: strerror(code)))"
    }
}
