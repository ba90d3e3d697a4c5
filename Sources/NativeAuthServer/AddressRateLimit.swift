import FlowrunFoundation
import Foundation

/// Requests per client address: a token bucket per address (`requestsPerSecond`, bursts up to `burst`). Over the
/// limit a request is answered 429 with `Retry-After` before the emulator sees it.
public struct AddressRateLimit: Sendable, Hashable {
    public var requestsPerSecond: Double
    public var burst: Double
    /// Whether loopback clients (127.0.0.0/8, ::1) are limited too; by default they are not (local tools, tests
    /// and benchmarks).
    public var includesLoopback: Bool

    public init(requestsPerSecond: Double, burst: Double? = nil, includesLoopback: Bool = false) {
        self.requestsPerSecond = max(requestsPerSecond, 0.001)
        self.burst = max(burst ?? requestsPerSecond * 2, 1)
        self.includesLoopback = includesLoopback
    }

    /// The default of `flowrun serve`: 50 requests a second per address, bursts of 100, loopback exempt.
    public static let standard = AddressRateLimit(requestsPerSecond: 50)

    /// Whether `address` is a loopback address (127.0.0.0/8, ::1, or 127.x mapped into IPv6).
    public static func isLoopback(_ address: String) -> Bool {
        address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
    }
}

/// The buckets of ``AddressRateLimit``, shared by all connections of a server.
final class AddressRateLimiter: Sendable {
    private struct Bucket: Sendable {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    let limit: AddressRateLimit
    private let buckets = Locked<[String: Bucket]>([:])
    /// Above this many addresses, full buckets are dropped (they carry no state).
    private static let pruneAbove = 10_000

    init(_ limit: AddressRateLimit) {
        self.limit = limit
    }

    /// Nil when a request from `address` may go on now, else the seconds to wait.
    func wait(for address: String?, now: ContinuousClock.Instant = .now) -> Int? {
        guard let address, limit.includesLoopback || !AddressRateLimit.isLoopback(address) else { return nil }
        return buckets.withLock { buckets in take(from: &buckets, for: address, now: now) }
    }

    /// Refills the bucket of `address` for the time since its last request and takes a token from it.
    private func take(from buckets: inout [String: Bucket], for address: String, now: ContinuousClock.Instant) -> Int? {
        var bucket = buckets[address] ?? Bucket(tokens: limit.burst, updated: now)
        let elapsed = now - bucket.updated
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        bucket.tokens = min(limit.burst, bucket.tokens + max(seconds, 0) * limit.requestsPerSecond)
        bucket.updated = now
        if buckets.count > Self.pruneAbove {
            buckets = buckets.filter { $0.value.tokens < limit.burst }
        }
        guard bucket.tokens >= 1 else {
            buckets[address] = bucket
            return max(Int(((1 - bucket.tokens) / limit.requestsPerSecond).rounded(.up)), 1)
        }
        bucket.tokens -= 1
        buckets[address] = bucket
        return nil
    }
}
