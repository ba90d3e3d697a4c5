import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A write to a folder that failed for a reason of the disk or of the folder itself (full, read-only, not
/// writable), in words and without the database's statement: `the disk is full`.
public struct StorageFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The folder that could not be written.
    public var folder: String
    /// What went wrong, in words.
    public var reason: String

    public var description: String { "could not save in \(folder): \(reason)" }

    /// The storage failure `error` is when writing in `folder`: an SQLite, file or POSIX error of the disk or of
    /// the folder's permissions; nil for any other error. The reason comes from looking at the folder (free
    /// space, the file size limit, whether it can be written), else from the error's kind.
    public init?(_ error: any Error, folder: String) {
        guard let kind = Self.kind(of: error) else { return nil }
        self.folder = folder
        reason = Self.probe(folder) ?? kind
    }

    /// A database in `folder` that could not be read or written, the error unknown: the reason from looking at
    /// the folder, else that a read or write failed.
    public init(writingIn folder: String) {
        self.folder = folder
        reason = Self.probe(folder) ?? "a read or write of its database failed"
    }

    /// The storage failure the POSIX error `code` is when writing in `folder`; nil for another error.
    public init?(errno code: Int32, folder: String) {
        guard let kind = Self.words(errno: code) else { return nil }
        self.folder = folder
        reason = Self.probe(folder) ?? kind
    }

    /// What the error says, when it is a failure of the disk or the folder.
    private static func kind(of error: any Error) -> String? {
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_FULL: return "the disk is full"
            case .SQLITE_READONLY: return "the folder or its database is read-only"
            case .SQLITE_PERM, .SQLITE_CANTOPEN: return "its database cannot be opened for writing"
            case .SQLITE_IOERR: return "a write to the disk failed"
            default: return nil
            }
        }
        if let error = error as? EmulatorStoreError, error.message.hasPrefix("cannot create") {
            return "a file cannot be created there"
        }
        let code: Int32
        if let error = error as? POSIXError {
            code = error.code.rawValue
        } else if let error = error as? CocoaError {
            switch error.code {
            case .fileWriteOutOfSpace: return "the disk is full"
            case .fileWriteVolumeReadOnly: return "the folder is on a read-only file system"
            case .fileWriteNoPermission: return "permission denied"
            default:
                guard let underlying = error.underlying as? POSIXError else { return nil }
                code = underlying.code.rawValue
            }
        } else {
            return nil
        }
        return words(errno: code)
    }

    /// The words for the errors of a disk or a folder.
    private static func words(errno code: Int32) -> String? {
        switch code {
        case ENOSPC, EDQUOT: return "the disk is full"
        case EFBIG: return "a file reached the size limit"
        case EROFS: return "the folder is on a read-only file system"
        case EACCES, EPERM: return "permission denied"
        case EIO: return "a write to the disk failed"
        default: return nil
        }
    }

    /// What the folder itself shows: no free space, a file size limit, a folder that cannot be written.
    private static func probe(_ folder: String) -> String? {
        var volume = statvfs()
        if statvfs(folder, &volume) == 0, volume.f_bavail == 0 { return "the disk is full" }
        if access(folder, W_OK) != 0, let words = words(errno: errno) {
            return words == "permission denied" ? "the folder is read-only for this user (permission denied)" : words
        }
        var limit = rlimit()
        #if os(Linux)
            let fileSize = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
            let unlimited = rlim_t.max
        #else
            let fileSize = RLIMIT_FSIZE
            let unlimited = RLIM_INFINITY
        #endif
        if getrlimit(fileSize, &limit) == 0, limit.rlim_cur != unlimited {
            return "no room to write: files may not grow past \(limit.rlim_cur) bytes (the file size limit, ulimit -f)"
        }
        return nil
    }
}
