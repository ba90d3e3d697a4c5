import ArgumentParser
import AsyncHTTPClient
import FlowEngine
import FlowModel
import FlowServerPostgres
import Foundation
import Logging
import NIOCore
import NativeAuthEmulator
import NativeAuthHTTP

/// `flowrun-bench serve`: OTP sign-in flows/s and per-call latency against real `flowrun serve` processes —
/// 1, 2 and 3 of them sharing one PostgreSQL database, next to one on SQLite — with each client kept on one
/// instance (as a load balancer with keep-alive connections does). CPU per flow is split between the clients,
/// the servers and PostgreSQL, which says what limits the figure.
struct ServeBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "OTP sign-ins/s against 1, 2, 3 `flowrun serve` processes on PostgreSQL, and one on SQLite.",
        discussion: """
            Give a PostgreSQL database the benchmark may fill with --database (`python3 scripts/pg_scratch.py` \
            starts a throwaway one and prints its URL); without it, only SQLite is measured.
            """)

    @Option(help: "A PostgreSQL URL (postgres://…) of a database the benchmark may fill.")
    var database: String?

    @Option(help: "Instance counts to run on PostgreSQL (repeatable).")
    var instances: [Int] = [1, 2, 3]

    @Option(help: "Concurrent clients, spread evenly over the instances (repeatable).")
    var clients: [Int] = [1, 32]

    @Option(help: "Complete sign-ins per repetition.")
    var flows = 2_000

    @Option(help: "Repetitions of each measurement.")
    var repetitions = 3

    @Option(help: "The flowrun executable (default: the one next to flowrun-bench).")
    var flowrun: String?

    func run() async throws {
        let executable = flowrun ?? ValidateBench.sibling("flowrun")
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw ValidationError("no flowrun at \(executable): build it, or give --flowrun")
        }
        Report.heading("flowrun serve processes on 127.0.0.1: OTP sign-ins, each client kept on one instance")
        let folder = NSTemporaryDirectory() + "flowrun-bench-serve-\(UUID().uuidString.lowercased())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let config = "\(folder)/authority.yaml"
        try Self.tenant.write(toFile: config, atomically: true, encoding: .utf8)
        let users = clients.max() ?? 1
        let sqlite = "sqlite:\(folder)/sqlite"
        try await Self.seed(users: users, database: sqlite)
        try await measure(label: "SQLite, 1 instance", count: 1, database: sqlite, executable, config, folder)
        guard let database else {
            Report.note("PostgreSQL: skipped (no --database)")
            return
        }
        try await Self.seed(users: users, database: database)
        for count in instances {
            try await measure(
                label: "PostgreSQL, \(count) instance\(count == 1 ? "" : "s")", count: count, database: database,
                executable, config, "\(folder)/postgres-\(count)")
        }
    }

    /// The tenant of the benchmark: a cheap password hash, no send quota, no lockout (the same users sign in
    /// again and again; this measures speed, not protection).
    static let tenant = """
        passwordHash: { iterations: 1000 }
        codes: { maxPerRecipientPerHour: 0 }
        lockout: { threshold: 0 }

        """

    /// Adds users `user0@contoso.com`… to `database` unless they are there.
    static func seed(users: Int, database: String) async throws {
        let logger = Logger(label: "flowrun.bench.seed") { _ in SwiftLogNoOpLogHandler() }
        let store: EmulatorStore
        var shared: SharedDatabase?
        switch try DatabaseURL(database) {
        case .sqlite(let directory):
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            store = try EmulatorStore(directory: directory)
        case .postgres(let address):
            let opened = try await SharedDatabase(address: address, logger: logger)
            shared = opened
            store = opened.emulatorStore
        }
        for index in 0..<users where try await store.user(named: Self.user(index)) == nil {
            try await store.addUser(UserSeed(username: Self.user(index)), hashIterations: 1_000)
        }
        await shared?.close()
    }

    static func user(_ index: Int) -> String { "user\(index)@contoso.com" }

    private func measure(
        label: String, count: Int, database: String, _ executable: String, _ config: String, _ folder: String
    ) async throws {
        let servers = try ServeInstances(
            count: count, executable: executable, database: database, config: config, folder: folder)
        defer { servers.stop() }
        let library = try GeneratedFlows.libraryProgram("flows/sign-in-email-otp.yaml")
        let driver = ServeDriver(
            program: library.program, digest: library.digest, servers: servers.instances.map { ($0.authority, $0.root) }
        )
        _ = try await driver.run(flows: min(100, flows), clients: clients.max() ?? 1)  // warm-up
        for clientCount in clients {
            var rates: [Double] = []
            var calls: [Double] = []
            var errors: [String] = []
            var cpu: (client: [Double], servers: [Double], postgres: [Double]) = ([], [], [])
            for _ in 0..<repetitions {
                let postgres = ProcessCPU.processes(named: "postgres")
                let before = (ProcessCPU.seconds(of: servers.processIdentifiers), ProcessCPU.seconds(of: postgres))
                let run = try await driver.run(flows: flows, clients: clientCount)
                let after = (ProcessCPU.seconds(of: servers.processIdentifiers), ProcessCPU.seconds(of: postgres))
                let completed = Double(max(run.result.completed, 1))
                rates.append(run.flowsPerSecond)
                calls += run.result.callSeconds
                errors += run.result.errors
                cpu.client.append(run.cpuSeconds / completed * 1000)
                cpu.servers.append((after.0 - before.0) / completed * 1000)
                cpu.postgres.append((after.1 - before.1) / completed * 1000)
            }
            let prefix = "\(label), \(clientCount) client(s)"
            Report.figure("\(prefix): OTP sign-in flows", Samples(rates), unit: "flows/s")
            let latency = Samples(calls.map { $0 * 1000 })
            Report.emit(
                "\(prefix): per call: p50 \(Report.number(latency.median)) ms, "
                    + "p99 \(Report.number(latency.percentile(99))) ms (\(Report.grouped(calls.count)) calls); "
                    + "errors: \(errors.count)" + (errors.first.map { " (first: \($0))" } ?? ""))
            Report.emit(
                "\(prefix): CPU per flow: clients \(Report.number(Samples(cpu.client).median)) ms, servers "
                    + "\(Report.number(Samples(cpu.servers).median)) ms, PostgreSQL "
                    + "\(Report.number(Samples(cpu.postgres).median)) ms")
        }
    }
}

/// Clients of `flowrun serve` processes: client `i` signs in user `i` on instance `i % count`, reading its
/// codes from that instance's dev outbox.
struct ServeDriver: Sendable {
    let program: Program
    let digest: String
    /// Each instance's authority and root URL.
    let servers: [(authority: URL, root: URL)]

    func run(flows: Int, clients: Int) async throws -> LoadRunResult {
        let quiet = Logger(label: "flowrun.bench.client") { _ in SwiftLogNoOpLogHandler() }
        let next = Counter()
        return try await LoadRunResult.measure(clients: clients) { client, index, _ in
            let server = servers[index % servers.count]
            let transport = TimedTransport(
                base: HTTPTransport(authority: server.authority, client: client, logger: quiet))
            let outbox = HTTPOutbox(root: server.root, client: client)
            let inputs = OutboxInputs(user: ServeBench.user(index)) { try await outbox.code(for: $0) }
            var result = ClientResult()
            while next.next("flow") < flows {
                let start = Clock.now()
                let outcome = await HTTPRig.signIn(
                    program: program, digest: digest, inputs: inputs, transport: transport,
                    calls: &result.callSeconds)
                result.flowSeconds.append(Clock.now() - start)
                if let outcome { result.errors.append(outcome) } else { result.completed += 1 }
            }
            return result
        }
    }
}

/// The newest code `GET /outbox` of an instance shows for a user.
struct HTTPOutbox: Sendable {
    let root: URL
    let client: HTTPClient

    func code(for user: String) async throws -> String {
        let recipient = user.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? user
        let response = try await client.execute(
            HTTPClientRequest(url: "\(root.absoluteString)/outbox?to=\(recipient)&limit=1"), timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 64 * 1024)
        guard response.status == .ok,
            let messages = try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [[String: Any]],
            let code = messages.first?["code"] as? String
        else { throw BenchFailure("no code for \(user) in the outbox (\(response.status.code))") }
        return code
    }
}
