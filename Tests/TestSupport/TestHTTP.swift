import AsyncHTTPClient
import FlowModel
import FlowrunFoundation
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// An HTTP answer as the tests read it.
public struct HTTPAnswer: Sendable, CustomStringConvertible {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var data: Data

    public init(status: Int, headers: [(name: String, value: String)], data: Data) {
        self.status = status
        self.headers = headers
        self.data = data
    }

    /// The first value of a header (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The body as JSON; nil when it is not JSON.
    public var json: Value? { try? JSONDecoder().decode(Value.self, from: data) }

    /// The body's JSON object; empty when it is not an object.
    public var object: [String: Value] {
        if case .object(let fields) = json { return fields }
        return [:]
    }

    public func string(_ key: String) -> String? { object[key]?.stringValue }

    public func token() throws -> String {
        try #require(string("continuation_token"), "no continuation_token in \(self)")
    }

    public var error: String? { string("error") }

    public var errorCodes: [Int] {
        guard case .list(let items) = object["error_codes"] else { return [] }
        return items.compactMap { item in
            if case .integer(let code) = item { return code }
            return nil
        }
    }

    public var description: String { "HTTP \(status) \(String(decoding: data, as: UTF8.self))" }
}

/// Plain HTTP calls with AsyncHTTPClient.
public enum TestHTTP {
    /// How long a call waits by default. Generous: in-process servers answer on the test process's cooperative
    /// threads, which tests waiting for a `flowrun` subprocess can hold for minutes when the whole suite runs in
    /// parallel on a small machine; a call that gets its answer late is not a failure of the server.
    public static let patience: TimeAmount = .seconds(300)

    public static func send(
        _ method: HTTPMethod, _ url: String, body: [UInt8]? = nil, headers: [(String, String)] = [],
        timeout: TimeAmount = patience
    ) async throws -> HTTPAnswer {
        var request = HTTPClientRequest(url: url)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await HTTPClient.shared.execute(request, timeout: timeout)
        let buffer = try await response.body.collect(upTo: 4 * 1024 * 1024)
        return HTTPAnswer(
            status: Int(response.status.code), headers: response.headers.map { (name: $0.name, value: $0.value) },
            data: Data(buffer.readableBytesView))
    }

    public static func get(_ url: String, timeout: TimeAmount = patience) async throws -> HTTPAnswer {
        try await send(.GET, url, timeout: timeout)
    }

    public static func post(_ url: String, form: String, timeout: TimeAmount = patience) async throws -> HTTPAnswer {
        try await send(
            .POST, url, body: Array(form.utf8), headers: [("Content-Type", "application/x-www-form-urlencoded")],
            timeout: timeout)
    }
}
