import ArgumentParser
import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NativeAuthServer

/// The floor under `flowrun-bench http`: the same server stack (Hummingbird, HTTP/1 with the emulator's idle
/// timeout, on 127.0.0.1) and the same client (AsyncHTTPClient with flowrun's client configuration, one
/// kept-alive connection per client: `LoadRunResult.measure`) answering the three POSTs of an OTP sign-in with a
/// fixed JSON body and no work. What the emulator, the client and the interpreter add is measured against it, as
/// a ratio in the same run. Its client calls AsyncHTTPClient from Swift's cooperative pool: run on the event loops
/// as `HTTPTransport` runs its exchanges, this trivial load went about 7% slower at 64 clients, which would
/// flatter the ratio.
struct HTTPFloor {
    /// The three calls of a flow, with form bodies the size of the real ones.
    static let calls: [(path: String, body: String)] = [
        (
            "/contoso/oauth2/v2.0/initiate",
            "client_id=00000000-0000-0000-0000-00000000c11e&username=user0%40contoso.com&"
                + "challenge_type=oob%20password%20redirect"
        ),
        (
            "/contoso/oauth2/v2.0/challenge",
            "client_id=00000000-0000-0000-0000-00000000c11e&continuation_token=\(String(repeating: "c", count: 120))&"
                + "challenge_type=oob%20password%20redirect"
        ),
        (
            "/contoso/oauth2/v2.0/token",
            "client_id=00000000-0000-0000-0000-00000000c11e&continuation_token=\(String(repeating: "c", count: 120))&"
                + "grant_type=oob&oob=12345678&scope=openid%20offline_access"
        ),
    ]

    /// A fixed answer of about 300 bytes, the size of a challenge answer.
    static let answer = """
        {"challenge_type":"oob","binding_method":"prompt","challenge_target_label":"u***0@co**o.com",\
        "challenge_channel":"email","code_length":8,"interval":300,\
        "continuation_token":"\(String(repeating: "t", count: 140))"}
        """

    let url: String

    /// Runs the trivial server on a free port of 127.0.0.1 while `body` runs.
    static func with<T: Sendable>(_ body: @Sendable (HTTPFloor) async throws -> T) async throws -> T {
        let router = Router()
        let buffer = ByteBuffer(string: answer)
        for call in calls {
            router.post(RouterPath(call.path)) { request, _ -> Response in
                _ = try await request.body.collect(upTo: 64 * 1024)
                return Response(
                    status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: buffer))
            }
        }
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let quiet = Logger(label: "flowrun.bench.floor") { _ in SwiftLogNoOpLogHandler() }
        let idle = NativeAuthHTTPServer.defaultIdleTimeout.components.seconds * 1_000_000_000
        let application = Application(
            router: router,
            server: .http1(configuration: HTTP1Channel.Configuration(idleTimeout: .nanoseconds(idle))),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0), serverName: "flowrun"),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) },
            logger: quiet)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { continuation.finish() }
                try await application.runService(gracefulShutdownSignals: [])
            }
            defer { group.cancelAll() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next(), port > 0 else {
                throw BenchFailure("the floor server did not start")
            }
            return try await body(HTTPFloor(url: "http://127.0.0.1:\(port)"))
        }
    }

    /// `flows` flows of three POSTs with `clients` concurrent clients; the same shape of result as the emulator's.
    func run(flows: Int, clients: Int) async throws -> LoadRunResult {
        let next = Counter()
        return try await LoadRunResult.measure(clients: clients) { client, _, _ in
            var result = ClientResult()
            while next.next("flow") < flows {
                let flowStart = Clock.now()
                if let problem = await flow(client, calls: &result.callSeconds) {
                    result.errors.append(problem)
                } else {
                    result.completed += 1
                }
                result.flowSeconds.append(Clock.now() - flowStart)
            }
            return result
        }
    }

    /// One flow: the three POSTs, each answer read whole; nil when all three answered 200.
    private func flow(_ client: HTTPClient, calls: inout [Double]) async -> String? {
        for call in Self.calls {
            var request = HTTPClientRequest(url: url + call.path)
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            request.body = .bytes(ByteBuffer(string: call.body))
            let callStart = Clock.now()
            do {
                let response = try await client.execute(request, timeout: .seconds(30))
                _ = try await response.body.collect(upTo: 64 * 1024)
                calls.append(Clock.now() - callStart)
                guard response.status == .ok else { return "HTTP \(response.status.code)" }
            } catch {
                return "\(error)"
            }
        }
        return nil
    }
}

/// `flowrun-bench http-floor`: the HTTP stacks alone, at the client counts of `http`.
struct HTTPFloorBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "http-floor",
        abstract: "The HTTP floor: the same server and client stacks answering three trivial POSTs per flow.")

    @OptionGroup var load: HTTPLoadOptions

    func run() async throws {
        Report.heading("HTTP floor (127.0.0.1, Hummingbird + AsyncHTTPClient, three fixed answers per flow)")
        let rates = try await Self.measure(clients: load.clients, flows: load.flows, repetitions: load.repetitions)
        for count in load.clients {
            Report.note("\(count) client(s): floor median \(Report.number(rates[count] ?? 0)) flows/s")
        }
    }

    /// The floor's flows/s (median of `repetitions`) at each client count, each run reported as it goes.
    static func measure(clients: [Int], flows: Int, repetitions: Int) async throws -> [Int: Double] {
        try await HTTPFloor.with { floor in
            _ = try await floor.run(flows: min(300, flows), clients: clients.max() ?? 1)  // warm-up: connections
            var medians: [Int: Double] = [:]
            for count in clients {
                let runs = try await RepeatedRuns(repetitions) { try await floor.run(flows: flows, clients: count) }
                report(clients: count, runs: runs)
                medians[count] = Samples(runs.rates).median
            }
            return medians
        }
    }

    /// The floor's figures at one client count.
    static func report(clients count: Int, runs: RepeatedRuns) {
        Report.figure("floor, \(count) client(s): flows", Samples(runs.rates), unit: "flows/s")
        Report.figure("floor, \(count) client(s): CPU time of the process per flow", Samples(runs.cpu), unit: "ms")
        let latency = Samples(runs.calls.map { $0 * 1000 })
        Report.emit(
            "floor, \(count) client(s): per call p50 \(Report.number(latency.median)) ms, "
                + "p99 \(Report.number(latency.percentile(99))) ms; errors: \(runs.errors.count)"
                + (runs.errors.first.map { " (first: \($0))" } ?? ""))
    }
}

/// The load of the HTTP benchmarks: client counts, flows and repetitions.
struct HTTPLoadOptions: ParsableArguments {
    @Option(help: "Concurrent client counts.")
    var clients: [Int] = [1, 16, 64]

    @Option(help: "Flows per repetition at each client count.")
    var flows = 2_000

    @Option(help: "Repetitions at each client count.")
    var repetitions = 3
}
