import FlowrunFoundation
import Foundation
import Hummingbird
import NativeAuthEmulator
import NativeAuthWire

/// An HTTP answer before it becomes a Hummingbird `Response`: a status, headers and a JSON body.
struct Reply: Sendable {
    var status: Int
    /// Header names and values, in order (`Content-Type` is added when the response is built).
    var headers: [(name: String, value: String)]
    var body: Value
    /// A body that is not JSON (the metrics' text), with its content type; when set, it replaces ``body``.
    var text: (contentType: String, bytes: [UInt8])?
    /// The error's name a mounted route gave, for the access log.
    var mountedError: String?
    /// The OAuth `error` of an error body, for the access log (never a parameter value).
    var errorName: String? {
        if let mountedError { return mountedError }
        guard case .object(let fields) = body else { return nil }
        return fields["error"]?.stringValue
    }

    init(status: Int, headers: [(name: String, value: String)] = [], body: Value) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The emulator's answer, with its status and headers.
    init(_ response: WireResponse) {
        self.status = response.status
        self.headers = response.headers.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
        self.body = .object(response.body ?? [:])
    }

    /// A 200 JSON answer.
    static func ok(_ body: Value, requestID: String) -> Reply {
        Reply(status: 200, headers: [(name: "client-request-id", value: requestID)], body: body)
    }

    /// The Hummingbird response: the JSON body with `Content-Type: application/json; charset=utf-8`, the
    /// headers (a second `Content-Type` from the emulator is dropped) and `Cache-Control: no-store`.
    var response: Response {
        var fields = HTTPFields()
        fields[.contentType] = text?.contentType ?? "application/json; charset=utf-8"
        fields[.cacheControl] = "no-store"
        for header in headers {
            guard let name = HTTPFields.Element.Name(header.name), name != .contentType, name != .cacheControl else {
                continue
            }
            fields.append(HTTPFields.Element(name: name, value: header.value))
        }
        let data = text?.bytes ?? JSONBody.encode(body)
        fields[.contentLength] = String(data.count)
        return Response(
            status: HTTPResponse.Status(code: status), headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// JSON encoding of response bodies: sorted keys, `/` not escaped (`NativeAuthWire.JSONWriter`, the text
/// `JSONEncoder` would write, without its per-call cost).
enum JSONBody {
    static func encode(_ value: Value) -> [UInt8] {
        // Encoding a `Value` cannot fail (no non-finite numbers come from the emulator); an empty object is
        // the safe fallback all the same.
        JSONWriter.encode(value) ?? Array("{}".utf8)
    }
}
