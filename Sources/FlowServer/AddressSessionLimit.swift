import FlowrunFoundation
import Foundation
import NativeAuthServer

/// How many sessions one client address may start: at most ``openSessions`` waiting on an ask at once, and at most
/// ``startsPerMinute`` starts in any minute, so that one address cannot fill the server's session cap. Over either,
/// a start is refused (429 with `Retry-After`). Counted by each server for the sessions it started.
public struct AddressSessionLimit: Sendable, Hashable {
    public var openSessions: Int
    public var startsPerMinute: Int
    /// Whether loopback clients (127.0.0.0/8, ::1) are limited too; by default they are not (local tools, tests).
    public var includesLoopback: Bool

    public init(openSessions: Int = 100, startsPerMinute: Int = 30, includesLoopback: Bool = false) {
        self.openSessions = max(openSessions, 1)
        self.startsPerMinute = max(startsPerMinute, 1)
        self.includesLoopback = includesLoopback
    }

    /// 100 open sessions and 30 starts a minute per address, loopback exempt.
    public static let standard = AddressSessionLimit()
}

/// The sessions each address started, for ``AddressSessionLimit``: shared by every copy of a ``FlowSessions``.
final class AddressSessionLedger: Sendable {
    /// Why an address may not start a session now.
    struct Refusal: Equatable {
        var reason: String
        var retryAfter: Int
    }

    private struct Address {
        /// When its starts of the last minute came.
        var starts: [Date] = []
        /// Its open sessions by id, with when each last changed.
        var open: [String: Date] = [:]

        var isEmpty: Bool { starts.isEmpty && open.isEmpty }
    }

    private struct Ledger {
        var addresses: [String: Address] = [:]
        var addressOf: [String: String] = [:]
    }

    let limit: AddressSessionLimit
    private let ledger = Locked(Ledger())
    /// Above this many addresses, every address is swept of what has expired.
    private static let sweepAbove = 10_000

    init(_ limit: AddressSessionLimit) {
        self.limit = limit
    }

    /// Counts the start of session `id` from `address`, or says why the address is over a bound (and counts
    /// nothing). Sessions idle since `expiredBefore` no longer count.
    func admit(_ id: String, from address: String?, now: Date, expiredBefore: Date) -> Refusal? {
        guard let address, limit.includesLoopback || !AddressRateLimit.isLoopback(address) else { return nil }
        return ledger.withLock { ledger in
            if ledger.addresses.count > Self.sweepAbove {
                for key in Array(ledger.addresses.keys) {
                    Self.sweep(key, in: &ledger, now: now, before: expiredBefore)
                }
            }
            Self.sweep(address, in: &ledger, now: now, before: expiredBefore)
            var entry = ledger.addresses[address] ?? Address()
            if entry.starts.count >= limit.startsPerMinute, let oldest = entry.starts.min() {
                return Refusal(
                    reason: "this address started \(limit.startsPerMinute) sessions in the last minute",
                    retryAfter: Self.seconds(from: now, to: oldest.addingTimeInterval(60)))
            }
            if entry.open.count >= limit.openSessions, let oldest = entry.open.values.min() {
                return Refusal(
                    reason: "this address has \(limit.openSessions) sessions waiting for an answer",
                    retryAfter: Self.seconds(from: expiredBefore, to: oldest))
            }
            entry.starts.append(now)
            entry.open[id] = now
            ledger.addresses[address] = entry
            ledger.addressOf[id] = address
            return nil
        }
    }

    /// Session `id` changed and still waits on an ask.
    func touch(_ id: String, now: Date) {
        ledger.withLock { ledger in
            guard let address = ledger.addressOf[id], ledger.addresses[address]?.open[id] != nil else { return }
            ledger.addresses[address]?.open[id] = now
        }
    }

    /// Session `id` is over (or was never stored): it no longer counts as open.
    func close(_ id: String) {
        ledger.withLock { ledger in
            guard let address = ledger.addressOf.removeValue(forKey: id) else { return }
            ledger.addresses[address]?.open[id] = nil
        }
    }

    /// Drops the starts older than a minute and the sessions idle since `before` of `address`.
    private static func sweep(_ address: String, in ledger: inout Ledger, now: Date, before: Date) {
        guard var entry = ledger.addresses[address] else { return }
        entry.starts.removeAll { $0 <= now.addingTimeInterval(-60) }
        for (id, changed) in entry.open where changed < before {
            entry.open[id] = nil
            ledger.addressOf[id] = nil
        }
        ledger.addresses[address] = entry.isEmpty ? nil : entry
    }

    private static func seconds(from start: Date, to end: Date) -> Int {
        max(1, Int(end.timeIntervalSince(start).rounded(.up)))
    }
}
