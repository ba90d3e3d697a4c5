import ArgumentParser
import AsyncHTTPClient
import FlowCompiler
import FlowEngine
import FlowModel
import FlowServer
import FlowServerPostgres
import FlowSessionSeal
import FlowrunFoundation
import Foundation
import Logging
import NIOCore
import NativeAuth
import NativeAuthEmbedded
import NativeAuthEmulator
import NativeAuthHTTP
import NativeAuthServer
import NativeAuthTenant
import NativeAuthWire

/// The flow runner's JSON API on 127.0.0.1 (`flowrun serve --flows`), as a client in another language would
/// use it: each pass is an OTP sign-up then an OTP sign-in of a new user, six requests (start, email, code,
/// twice); the emulator delivers each code in-process (`deliverCodes(to:)`), as a mailbox would. Sessions are
/// stored in SQLite in a temporary state folder; passwords are not involved, hashing is at test cost. Beside each
/// client count, the wire emulator's OTP sign-ins (`http`) at the same count, for the ratio.
struct FlowAPIBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flow-api",
        abstract:
            "Flow runner API: sign-up + sign-in passes/s at 1, 16, 64 clients beside the wire emulator's "
            + "flows/s, latency per answer, CPU and commits per pass, bytes per open session."
    )

    @Option(name: .customLong("clients"), help: "Concurrent clients (repeatable).")
    var clientCounts: [Int] = [1, 16, 64]

    @Option(help: "Sign-up + sign-in passes per client count.")
    var passes = 400

    @Option(help: "Repetitions at each client count, the flow API and the wire emulator alternating.")
    var repetitions = 3

    @Option(help: "Open sessions for the memory figure.")
    var sessions = 10_000

    @Option(
        help: """
            A PostgreSQL URL (postgres://…) of a database the benchmark may fill: the flow sessions and the \
            emulator's store there instead of SQLite (`python3 scripts/pg_scratch.py --durable` starts one).
            """)
    var database: String?

    @Option(help: "How the emulator signs its tokens: RS256 (serve's default, as Entra) or ES256.")
    var signing = TokenSigningAlgorithm.rs256.rawValue

    @Option(
        help: """
            Open loop after the closed loops: passes/s offered to the largest client count (repeatable; 0 means \
            half the closed-loop rate there), each request timed from when its pass was scheduled to start.
            """)
    var rate: [Double] = [0]

    func validate() throws {
        _ = try TokenSigningAlgorithm.parsed(signing)
    }

    func run() async throws {
        Report.heading("flow runner API: OTP sign-up + sign-in through /api/v1 (6 requests per pass)")
        if database != nil { Report.note("stores in PostgreSQL; commits counted only for SQLite") }
        let signing = try TokenSigningAlgorithm.parsed(signing)
        Report.note("tokens signed \(signing.rawValue)")
        try await FlowAPIRig.with(database: database, signing: signing) { rig in
            var closedLoopRate: [Int: Double] = [:]
            for clients in clientCounts {
                var runs: [FlowAPIRig.PassResult] = []
                var wire: [LoadRunResult] = []
                for _ in 0..<max(repetitions, 1) {
                    runs.append(try await rig.run(passes: max(passes, clients), clients: clients))
                    wire.append(
                        try await Self.wireRun(flows: 2 * max(passes, clients), clients: clients, signing: signing))
                }
                report(runs, wire: wire, clients: clients)
                closedLoopRate[clients] = Samples(runs.map(\.passesPerSecond)).median
            }
            let clients = clientCounts.max() ?? 1
            for offered in rate {
                let perSecond = offered > 0 ? offered : (closedLoopRate[clients] ?? 0) / 2
                guard perSecond > 0 else { continue }
                var runs: [FlowAPIRig.PassResult] = []
                for _ in 0..<max(repetitions, 1) {
                    runs.append(try await rig.run(passes: max(passes, clients), clients: clients, rate: perSecond))
                }
                reportOpenLoop(runs, offered: perSecond, clients: clients)
            }
            // Measured with the write-ahead log copied in and emptied: its size is a high-water mark of the runs
            // before, which made the same sessions count 480 or 1,200 bytes.
            try await rig.sessions.checkpoint()
            let before = Memory.residentBytes()
            let bytesBefore = rig.storedBytes()
            try await rig.openSessions(sessions)
            let resident = Double(Memory.residentBytes() - before) / Double(sessions)
            try await rig.sessions.checkpoint()
            let stored = Double(rig.storedBytes() - bytesBefore) / Double(sessions)
            Report.value("\(Report.grouped(sessions)) open sessions: resident bytes each", resident, unit: "B")
            Report.value(
                "\(Report.grouped(sessions)) open sessions: stored bytes each (the store's files, WAL checkpointed)",
                stored, unit: "B")
        }
    }

    /// A run of the wire emulator's OTP sign-ins (the `http` benchmark's closed loop, file store).
    static func wireRun(flows: Int, clients: Int, signing: TokenSigningAlgorithm) async throws -> LoadRunResult {
        try await HTTPRig.with(users: clients, signing: signing) { rig in
            let run = try await rig.run(flows: flows, clients: clients)
            guard run.result.errors.isEmpty else { throw BenchFailure("wire run: \(run.result.errors[0])") }
            return run
        }
    }

    private func reportOpenLoop(_ runs: [FlowAPIRig.PassResult], offered: Double, clients: Int) {
        let label = "open loop, \(Report.number(offered)) passes/s offered, \(clients) clients"
        Report.figure("\(label): achieved", Samples(runs.map(\.passesPerSecond)), unit: "passes/s")
        let latencies = Samples(runs.flatMap(\.latencies))
        Report.figure("\(label): latency per request (from the scheduled start)", latencies, unit: "ms")
        Report.note("p99 \(Report.number(latencies.percentile(99))) ms over \(latencies.values.count) requests")
        reportByRequest(runs)
        Report.figure("\(label): CPU per pass, user", Samples(runs.map(\.userMilliseconds)), unit: "ms")
        Report.figure("\(label): CPU per pass, system", Samples(runs.map(\.systemMilliseconds)), unit: "ms")
    }

    private func report(_ runs: [FlowAPIRig.PassResult], wire: [LoadRunResult], clients: Int) {
        let label = "\(clients) client(s)"
        Report.figure("\(label): passes", Samples(runs.map(\.passesPerSecond)), unit: "passes/s")
        Report.figure("\(label): wire emulator, OTP sign-ins", Samples(wire.map(\.flowsPerSecond)), unit: "flows/s")
        Report.figure(
            "\(label): wire emulator, CPU per two flows",
            Samples(wire.map { 2000 * $0.cpuSeconds / Double(max($0.result.completed, 1)) }), unit: "ms")
        // A pass is two flows; each run is set against the wire run after it.
        let ratios = zip(runs, wire).map { run, wire in run.passesPerSecond / (wire.flowsPerSecond / 2) }
        Report.ratio(
            "\(label): passes/s ÷ (wire flows/s ÷ 2), median of the runs", Samples(ratios).median, target: "≥ 0.6",
            met: Samples(ratios).median >= 0.6)
        let latencies = Samples(runs.flatMap(\.latencies))
        Report.figure("\(label): latency per request", latencies, unit: "ms")
        Report.note("p99 \(Report.number(latencies.percentile(99))) ms over \(latencies.values.count) requests")
        reportByRequest(runs)
        Report.figure("\(label): CPU per pass, user", Samples(runs.map(\.userMilliseconds)), unit: "ms")
        Report.figure("\(label): CPU per pass, system", Samples(runs.map(\.systemMilliseconds)), unit: "ms")
        Report.figure("\(label): flow session commits per pass", Samples(runs.map(\.commits)), unit: "")
        Report.figure("\(label): write calls per pass (the process)", Samples(runs.map(\.writeCalls)), unit: "")
    }

    /// p50 / p99 of each request of a pass: an answer waits on the commits of the authority calls it makes, a start
    /// on its insert only.
    private func reportByRequest(_ runs: [FlowAPIRig.PassResult]) {
        let names = FlowAPIRig.requestsOfAPass
        let latencies = runs.flatMap(\.latencies)
        let figures = names.indices.map { request in
            let of = Samples(stride(from: request, to: latencies.count, by: names.count).map { latencies[$0] })
            return "\(names[request]) \(Report.number(of.percentile(50))) / \(Report.number(of.percentile(99)))"
        }
        Report.note("p50 / p99 by request, ms: " + figures.joined(separator: ", "))
    }
}

/// A served flow runner and what the benchmark needs of it.
struct FlowAPIRig {
    let emulator: NativeAuthEmulator
    let origin: String
    let directory: String

    let sessions: FlowSessionStore
    let codes: DeliveredCodes

    /// The requests of a pass, in the order each client keeps their latencies.
    static let requestsOfAPass = [
        "sign-up start", "sign-up email", "sign-up code", "sign-in start", "sign-in email", "sign-in code",
    ]

    struct PassResult {
        var passesPerSecond: Double
        /// Milliseconds per request: each client's passes one after the other, each pass's requests in the order
        /// of ``requestsOfAPass``.
        var latencies: [Double]
        /// CPU milliseconds per pass of the whole process (server and clients).
        var userMilliseconds: Double
        var systemMilliseconds: Double
        /// Write transactions of the flow session store per pass.
        var commits: Double
        /// `write`/`pwrite` system calls of the process per pass (`/proc/self/io`).
        var writeCalls: Double
    }

    /// The served flow runner, its stores in a temporary folder or, with `database`, in PostgreSQL.
    static func with(
        database: String? = nil, signing: TokenSigningAlgorithm = .rs256, _ body: (FlowAPIRig) async throws -> Void
    ) async throws {
        let directory = NSTemporaryDirectory() + "flowrun-bench-api-\(UUID().uuidString.lowercased())"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var shared: SharedDatabase?
        if let database {
            guard case .postgres(let address) = try DatabaseURL(database) else {
                throw BenchFailure("--database takes a postgres:// URL")
            }
            let logger = Logger(label: "flowrun.bench.store") { _ in SwiftLogNoOpLogHandler() }
            shared = try await SharedDatabase(address: address, logger: logger)
        }
        do {
            try await with(directory: directory, shared: shared, signing: signing, body)
        } catch {
            await shared?.close()
            throw error
        }
        await shared?.close()
    }

    private static func with(
        directory: String, shared: SharedDatabase?, signing: TokenSigningAlgorithm,
        _ body: (FlowAPIRig) async throws -> Void
    ) async throws {
        let configuration = HTTPRig.benchTenant(signing: signing)
        let emulator = NativeAuthEmulator(
            configuration: configuration, store: try shared?.emulatorStore ?? EmulatorStore(directory: directory),
            codesReadable: true)
        let codes = DeliveredCodes()
        emulator.deliverCodes { codes.record($0) }
        let files = ["flows/sign-up-email-otp.yaml", "flows/sign-in-email-otp.yaml"]
        let flows = ServedFlows(
            files: files, in: "flows", compiler: FlowCompiler(catalogs: [NativeAuthClient.defaultCatalog]))
        guard flows.problems.isEmpty else { throw BenchFailure(flows.problems.joined(separator: "; ")) }
        let embedded = EmbeddedAuthority(emulator: emulator)
        let store = try shared?.flowSessionStore(seal: SessionSeal()) ?? FlowSessionStore(directory: directory)
        let sessions = FlowSessions(
            flows: flows, store: store, authority: { embedded.client() }, sessionLimit: 1_000_000)
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
            try await body(
                FlowAPIRig(
                    emulator: emulator, origin: "http://127.0.0.1:\(port)", directory: directory, sessions: store,
                    codes: codes))
        }
    }

    /// `passes` sign-up + sign-in passes with `clients` concurrent clients, each a new user, each client over a
    /// connection of its own (as the wire benchmark's clients). Closed loop (`rate` nil): each client starts its
    /// next pass as soon as its last one ended. Open loop (`rate` passes/s): pass `k` is scheduled at `k / rate`
    /// seconds and taken by the next free client, its first request timed from the scheduled start (so the
    /// waiting a slow server imposes on the offered load is counted).
    func run(passes: Int, clients: Int, rate: Double? = nil) async throws -> PassResult {
        let client = Self.client(connections: clients)
        let next = Counter()
        let commitsBefore = sessions.commits
        let writesBefore = ProcessIO.writeCalls()
        let cpuBefore = Clock.cpuTimes()
        let started = Clock.now()
        let running = Task {
            try await runClients(clients, passes: passes, next: next, client: client, rate: rate)
        }
        let outcome = await running.result
        try await client.shutdown()
        let latencies = try outcome.get()
        let seconds = Clock.now() - started
        let cpu = Clock.cpuTimes()
        let count = Double(passes)
        return PassResult(
            passesPerSecond: count / seconds, latencies: latencies,
            userMilliseconds: (cpu.user - cpuBefore.user) * 1000 / count,
            systemMilliseconds: (cpu.system - cpuBefore.system) * 1000 / count,
            commits: Double(sessions.commits - commitsBefore) / count,
            writeCalls: Double(ProcessIO.writeCalls() - writesBefore) / count)
    }

    /// The clients' passes; the latency of every request.
    private func runClients(
        _ clients: Int, passes: Int, next: Counter, client: HTTPClient, rate: Double?
    ) async throws -> [Double] {
        let start = Clock.now()
        return try await withThrowingTaskGroup(of: [Double].self) { group in
            for _ in 0..<clients {
                group.addTask {
                    var latencies: [Double] = []
                    while true {
                        let index = next.next("pass")
                        guard index < passes else { return latencies }
                        var scheduled: Double?
                        if let rate, rate > 0 {
                            let due = start + Double(index) / rate
                            let wait = due - Clock.now()
                            if wait > 0 { try? await Task.sleep(nanoseconds: UInt64(wait * 1e9)) }
                            scheduled = due
                        }
                        let user = "api\(index)-\(RandomUUID.lowercased().prefix(8))@contoso.com"
                        try await pass(
                            "sign-up-email-otp", user: user, scheduled: scheduled, client: client,
                            latencies: &latencies)
                        try await pass("sign-in-email-otp", user: user, client: client, latencies: &latencies)
                    }
                }
            }
            var all: [Double] = []
            for try await part in group { all += part }
            return all
        }
    }

    /// An HTTP client with up to `connections` connections to the server, configured as the wire benchmark's
    /// (flowrun's transport's: no span for a tracer nobody bootstrapped).
    private static func client(connections: Int) -> HTTPClient {
        var configuration = HTTPTransport.clientConfiguration()
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(connections, 1)
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// One flow to its end: start, the email, the code the emulator delivered. The start is timed from
    /// `scheduled` when given.
    private func pass(
        _ flow: String, user: String, scheduled: Double? = nil, client: HTTPClient, latencies: inout [Double]
    ) async throws {
        let started = try await request(
            "/api/v1/flows/\(flow)/sessions", body: nil, client: client, since: scheduled, latencies: &latencies)
        guard let id = started["id"]?.stringValue else { throw BenchFailure("no session id: \(started)") }
        _ = try await request(
            "/api/v1/sessions/\(id)/answers", body: ["inputs": .object(["email": .string(user)])], client: client,
            latencies: &latencies)
        guard let code = codes.latest(to: user) else { throw BenchFailure("no code for \(user)") }
        let ended = try await request(
            "/api/v1/sessions/\(id)/answers", body: ["inputs": .object(["code": .string(code)])], client: client,
            latencies: &latencies)
        guard ended["state"]?.stringValue == "ended" else { throw BenchFailure("\(flow) did not end: \(ended)") }
    }

    /// A POST with a JSON body (or none); the answer's JSON object.
    private func request(
        _ path: String, body: [String: Value]?, client: HTTPClient = .shared, since: Double? = nil,
        latencies: inout [Double]
    ) async throws -> [String: Value] {
        var request = HTTPClientRequest(url: origin + path)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        if let body {
            guard let bytes = JSONWriter.encode(.object(body)) else { throw BenchFailure("\(path): no JSON body") }
            request.body = .bytes(ByteBuffer(bytes: bytes))
        }
        let started = min(since ?? Clock.now(), Clock.now())
        let response = try await client.execute(request, timeout: .seconds(60))
        let bytes = try await response.body.collect(upTo: 1 << 20)
        latencies.append((Clock.now() - started) * 1000)
        // The client reads JSON as flowrun's wire client does, so that the ratio to the wire benchmark (whose
        // client reads it so) measures the server.
        guard (200...201).contains(response.status.code), let object = JSONObjectReader.read(bytes.readableBytesView)
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
