import AsyncHTTPClient
import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation
import NIOCore
import NIOHTTP1
import NativeAuth
import NativeAuthWire
import TestSupport
import Testing

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
