import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NativeAuth
import NativeAuthServer
import NativeAuthWire
import Testing

/// One canned HTTP answer: a status, a raw body and headers, optionally after a delay.
struct Canned: Sendable {
    var status: Int
    var body: String
    var headers: [String: String] = ["Content-Type": "application/json"]
    var delay: Duration?

    /// 200 with a JSON body.
    static func ok(_ body: [String: Value]) -> Canned {
        Canned(status: 200, body: json(body))
    }

    /// A native-auth error body (400 unless told).
    static func error(
        _ error: String, suberror: String? = nil, codes: [Int] = [], token: String? = nil, description: String? = nil,
        required: [RequiredAttribute]? = nil, invalid: [String]? = nil, unverified: [String]? = nil,
        status: Int = 400
    ) -> Canned {
        let wire = WireError(
            error: error, description: description ?? "AADSTS\(codes.first ?? 0): \(error).", codes: codes,
            suberror: suberror, continuationToken: token, requiredAttributes: required,
            invalidAttributes: invalid, unverifiedAttributes: unverified, correlationID: "body-correlation",
            traceID: "trace", timestamp: "2025-06-15 10:00:00Z")
        return Canned(status: status, body: json(wire.body))
    }

    /// Any status and body text.
    static func raw(_ status: Int, _ body: String, contentType: String = "text/html") -> Canned {
        Canned(status: status, body: body, headers: ["Content-Type": contentType])
    }

    /// The same answer with another header.
    func header(_ name: String, _ value: String) -> Canned {
        var copy = self
        copy.headers[name] = value
        return copy
    }

    /// The same answer after `delay`.
    func after(_ delay: Duration) -> Canned {
        var copy = self
        copy.delay = delay
        return copy
    }

    static func json(_ value: [String: Value]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

/// A request the canned server received.
struct ReceivedRequest: Sendable {
    var method: String
    var path: String
    /// The query, percent-encoded as sent.
    var query: String
    /// Header names lowercased.
    var headers: [String: String]
    var body: String
}

/// The answers of a canned server, per request path (a queue each; the last answer repeats), and the
/// requests it received.
actor CannedAnswers {
    private var queues: [String: [Canned]]
    private(set) var requests: [ReceivedRequest] = []

    init(_ queues: [String: [Canned]]) {
        self.queues = queues
    }

    func answer(_ request: ReceivedRequest) -> Canned? {
        requests.append(request)
        guard var queue = queues[request.path], let first = queue.first else { return nil }
        if queue.count > 1 {
            queue.removeFirst()
            queues[request.path] = queue
        }
        return first
    }
}

/// A Hummingbird server on 127.0.0.1 and a free port that answers each request from ``CannedAnswers``, echoing
/// the `client-request-id` header as the native-auth API does unless the canned answer sets one; an
/// unexpected path gets 404.
enum CannedServer {
    /// The tenant path of the authority the tests use.
    static let tenantPath = "/contoso"

    /// Starts a server with `answers` per endpoint (plus `extra` answers per raw path), runs `body` with the
    /// authority URL and the recorded answers, then stops the server.
    static func with<Result: Sendable>(
        _ answers: [NativeAuthEndpoint: [Canned]], extra: [String: [Canned]] = [:],
        _ body: @Sendable (URL, CannedAnswers) async throws -> Result
    ) async throws -> Result {
        var queues = extra
        for (endpoint, canned) in answers { queues[tenantPath + endpoint.path] = canned }
        let recorded = CannedAnswers(queues)
        let port = PortBox()
        var logger = Logger(label: "canned-server")
        logger.logLevel = .critical
        let application = Application(
            responder: CallbackResponder { (request: Request, _: BasicRequestContext) in
                try await respond(to: request, from: recorded)
            },
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in await port.set(channel.localAddress?.port ?? 0) },
            logger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { [logger] in
                try await GracefulService.run(application, gracePeriod: .milliseconds(500), logger: logger)
            }
            defer { group.cancelAll() }
            let bound = try await port.wait()
            let authority = try #require(URL(string: "http://127.0.0.1:\(bound)\(tenantPath)"))
            return try await body(authority, recorded)
        }
    }

    private static func respond(to request: Request, from answers: CannedAnswers) async throws -> Response {
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName.lowercased()] = field.value }
        let bytes = try await request.body.collect(upTo: 1 << 20)
        let received = ReceivedRequest(
            method: request.method.rawValue, path: request.uri.path, query: request.uri.query ?? "", headers: headers,
            body: String(buffer: bytes))
        guard let canned = await answers.answer(received) else {
            return Response(status: .notFound, body: ResponseBody(byteBuffer: ByteBuffer(string: "no such path")))
        }
        if let delay = canned.delay { try await Task.sleep(for: delay) }
        var fields = HTTPFields()
        if let requestID = headers["client-request-id"], let name = HTTPField.Name("client-request-id") {
            fields[name] = requestID
        }
        for (name, value) in canned.headers {
            if let fieldName = HTTPField.Name(name) { fields[fieldName] = value }
        }
        return Response(
            status: HTTPResponse.Status(code: canned.status), headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(string: canned.body)))
    }
}

/// The port the server bound, once it runs.
actor PortBox {
    private var port: Int?

    func set(_ port: Int) {
        self.port = port
    }

    struct NotStarted: Error {}

    /// Waits up to 10 s for the port.
    func wait() async throws -> Int {
        for _ in 0..<1000 {
            if let port { return port }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw NotStarted()
    }
}
