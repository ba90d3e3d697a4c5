import CompressNIO
import Foundation
import NIOCore

/// How a session's record is kept: its JSON deflated (raw deflate with a 4 KiB window) behind a marker byte,
/// about half the bytes of the JSON. A record that starts with `{` is plain JSON, as flowrun kept records before,
/// and is read as it is.
enum StoredRecordForm {
    /// The first byte of a deflated record (a JSON record starts with `{`).
    static let deflatedMarker: UInt8 = 0x01

    /// Records are small: a 4 KiB window and little memory compress them as well as zlib's defaults do, without
    /// zlib's 256 KiB of state for each record; the fastest level makes them 2 % larger than the default's, in
    /// three quarters of the time.
    private static let algorithm = CompressionAlgorithm.deflate(
        configuration: ZlibConfiguration(windowSize: 12, compressionLevel: 1, memoryLevel: 2))

    /// The stored form of the record `json`.
    static func stored(_ json: Data) throws -> Data {
        var input = ByteBuffer(bytes: json)
        let deflated = try input.compress(with: algorithm)
        var stored = Data([deflatedMarker])
        stored.append(contentsOf: deflated.readableBytesView)
        return stored
    }

    /// The record's JSON from its stored form; throws ``StoredRecordError`` when `stored` is neither a deflated
    /// record of at most `maxBytes` nor JSON.
    static func json(_ stored: Data, maxBytes: Int = 1 << 24) throws -> Data {
        guard let first = stored.first else { throw StoredRecordError() }
        if first == UInt8(ascii: "{") { return stored }
        guard first == deflatedMarker, stored.count > 1 else { throw StoredRecordError() }
        var input = ByteBuffer(bytes: stored.dropFirst())
        do {
            let inflated = try input.decompress(with: algorithm, maxSize: maxBytes)
            return Data(inflated.readableBytesView)
        } catch {
            throw StoredRecordError()
        }
    }
}

/// A stored session record that is neither deflated JSON nor JSON.
struct StoredRecordError: Error, CustomStringConvertible {
    var description: String { "a stored flow session record is damaged" }
}
