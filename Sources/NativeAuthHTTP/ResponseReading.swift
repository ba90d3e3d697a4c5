import FlowrunFoundation
import Foundation
import NIOCore
import NIOHTTP1
import NativeAuthWire

/// Reads what an HTTP answer carries into `WireResponse` terms.
enum ResponseReading {
    /// The headers, names lowercased; repeated headers are joined with ", ".
    static func headers(_ headers: HTTPHeaders) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in headers {
            let key = name.lowercased()
            if let previous = result[key] {
                result[key] = previous + ", " + value
            } else {
                result[key] = value
            }
        }
        return result
    }

    /// The body as a JSON object; `nil` when it is empty, not JSON, or JSON but not an object.
    static func jsonObject(_ buffer: ByteBuffer) -> [String: Value]? {
        guard buffer.readableBytes > 0 else { return nil }
        // The usual answer is read directly; anything unusual is left to JSONDecoder, whose result it is.
        if let object = JSONObjectReader.read(buffer.readableBytesView) { return object }
        return try? JSONDecoder().decode([String: Value].self, from: Data(buffer.readableBytesView))
    }
}
