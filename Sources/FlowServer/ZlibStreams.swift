import FlowrunFoundation

/// zlib streams kept between records: each is used by one caller at a time and reset after it, so that a stream's
/// state is allocated once rather than for every record. A stream whose use failed is dropped, not kept.
final class ZlibStreams<Stream: AnyObject>: Sendable {
    /// The streams not in use. Unchecked: a stream is only ever taken out of the list, under its lock, by one caller.
    private struct Idle: @unchecked Sendable {
        var streams: [Stream] = []
    }

    private let idle = Locked(Idle())
    private let keep: Int
    private let make: @Sendable () throws -> Stream
    private let reset: @Sendable (Stream) throws -> Void

    /// Keeps at most `keep` idle streams, made by `make` and made ready again by `reset`.
    init(
        keep: Int, make: @escaping @Sendable () throws -> Stream, reset: @escaping @Sendable (Stream) throws -> Void
    ) {
        self.keep = keep
        self.make = make
        self.reset = reset
    }

    /// `body` with a stream of its own.
    func with<Result>(_ body: (Stream) throws -> Result) throws -> Result {
        let stream = try idle.withLock { $0.streams.popLast() } ?? make()
        let result = try body(stream)
        if (try? reset(stream)) != nil {
            idle.withLock { if $0.streams.count < keep { $0.streams.append(stream) } }
        }
        return result
    }
}
