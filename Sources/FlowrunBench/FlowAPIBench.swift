import ArgumentParser
import AsyncHTTPClient
import FlowCompiler
import FlowEngine
import FlowModel
import FlowServer
import FlowrunFoundation
import Foundation
import Logging
import NIOCore
import NativeAuth
import NativeAuthEmbedded
import NativeAuthEmulator
import NativeAuthServer

/// The flow runner's JSON API on 127.0.0.1 (`flowrun serve --flows`), as a client in another language would
/// use it: each pass is an OTP sign-up then an OTP sign-in of a new user, six requests (start, email, code,
/// twice); the codes are read from the emulator's outbox in-process. Sessions are stored in SQLite in a
/// temporary state folder; passwords are not involved, hashing is at test cost.
struct FlowAPIBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flow-api",
        abstract:
            "Flow runner API: sign-up + sign-in passes/s at 1, 16, "
            + "64 clients, latency per answer, bytes per open session."
    )

    @Option(name: .customLong("clients"), help: "Concurrent clients (repeatable).")
    var clientCounts: [Int] = [1, 16, 64]

    @Option(help: "Sign-up + sign-in passes per client count.")
    var passes = 400

    @Option(help: "Open sessions for the memory figure.")
    var sessions = 10_000

    func run() async throws {
        Report.heading("flow runner API: OTP sign-up + sign-in through /api/v1 (6 requests per pass)")
        try await FlowAPIRig.with { rig in
            for clients in clientCounts {
                let result = try await rig.run(passes: max(passes, clients), clients: clients)
                Report.value("\(clients) client(s): passes", result.passesPerSecond, unit: "passes/s")
                Report.figure("\(clients) client(s): latency per answer", Samples(result.latencies), unit: "ms")
                Report.note(
                    "p99 \(Report.number(Samples(result.latencies).percentile(99))) "
                        + "ms over \(result.latencies.count) requests"
                )
            }
            let before = Memory.residentBytes()
            let bytesBefore = rig.storedBytes()
            try await rig.openSessions(sessions)
            let resident = Double(Memory.residentBytes() - before) / Double(sessions)
            let stored = Double(rig.storedBytes() - bytesBefore) / Double(sessions)
            Report.value("\(Report.grouped(sessions)) open sessions: resident bytes each", resident, unit: "B")
            Report.value(
                "\(Report.grouped(sessions)) open sessions: stored bytes each (SQLite file and WAL)", stored, unit: "B")
        }
    }
}

/// A served flow runner and what the benchmark needs of it.
struct FlowAPIRig {
    let emulator: NativeAuthEmulator
    let origin: String
    let directory: String

    struct PassResult {
        var passesPerSecond: Double
        /// Milliseconds per request.
        var latencies: [Double]
    }

    static func with(_ body: (FlowAPIRig) async throws -> Void) async throws {
        let directory = NSTemporaryDirectory() + "flowrun-bench-api-\(UUID().uuidString.lowercased())"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let configuration = HTTPRig.benchTenant
        let emulator = NativeAuthEmulator(
            configuration: configuration, store: try EmulatorStore(directory: directory), codesReadable: true)
        let files = ["flows/sign-up-email-otp.yaml", "flows/sign-in-email-otp.yaml"]
        let flows = ServedFlows(
            files: files, in: "flows", compiler: FlowCompiler(catalogs: [NativeAuthClient.defaultCatalog]))
        guard flows.problems.isEmpty else { throw BenchFailure(flows.problems.joined(separator: "; ")) }
        let embedded = EmbeddedAuthority(emulator: emulator)
        let sessions = FlowSessions(
            flows: flows, store: try FlowSessionStore(directory: directory), authority: { embedded.client() },
            sessionLimit: 1_000_000)
        let quiet = Logger(label: "flowrun.bench.server") { _ in SwiftLogNoOpLogHandler() }
        let server = NativeAuthHTTPServer(emulator: emulator, logger: quiet, mounted: [FlowAPI(sessions: sessions)])
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { continuation.finish() }
                try await server.run(handlingSignals: false) { port in continuation.yield(port) }
            }
            defer { group.cancelAll() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw BenchFailure("the server did not start") }
            try await body(FlowAPIRig(emulator: emulator, origin: "http://127.0.0.1:\(port)", directory: directory))
        }
    }

    /// `passes` sign-up + sign-in passes with `clients` concurrent clients, each a new user.
    func run(passes: Int, clients: Int) async throws -> PassResult {
        let next = Counter()
        let started = Clock.now()
        let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
            for _ in 0..<clients {
                group.addTask {
                    var latencies: [Double] = []
                    while true {
                        let index = next.next("pass")
                        guard index < passes else { return latencies }
                        let user = "api\(index)-\(UUID().uuidString.prefix(8))@contoso.com"
                        for flow in ["sign-up-email-otp", "sign-in-email-otp"] {
                            try await pass(flow, user: user, latencies: &latencies)
                        }
                    }
                }
            }
            var all: [Double] = []
            for try await part in group { all += part }
            return all
        }
        return PassResult(passesPerSecond: Double(passes) / (Clock.now() - started), latencies: latencies)
    }

    /// One flow to its end: start, the email, the code from the outbox.
    private func pass(_ flow: String, user: String, latencies: inout [Double]) async throws {
        let started = try await request("/api/v1/flows/\(flow)/sessions", body: nil, latencies: &latencies)
        guard let id = started["id"]?.stringValue else { throw BenchFailure("no session id: \(started)") }
        _ = try await request(
            "/api/v1/sessions/\(id)/answers", body: ["inputs": ["email": user]], latencies: &latencies)
        guard let code = try await emulator.outbox(to: user, limit: 1).first?.code else {
            throw BenchFailure("no code for \(user)")
        }
        let ended = try await request(
            "/api/v1/sessions/\(id)/answers", body: ["inputs": ["code": code]], latencies: &latencies)
        guard ended["state"]?.stringValue == "ended" else { throw BenchFailure("\(flow) did not end: \(ended)") }
    }

    /// A POST with a JSON body (or none); the answer's JSON object.
    private func request(_ path: String, body: [String: Any]?, latencies: inout [Double]) async throws -> [String:
        Value]
    {
        var request = HTTPClientRequest(url: origin + path)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        if let body {
            request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: body)))
        }
        let started = Clock.now()
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        let bytes = try await response.body.collect(upTo: 1 << 20)
        latencies.append((Clock.now() - started) * 1000)
        guard (200...201).contains(response.status.code),
            case .object(let object) = try JSONDecoder().decode(Value.self, from: Data(bytes.readableBytesView))
        else { throw BenchFailure("\(path): HTTP \(response.status.code)") }
        return object
    }

    /// Starts `count` sessions, each left waiting on its first ask.
    func openSessions(_ count: Int) async throws {
        let next = Counter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    var ignored: [Double] = []
                    while next.next("open") < count {
                        _ = try await request(
                            "/api/v1/flows/sign-in-email-otp/sessions", body: nil, latencies: &ignored)
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// The bytes of the flow session database and its journal files.
    func storedBytes() -> Int {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasPrefix("flow-sessions.sqlite") }.reduce(0) { total, name in
            let size = (try? FileManager.default.attributesOfItem(atPath: directory + "/" + name)[.size] as? Int) ?? 0
            return total + size
        }
    }
}
