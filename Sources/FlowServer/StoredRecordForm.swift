import CompressNIO
import Foundation
import NIOCore

/// How a session's record is kept: its JSON deflated (raw deflate with a 4 KiB window) behind a marker byte,
/// about half the bytes of the JSON. A record that starts with `{` is plain JSON, as flowrun kept records before,
/// and is read as it is.
enum StoredRecordForm {
    /// The first byte of a deflated record (a JSON record starts with `{`).
    static let deflatedMarker: UInt8 = 0x01

    /// Records are small: a 4 KiB window compresses them as well as zlib's defaults do, without zlib's 256 KiB of
    /// state; the fastest level makes them 2 % larger than the default's, in three quarters of the time. Memory
    /// level 4 takes a record's symbols in one block where level 2 cut it into blocks of 256, each with trees of
    /// its own (an 885-byte record, mostly its sealed session: 652 instead of 692 bytes, in 11.0 instead of
    /// 18.3 µs).
    private static let configuration = ZlibConfiguration(windowSize: 12, compressionLevel: 1, memoryLevel: 4)

    /// Streams kept between records (a deflate stream's state is about 24 KiB), one for each record at a time.
    private static let deflaters = ZlibStreams(
        keep: 8, make: { try ZlibCompressor(algorithm: .deflate, configuration: configuration) },
        reset: { try $0.reset() })
    private static let inflaters = ZlibStreams(
        keep: 8, make: { try ZlibDecompressor(algorithm: .deflate, windowSize: configuration.windowSize) },
        reset: { try $0.reset() })

    /// The stored form of the record `json`.
    static func stored(_ json: Data) throws -> Data {
        try deflaters.with { deflater in
            var input = ByteBuffer(bytes: json)
            var stored = ByteBuffer()
            stored.reserveCapacity(1 + deflater.maxSize(from: input))
            stored.writeInteger(deflatedMarker)
            try deflater.deflate(from: &input, to: &stored, flush: .finish)
            return Data(stored.readableBytesView)
        }
    }

    /// The record's JSON from its stored form; throws ``StoredRecordError`` when `stored` is neither a deflated
    /// record of at most `maxBytes` nor JSON.
    static func json(_ stored: Data, maxBytes: Int = 1 << 24) throws -> Data {
        guard let first = stored.first else { throw StoredRecordError() }
        if first == UInt8(ascii: "{") { return stored }
        guard first == deflatedMarker, stored.count > 1 else { throw StoredRecordError() }
        var input = ByteBuffer(bytes: stored.dropFirst())
        do {
            return try inflaters.with { inflater in
                var json = ByteBuffer()
                json.reserveCapacity(min(max(4 * input.readableBytes, 256), maxBytes))
                while true {
                    do {
                        try inflater.inflate(from: &input, to: &json)
                        break
                    } catch let error as CompressNIOError where error == .bufferOverflow {
                        // The output is full: grown while under the bound.
                        guard json.readableBytes < maxBytes else { throw error }
                        json.reserveCapacity(min(json.capacity * 2, maxBytes))
                    } catch let error as CompressNIOError where error == .inputBufferOverflow {
                        // The input ended before the stream did (as compress-nio reads it): the JSON decides.
                        break
                    }
                }
                guard json.readableBytes <= maxBytes else { throw StoredRecordError() }
                return Data(json.readableBytesView)
            }
        } catch {
            throw StoredRecordError()
        }
    }
}

/// A stored session record that is neither deflated JSON nor JSON.
struct StoredRecordError: Error, CustomStringConvertible {
    var description: String { "a stored flow session record is damaged" }
}
