import Foundation
import Testing

/// A client of the flow API (`/api/v1`) of one running `flowrun serve --flows`, with the dev outbox for codes.
public struct FlowAPIClient: Sendable {
    public let origin: String

    public init(origin: String) {
        self.origin = origin
    }

    public func get(_ path: String) async throws -> HTTPAnswer {
        try await TestHTTP.get(origin + "/api/v1" + path)
    }

    public func post(_ path: String, _ json: String?, contentType: String = "application/json") async throws
        -> HTTPAnswer
    {
        try await TestHTTP.send(
            .POST, origin + "/api/v1" + path, body: json.map { Array($0.utf8) },
            headers: [("Content-Type", contentType)])
    }

    public func delete(_ path: String) async throws -> HTTPAnswer {
        try await TestHTTP.send(.DELETE, origin + "/api/v1" + path)
    }

    public func start(_ flow: String) async throws -> HTTPAnswer {
        try await post("/flows/\(flow)/sessions", nil)
    }

    public func answer(_ id: String, _ inputs: [String: String]) async throws -> HTTPAnswer {
        let body = try JSONSerialization.data(withJSONObject: ["inputs": inputs])
        return try await post("/sessions/\(id)/answers", String(decoding: body, as: UTF8.self))
    }

    /// The newest code the embedded authority sent to `address`.
    public func code(to address: String) async throws -> String {
        let outbox = try await TestHTTP.get(origin + "/outbox?to=" + address)
        guard case .list(let messages) = outbox.json, let code = messages.first?[field: "code"]?.stringValue else {
            throw ServedFlowrun.Timeout()
        }
        return code
    }

    /// Starts `flowrun serve --flows FLOWS --dev-outbox --config authority.yaml` (plus `arguments`) in `folder`,
    /// runs `body` with a client of it, and stops it (SIGTERM, which must exit 0; SIGKILL when `body` throws).
    public static func withServer<Result>(
        _ arguments: [String], flows: String, folder: URL? = nil,
        _ body: (FlowAPIClient, ServedFlowrun) async throws -> Result
    ) async throws -> Result {
        let served = try ServedFlowrun.start(
            ["--flows", flows, "--dev-outbox", "--config", "authority.yaml"] + arguments, folder: folder)
        let port = try ServedFlowrun.port(in: try await served.listeningLine())
        do {
            let result = try await body(FlowAPIClient(origin: "http://127.0.0.1:\(port)"), served)
            #expect(try await served.stop(with: SIGTERM) == 0)
            return result
        } catch {
            _ = try? await served.stop(with: SIGKILL)
            throw error
        }
    }
}
