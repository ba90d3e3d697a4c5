// The availability check's fixture: compiled with an index store by `check-availability.py --self-test`
// for a macOS 13 / iOS 16 deployment target. Lines ending in the marker must be reported; no other line may be.
import Foundation
import Synchronization

func unguarded(_ bytes: [UInt8]) -> String? {
    String(validating: bytes, as: UTF8.self)  // expected: newer than the target
}

func unguardedMutex() -> Int {
    let counter = Mutex(0)  // expected: newer than the target
    return counter.withLock { $0 }  // expected: newer than the target
}

func guardedByIf(_ bytes: [UInt8]) -> String? {
    if #available(macOS 15, iOS 18, *) {
        return String(validating: bytes, as: UTF8.self)
    }
    return String(decoding: bytes, as: UTF8.self)
}

func guardedByGuard(_ bytes: [UInt8]) -> String? {
    guard #available(macOS 15, iOS 18, *) else { return nil }
    return String(validating: bytes, as: UTF8.self)
}

func guardedTooLow(_ bytes: [UInt8]) -> String? {
    if #available(macOS 14, iOS 17, *) {
        return String(validating: bytes, as: UTF8.self)  // expected: newer than the target
    }
    return nil
}

@available(macOS 15, iOS 18, *)
func declaredNewer(_ bytes: [UInt8]) -> String? {
    // A comment with { braces } and a "string with { braces" must not confuse the scanner.
    String(validating: bytes, as: UTF8.self)
}

func older(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
}

// `for await` calls `next(isolation:)` (macOS 15) only where the target has it, else `next()`: implicit
// references are the compiler's choice and are not reported.
func implicitNext(_ stream: AsyncStream<Int>) async -> Int {
    var total = 0
    for await value in stream { total += value }
    return total
}

// String's own `data(using:allowLossyConversion:)` is macOS 15, but StringProtocol's (macOS 10.10) serves
// older targets: an overload the target has is not reported.
func olderOverload() -> Data? {
    "text".data(using: .utf8)
}
