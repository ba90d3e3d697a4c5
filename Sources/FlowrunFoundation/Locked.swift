import Foundation

/// A value behind a lock, for the few caches and collectors shared by concurrent requests: the one lock style of
/// the package (`Synchronization.Mutex` needs macOS 15; the package supports macOS 13).
public final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    public init(_ value: Value) {
        stored = value
    }

    public var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&stored)
    }
}
