import ArgumentParser
import AsyncHTTPClient
import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation
import Logging
import NativeAuth
import NativeAuthEmulator
import NativeAuthHTTP
import NativeAuthServer
import NativeAuthTenant
import NativeAuthWire

/// The emulator over HTTP on 127.0.0.1, driven by flowrun's own client: `NativeAuthClient` over
/// `HTTPTransport`, running the library flow `sign-in-email-otp` with the interpreter. Each flow is three
/// calls (initiate, challenge, token); the emulator delivers each code in-process (`deliverCodes(to:)`), as a
/// mailbox would.
struct HTTPRig {
    let codes: DeliveredCodes
    let authority: URL
    let program: Program
    let digest: String
    let users: [String]

    /// A state folder under /tmp, a cheap password hash, `users` passwordless users, the server on a free
    /// port; `body` runs against it, then the server stops and the folder is removed.
    static func with<T: Sendable>(
        users count: Int, inMemory: Bool = false, signing: TokenSigningAlgorithm = .rs256,
        _ body: (HTTPRig) async throws -> T
    ) async throws -> T {
        let directory = NSTemporaryDirectory() + "flowrun-bench-\(UUID().uuidString.lowercased())"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let emulator = NativeAuthEmulator(
            configuration: benchTenant(signing: signing),
            store: inMemory ? try EmulatorStore.inMemory() : try EmulatorStore(directory: directory))
        var users: [String] = []
        for index in 0..<count {
            let name = "user\(index)@contoso.com"
            try await emulator.store.addUser(UserSeed(username: name), hashIterations: 1_000)
            users.append(name)
        }
        let codes = DeliveredCodes()
        emulator.deliverCodes { codes.record($0) }
        let quiet = Logger(label: "flowrun.bench.server") { _ in SwiftLogNoOpLogHandler() }
        let server = NativeAuthHTTPServer(emulator: emulator, logger: quiet)
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let library = try GeneratedFlows.libraryProgram("flows/sign-in-email-otp.yaml")
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { continuation.finish() }
                try await server.run(handlingSignals: false) { port in continuation.yield(port) }
            }
            defer { group.cancelAll() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next(), let url = URL(string: "http://127.0.0.1:\(port)/contoso") else {
                throw BenchFailure("the server did not start")
            }
            let rig = HTTPRig(
                codes: codes, authority: url, program: library.program, digest: library.digest, users: users)
            return try await body(rig)
        }
    }

    /// The tenant of the HTTP benchmarks: a cheap password hash; the same users sign in again and again, so no
    /// send quota and no lockout (they measure speed, not protection). Tokens signed with `signing`.
    static func benchTenant(signing: TokenSigningAlgorithm) -> TenantConfiguration {
        var configuration = TenantConfiguration()
        configuration.tokens.signingAlgorithm = signing
        configuration.passwordHash.iterations = 1_000
        configuration.codes.maxPerRecipientPerHour = 0
        configuration.lockout.threshold = 0
        return configuration
    }

    /// Runs `flows` complete sign-ins with `clients` concurrent clients (client `i` signs in user `i`), each
    /// over its own connection, stopping early at `deadline` seconds. Returns what happened.
    ///
    /// Closed loop (`rate` nil): each client starts its next flow as soon as its last one ended. Open loop
    /// (`rate` flows/s): flow `k` is scheduled at `k / rate` seconds; the next free client starts it then (or
    /// late, when every client is busy), and its first call and the flow are timed from the scheduled start,
    /// so the waiting that a slow server imposes on the offered load is counted (no coordinated omission).
    func run(flows: Int, clients: Int, rate: Double? = nil, deadline: Double = .infinity) async throws -> LoadRunResult
    {
        let quiet = Logger(label: "flowrun.bench.client") { _ in SwiftLogNoOpLogHandler() }
        let next = Counter()
        return try await LoadRunResult.measure(clients: clients) { client, index, start in
            let transport = TimedTransport(base: HTTPTransport(authority: authority, client: client, logger: quiet))
            let user = users[index % users.count]
            var result = ClientResult()
            while Clock.now() - start < deadline {
                let index = next.next("flow")
                guard index < flows else { break }
                var flowStart = Clock.now()
                if let rate, rate > 0 {
                    let scheduled = start + Double(index) / rate
                    if scheduled > flowStart {
                        try? await Task.sleep(nanoseconds: UInt64((scheduled - flowStart) * 1e9))
                    } else {
                        result.lateStarts += flowStart - scheduled > 0.001 ? 1 : 0
                    }
                    flowStart = scheduled
                }
                let outcome = await signIn(
                    user: user, transport: transport, scheduled: flowStart, calls: &result.callSeconds)
                result.flowSeconds.append(Clock.now() - flowStart)
                if let outcome { result.errors.append(outcome) } else { result.completed += 1 }
            }
            return result
        }
    }

    /// One sign-in through the interpreter; nil when it ended in success, else why not. The first call is
    /// timed from `scheduled` when given (open loop), the others from when they were sent.
    func signIn(
        user: String, transport: TimedTransport, scheduled: Double? = nil, calls: inout [Double]
    ) async -> String? {
        await Self.signIn(
            program: program, digest: digest, inputs: OutboxInputs(user: user, codes: codes),
            transport: transport, scheduled: scheduled, calls: &calls)
    }

    /// One sign-in of `program` answered by `inputs`: nil when it ended in success after its three calls, else
    /// why not.
    static func signIn(
        program: Program, digest: String, inputs: some InputSource, transport: TimedTransport,
        scheduled: Double? = nil, calls: inout [Double]
    ) async -> String? {
        let recorder = CallRecorder()
        let client = NativeAuthClient(
            configuration: NativeAuthConfiguration(clientID: ClientConfiguration.defaultClientID),
            transport: transport.recording(into: recorder), accounts: MemoryAccountStore(),
            catalog: InterpreterBench.catalog)
        let runner = FlowRunner(program: program, digest: digest, authority: client, inputs: inputs)
        let outcome = await runner.start()
        calls += recorder.seconds(firstFrom: scheduled)
        switch outcome {
        case .ended(let end) where end.kind == .success:
            return recorder.seconds.count == 3 ? nil : "\(recorder.seconds.count) calls instead of 3"
        case .ended(let end): return "ended \(end.kind.name) \(end.reason ?? "") \(end.message ?? "")"
        case .failed(let error): return "failed: \(error)"
        case .cancelled: return "cancelled"
        case .suspended: return "suspended"
        }
    }
}

/// What the clients of one run saw.
struct ClientResult: Sendable {
    var completed = 0
    var errors: [String] = []
    var flowSeconds: [Double] = []
    var callSeconds: [Double] = []
    /// Open loop: flows that started more than 1 ms after their scheduled time (every client was busy).
    var lateStarts = 0

    mutating func merge(_ other: ClientResult) {
        completed += other.completed
        lateStarts += other.lateStarts
        errors += other.errors
        flowSeconds += other.flowSeconds
        callSeconds += other.callSeconds
    }
}

struct LoadRunResult: Sendable {
    var seconds: Double
    /// CPU time of the whole process (server and clients) during the run.
    var cpuSeconds: Double
    var result: ClientResult

    var flowsPerSecond: Double { Double(result.completed) / seconds }

    /// Runs `clients` concurrent clients (`body(client, index, start)`) over one HTTP client configured as
    /// flowrun's transport is, with a connection each, and times the whole run and the process's CPU.
    static func measure(
        clients: Int, _ body: @escaping @Sendable (HTTPClient, Int, Double) async -> ClientResult
    ) async throws -> LoadRunResult {
        var configuration = HTTPTransport.clientConfiguration()
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(clients, 1)
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        let start = Clock.now()
        let cpuStart = Clock.cpuSeconds()
        let results = await withTaskGroup(of: ClientResult.self) { group in
            for index in 0..<clients { group.addTask { await body(client, index, start) } }
            var all = ClientResult()
            for await result in group { all.merge(result) }
            return all
        }
        let seconds = Clock.now() - start
        let cpu = Clock.cpuSeconds() - cpuStart
        try await client.shutdown()
        return LoadRunResult(seconds: seconds, cpuSeconds: cpu, result: results)
    }
}

/// Answers the email with the client's user and the code with the newest one sent to that user.
struct OutboxInputs: InputSource {
    let user: String
    /// The newest code sent to a user.
    let code: @Sendable (String) async throws -> String

    init(user: String, code: @escaping @Sendable (String) async throws -> String) {
        self.user = user
        self.code = code
    }

    /// Codes as the emulator delivered them.
    init(user: String, codes: DeliveredCodes) {
        self.init(user: user) { user in
            guard let code = codes.latest(to: user) else { throw BenchFailure("no code for \(user)") }
            return code
        }
    }

    func answer(_ request: InputRequest) async throws -> InputAnswer {
        var values: [String: Value] = [:]
        for field in request.fields {
            switch field.type {
            case .email: values[field.name] = .string(user)
            case .code: values[field.name] = .string(try await code(user))
            default: values[field.name] = InstantInputs.value(for: field)
            }
        }
        return .values(values)
    }
}

/// The newest code the emulator delivered to each recipient.
final class DeliveredCodes: Sendable {
    private let latest = Locked<[String: String]>([:])

    func record(_ message: OutboxMessage) {
        latest.withLock { $0[message.to.lowercased()] = message.code }
    }

    func latest(to recipient: String) -> String? {
        latest.withLock { $0[recipient.lowercased()] }
    }
}

/// Times each exchange of a transport.
struct TimedTransport: Sendable {
    let base: HTTPTransport

    func recording(into recorder: CallRecorder) -> RecordingTransport {
        RecordingTransport(base: base, recorder: recorder)
    }
}

struct RecordingTransport: Transport {
    let base: HTTPTransport
    let recorder: CallRecorder

    func send(_ request: WireRequest) async throws -> WireResponse {
        let start = Clock.now()
        let response = try await base.send(request)
        recorder.add(start: start, end: Clock.now())
        return response
    }
}

/// The start and end times of the calls of one flow.
final class CallRecorder: Sendable {
    private let calls = Locked<[(start: Double, end: Double)]>([])

    func add(start: Double, end: Double) {
        calls.withLock { $0.append((start, end)) }
    }

    /// The durations of the calls.
    var seconds: [Double] { seconds(firstFrom: nil) }

    /// The durations of the calls, the first one from `scheduled` when given (open loop: the time the flow
    /// waited for a client counts as the first call's).
    func seconds(firstFrom scheduled: Double?) -> [Double] {
        calls.value.enumerated().map { index, call in
            call.end - (index == 0 ? min(scheduled ?? call.start, call.start) : call.start)
        }
    }
}

/// `flowrun-bench http`: complete OTP sign-in flows per second over HTTP with 1, 16 and 64 clients.
struct HTTPBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "http",
        abstract: "OTP sign-in flows/s over HTTP on 127.0.0.1 with 1, 16 and 64 concurrent clients, p50/p99 per call.")

    @OptionGroup var load: HTTPLoadOptions

    var clients: [Int] { load.clients }
    var flows: Int { load.flows }
    var repetitions: Int { load.repetitions }

    @Flag(help: "Keep the emulator's store in memory instead of a SQLite file under /tmp (shows the cost of the file).")
    var inMemory = false

    @Flag(help: "Skip the HTTP floor (the same stacks answering trivially), measured in the same run for the ratios.")
    var noFloor = false

    @Option(
        help: """
            Open loop: offered loads in flows/s, each run with the largest client count pacing together to it \
            (latency timed from the scheduled start). 0 means half the closed-loop rate at that client count.
            """)
    var rate: [Double] = [2_000, 0]

    @Option(help: "How the emulator signs its tokens: RS256 (serve's default, as Entra) or ES256.")
    var signing = TokenSigningAlgorithm.rs256.rawValue

    func validate() throws {
        _ = try TokenSigningAlgorithm.parsed(signing)
    }

    func run() async throws {
        Report.heading("emulator over HTTP (127.0.0.1, flowrun's NativeAuthClient + HTTPTransport, state in /tmp)")
        if inMemory { Report.note("store: SQLite in memory (--in-memory)") }
        let signing = try TokenSigningAlgorithm.parsed(signing)
        Report.note("tokens signed \(signing.rawValue)")
        let users = clients.max() ?? 1
        if noFloor {
            try await HTTPRig.with(users: users, inMemory: inMemory, signing: signing) { rig in
                try await measure(rig, floor: nil)
            }
        } else {
            try await HTTPFloor.with { floor in
                try await HTTPRig.with(users: users, inMemory: inMemory, signing: signing) { rig in
                    try await measure(rig, floor: floor)
                }
            }
        }
    }

    /// The closed loop at each client count, each emulator run beside a run of the floor (when there is one),
    /// then the open loop, then the ratios.
    private func measure(_ rig: HTTPRig, floor: HTTPFloor?) async throws {
        let maximum = clients.max() ?? 1
        _ = try await rig.run(flows: min(200, flows), clients: maximum)  // warm-up: connections, keys
        _ = try await floor?.run(flows: min(300, flows), clients: maximum)
        var closedLoopRate: [Int: Double] = [:]
        var ratios: [Int: (emulator: [Double], floor: [Double])] = [:]
        for count in clients {
            var runs = RepeatedRuns()
            var floorRuns = RepeatedRuns()
            for repetition in 0..<repetitions {
                // The floor runs before the emulator in one repetition and after it in the next: a machine
                // getting faster or slower during the benchmark favours neither.
                if let floor, repetition.isMultiple(of: 2) {
                    floorRuns.add(try await floor.run(flows: flows, clients: count))
                }
                runs.add(try await rig.run(flows: flows, clients: count))
                if let floor, !repetition.isMultiple(of: 2) {
                    floorRuns.add(try await floor.run(flows: flows, clients: count))
                }
            }
            Self.report(clients: count, rates: runs.rates, calls: runs.calls, errors: runs.errors)
            Report.figure(
                "\(count) client(s): CPU time of the process (server + clients) per flow", Samples(runs.cpu), unit: "ms"
            )
            if floor != nil {
                HTTPFloorBench.report(clients: count, runs: floorRuns)
                ratios[count] = (runs.rates, floorRuns.rates)
            }
            closedLoopRate[count] = Samples(runs.rates).median
        }
        for offered in rate {
            let target = offered > 0 ? offered : (closedLoopRate[maximum] ?? 0) / 2
            guard target > 0 else { continue }
            if offered <= 0 { Report.note("offered load: half the closed-loop rate at \(maximum) clients") }
            try await Self.openLoop(rig, rate: target, clients: maximum, flows: flows, repetitions: repetitions)
        }
        for count in clients {
            guard let (emulator, trivial) = ratios[count] else { continue }
            let paired = Samples(zip(emulator, trivial).compactMap { $1 > 0 ? $0 / $1 : nil })
            Report.emit(
                "\(count) client(s): emulator \(Report.number(Samples(emulator).median)) flows/s = "
                    + String(format: "%.2f", paired.median) + "× the floor's \(Report.number(Samples(trivial).median)) "
                    + "(the median ratio of each emulator run to the floor run beside it; "
                    + String(format: "%.2f–%.2f", paired.minimum, paired.maximum)
                    + (count == 16 ? "; target ≥ 0.4)" : ")"))
        }
    }

    /// Latency at a fixed offered load: `clients` clients together start flows at `rate` flows/s.
    static func openLoop(_ rig: HTTPRig, rate: Double, clients: Int, flows: Int, repetitions: Int) async throws {
        var achieved: [Double] = []
        var calls: [Double] = []
        var flowTimes: [Double] = []
        var errors: [String] = []
        var late = 0
        var cpu: [Double] = []
        for _ in 0..<repetitions {
            let run = try await rig.run(flows: flows, clients: clients, rate: rate)
            achieved.append(run.flowsPerSecond)
            calls += run.result.callSeconds
            flowTimes += run.result.flowSeconds
            errors += run.result.errors
            late += run.result.lateStarts
            cpu.append(run.cpuSeconds / Double(max(run.result.completed, 1)) * 1000)
        }
        let label = "open loop, \(Report.number(rate)) flows/s offered, \(clients) clients"
        Report.figure("\(label): achieved", Samples(achieved), unit: "flows/s")
        let latency = Samples(calls.map { $0 * 1000 })
        let flowLatency = Samples(flowTimes.map { $0 * 1000 })
        Report.emit(
            "\(label): per call (from the scheduled start): p50 \(Report.number(latency.median)) ms, "
                + "p90 \(Report.number(latency.percentile(90))) ms, p99 \(Report.number(latency.percentile(99))) ms, "
                + "max \(Report.number(latency.maximum)) ms (\(Report.grouped(calls.count)) calls)")
        Report.emit(
            "\(label): per flow: p50 \(Report.number(flowLatency.median)) ms, "
                + "p99 \(Report.number(flowLatency.percentile(99))) ms; started > 1 ms late: "
                + "\(Report.grouped(late)) of \(Report.grouped(flowTimes.count))")
        Report.figure("\(label): CPU time of the process per flow", Samples(cpu), unit: "ms")
        Report.emit("\(label): errors: \(errors.count)" + (errors.first.map { " (first: \($0))" } ?? ""))
    }

    static func report(clients: Int, rates: [Double], calls: [Double], errors: [String]) {
        Report.figure("\(clients) client(s): OTP sign-in flows", Samples(rates), unit: "flows/s")
        let latency = Samples(calls.map { $0 * 1000 })
        Report.emit(
            "\(clients) client(s): per call: p50 \(Report.number(latency.median)) ms, "
                + "p90 \(Report.number(latency.percentile(90))) ms, p99 \(Report.number(latency.percentile(99))) ms, "
                + "max \(Report.number(latency.maximum)) ms (\(Report.grouped(calls.count)) calls)")
        Report.emit("\(clients) client(s): errors: \(errors.count)" + (errors.first.map { " (first: \($0))" } ?? ""))
    }
}

/// `flowrun-bench load`: N complete flows with C clients over loopback, twice, with RSS before and after.
struct LoadBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "A bounded load run: N complete OTP sign-ins with C clients over 127.0.0.1, run twice; RSS flat?")

    @Option(name: .short, help: "Complete flows per run.")
    var n = 10_000

    @Option(name: .short, help: "Concurrent clients.")
    var c = 64

    @Option(help: "Time limit of each run, in seconds.")
    var timeLimit: Double = 120

    @Option(help: "Equal runs one after the other (memory must stay flat after the first).")
    var runs = 2

    func run() async throws {
        Report.heading(
            "load: \(Report.grouped(n)) OTP sign-ins, \(c) clients, 127.0.0.1, limit \(Int(timeLimit)) s per run")
        let failed = try await HTTPRig.with(users: c) { rig in
            _ = try await rig.run(flows: min(200, n), clients: c)  // warm-up
            var resident = [Memory.residentBytes()]
            var failed = false
            for index in 1...max(runs, 1) {
                let run = try await rig.run(flows: n, clients: c, deadline: timeLimit)
                resident.append(Memory.residentBytes())
                let label = "run \(index)"
                let latency = Samples(run.result.callSeconds.map { $0 * 1000 })
                let flows = Samples(run.result.flowSeconds.map { $0 * 1000 })
                Report.emit(
                    "\(label): \(Report.grouped(run.result.completed)) flows completed, "
                        + "errors: \(run.result.errors.count), " + String(format: "%.2f s, ", run.seconds)
                        + "\(Report.number(run.flowsPerSecond)) flows/s")
                Report.emit(
                    "\(label): per call p50 \(Report.number(latency.median)) ms, "
                        + "p99 \(Report.number(latency.percentile(99))) ms; per flow p50 "
                        + "\(Report.number(flows.median)) ms, p99 \(Report.number(flows.percentile(99))) ms")
                if let error = run.result.errors.first { Report.note("first error: \(error)") }
                if !run.result.errors.isEmpty || run.result.completed < n { failed = true }
            }
            let steps = resident.enumerated().map { index, bytes in
                (index == 0 ? "before: " : "after run \(index): ") + Memory.mebibytes(bytes)
            }
            Report.emit("RSS " + steps.joined(separator: ", "))
            if resident.count > 2, let last = resident.last {
                let growth = Double(last - resident[1]) / 1_048_576 / Double(resident.count - 2)
                Report.emit(String(format: "RSS growth per run after the first: %+.1f MiB", growth))
            }
            return failed
        }
        if failed { throw ExitCode(1) }
    }
}

/// The figures of repeated load runs: flows/s and CPU milliseconds per flow of each run, every call's
/// duration and every error.
struct RepeatedRuns {
    var rates: [Double] = []
    var cpu: [Double] = []
    var calls: [Double] = []
    var errors: [String] = []

    init() {}

    init(_ repetitions: Int, _ run: () async throws -> LoadRunResult) async throws {
        for _ in 0..<repetitions { add(try await run()) }
    }

    mutating func add(_ result: LoadRunResult) {
        rates.append(result.flowsPerSecond)
        cpu.append(result.cpuSeconds / Double(max(result.result.completed, 1)) * 1000)
        calls += result.result.callSeconds
        errors += result.result.errors
    }
}
