import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation
import Logging
import NativeAuth
import NativeAuthEmulator
import NativeAuthServer
import NativeAuthTenant
import TestSupport
import Testing
import Tracing

/// The real HTTP server on 127.0.0.1 and a random port, over an in-memory store and a hand-moved clock, with its
/// access log captured and every exchange recorded.
struct TestServer: Sendable {
    let port: Int
    let emulator: NativeAuthEmulator
    let clock: TestClock
    let logs: LogCapture
    let recorder: ExchangeRecorder

    /// `http://127.0.0.1:PORT`.
    var origin: String { "http://127.0.0.1:\(port)" }
    /// The authority URL with the tenant subdomain: `http://127.0.0.1:PORT/contoso`.
    var authority: String { origin + "/" + emulator.configuration.tenant }

    struct StartFailed: Error {}

    /// Starts a server, runs `body` against it, then stops the server.
    static func with<Result>(
        _ configuration: TenantConfiguration = .testing(), devOutbox: Bool = true,
        bodyLimit: Int = NativeAuthHTTPServer.defaultBodyLimit, recorder: ExchangeRecorder = ExchangeRecorder(),
        idleTimeout: Duration = NativeAuthHTTPServer.defaultIdleTimeout,
        maxConnections: Int = NativeAuthHTTPServer.defaultMaxConnections, rateLimit: AddressRateLimit? = nil,
        store: EmulatorStore? = nil, codesReadable: Bool = true,
        strictParameters: Bool = false, corsOrigins: [String] = [], tracer: (any Tracer)? = nil,
        _ body: (TestServer) async throws -> Result
    ) async throws -> Result {
        let clock = TestClock()
        let emulator = NativeAuthEmulator(
            configuration: configuration, store: try store ?? EmulatorStore.inMemory(), now: { clock.now },
            codesReadable: codesReadable)
        let logs = LogCapture()
        var configured = NativeAuthHTTPServer(
            emulator: emulator, bodyLimit: bodyLimit, devOutbox: devOutbox, strictParameters: strictParameters,
            corsOrigins: corsOrigins, logger: logs.logger(), idleTimeout: idleTimeout, maxConnections: maxConnections,
            rateLimit: rateLimit)
        if let tracer { configured.tracer = tracer }
        let server = configured
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { continuation.finish() }
                try await server.run(handlingSignals: false) { port in continuation.yield(port) }
            }
            defer { group.cancelAll() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw StartFailed() }
            let running = TestServer(port: port, emulator: emulator, clock: clock, logs: logs, recorder: recorder)
            return try await body(running)
        }
    }
}

/// One exchange as the conformance test needs it: what was asked and what came back.
struct RecordedExchange: Sendable {
    var method: String
    var path: String
    var status: Int
    var headers: [(name: String, value: String)]
    var body: Data

    /// The first value of a header (case-insensitive).
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// Every exchange the tests made through a ``TestServer``.
final class ExchangeRecorder: Sendable {
    private let exchanges = Locked<[RecordedExchange]>([])

    func record(_ exchange: RecordedExchange) {
        exchanges.withLock { $0.append(exchange) }
    }

    var all: [RecordedExchange] { exchanges.withLock { $0 } }
}

/// The server's log records, as `message key=value …` lines.
final class LogCapture: Sendable {
    private let lines = Locked<[String]>([])

    func logger() -> Logger {
        var logger = Logger(label: "test.server") { _ in CapturingHandler(capture: self) }
        logger.logLevel = .trace
        return logger
    }

    func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    var all: [String] { lines.withLock { $0 } }
}

/// A log handler that keeps every record in a ``LogCapture``.
struct CapturingHandler: LogHandler {
    let capture: LogCapture
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let fields = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        capture.append("\(event.level) \(event.message) \(fields)")
    }
}
