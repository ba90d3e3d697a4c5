import AsyncHTTPClient
import EmulatorTestSupport
import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation
import NIOCore
import NIOHTTP1
import NativeAuth
import NativeAuthWire
import Testing

/// An HTTP answer as the tests read it.
struct HTTPAnswer: Sendable, CustomStringConvertible {
    var status: Int
    var headers: [(name: String, value: String)]
    var data: Data

    /// The first value of a header (case-insensitive).
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The body as JSON; nil when it is not JSON.
    var json: Value? { try? JSONDecoder().decode(Value.self, from: data) }

    /// The body's JSON object; empty when it is not an object.
    var object: [String: Value] {
        if case .object(let fields) = json { return fields }
        return [:]
    }

    func string(_ key: String) -> String? { object[key]?.stringValue }

    func token() throws -> String {
        try #require(string("continuation_token"), "no continuation_token in \(self)")
    }

    var error: String? { string("error") }

    var errorCodes: [Int] {
        guard case .list(let items) = object["error_codes"] else { return [] }
        return items.compactMap { item in
            if case .integer(let code) = item { return code }
            return nil
        }
    }

    var description: String { "HTTP \(status) \(String(decoding: data, as: UTF8.self))" }
}

/// Plain HTTP calls with AsyncHTTPClient.
enum TestHTTP {
    static func send(
        _ method: HTTPMethod, _ url: String, body: [UInt8]? = nil, headers: [(String, String)] = [],
        timeout: TimeAmount = .seconds(30)
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

    static func get(_ url: String, timeout: TimeAmount = .seconds(30)) async throws -> HTTPAnswer {
        try await send(.GET, url, timeout: timeout)
    }

    static func post(_ url: String, form: String, timeout: TimeAmount = .seconds(30)) async throws -> HTTPAnswer {
        try await send(
            .POST, url, body: Array(form.utf8), headers: [("Content-Type", "application/x-www-form-urlencoded")],
            timeout: timeout)
    }
}

extension TestServer {
    /// Sends a request to a path of this server and records the exchange.
    func send(
        _ method: HTTPMethod, _ path: String, body: [UInt8]? = nil, headers: [(String, String)] = []
    ) async throws -> HTTPAnswer {
        let answer = try await TestHTTP.send(method, origin + path, body: body, headers: headers)
        let pathOnly = String(path.prefix { $0 != "?" })
        recorder.record(
            RecordedExchange(
                method: method.rawValue, path: pathOnly, status: answer.status, headers: answer.headers,
                body: answer.data))
        return answer
    }

    /// POSTs a raw body to a path.
    func post(
        _ path: String, body: String, contentType: String? = "application/x-www-form-urlencoded",
        headers: [(String, String)] = []
    ) async throws -> HTTPAnswer {
        var all = headers
        if let contentType { all.append(("Content-Type", contentType)) }
        return try await send(.POST, path, body: Array(body.utf8), headers: all)
    }

    /// Calls a native-auth endpoint of the tenant with a form; `client_id` is added unless given.
    func call(
        _ endpoint: NativeAuthEndpoint, _ parameters: [String: String], tenant: String? = nil,
        headers: [(String, String)] = []
    ) async throws -> HTTPAnswer {
        var parameters = parameters
        if parameters["client_id"] == nil { parameters["client_id"] = clientID }
        let prefix = "/" + (tenant ?? emulator.configuration.tenant)
        return try await post(prefix + endpoint.path, body: FormBody.encode(parameters), headers: headers)
    }

    /// GETs a path.
    func get(_ path: String) async throws -> HTTPAnswer {
        try await send(.GET, path)
    }

    /// The newest code sent to `recipient`, read from `GET /outbox`.
    func code(to recipient: String) async throws -> String {
        let query = FormBody.encode(["to": recipient, "limit": "1"])
        let answer = try await get("/outbox?" + query)
        try #require(answer.status == 200, "\(answer)")
        guard case .list(let messages) = answer.json, let code = messages.first?[field: "code"]?.stringValue else {
            Issue.record("no code in \(answer)")
            throw CodeMissing()
        }
        return code
    }

    struct CodeMissing: Error {}
}
