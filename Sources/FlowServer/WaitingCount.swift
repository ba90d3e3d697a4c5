import FlowrunFoundation
import Foundation

/// How many sessions wait on an ask, for refusing a start before its flow runs: the store's count, counted again
/// once it is older than ``maxAge`` or near the limit, plus the starts let through since. A start far below the
/// limit then costs no read of the store; the insert still checks the limit exactly.
///
/// In one process the estimate is never below the store's count (sessions that end or expire only lower the
/// latter), so a start is let through only when a count would have let it through too. Several servers sharing
/// the store see each other's starts within ``maxAge``, and only below nine tenths of the limit: until then a
/// start the store can no longer hold runs its flow's first step before the insert refuses it.
final class WaitingCount: Sendable {
    /// How long a count of the store stands.
    static let maxAge: TimeInterval = 1

    private struct Counted {
        var count: Int
        var at: Date
        var startsSince: Int
    }

    private let counted = Locked<Counted?>(nil)

    /// Whether `limit` sessions already wait, counting the store (`count`) only when the estimate is stale or
    /// near `limit`; a start let through is added to the estimate.
    func isFull(limit: Int, now: Date, count: () async throws -> Int) async throws -> Bool {
        let margin = limit / 10
        let estimated = counted.withLock { counted -> Bool in
            guard var current = counted, now.timeIntervalSince(current.at) < Self.maxAge, now >= current.at,
                current.count + current.startsSince + margin < limit
            else { return false }
            current.startsSince += 1
            counted = current
            return true
        }
        if estimated { return false }
        let stored = try await count()
        let full = stored >= limit
        counted.withLock { $0 = Counted(count: stored, at: now, startsSince: full ? 0 : 1) }
        return full
    }
}
