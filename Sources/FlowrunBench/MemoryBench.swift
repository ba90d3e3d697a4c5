import ArgumentParser
import FlowEngine
import FlowLoader
import FlowModel
import FlowrunFoundation
import Foundation
import NativeAuth
import NativeAuthEmbedded
import NativeAuthEmulator
import NativeAuthTenant

/// `flowrun-bench memory`: encoded size of suspended sessions of the library flows, and the resident memory of
/// many suspended sessions.
struct MemoryBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memory",
        abstract: "Encoded bytes of suspended sessions of the library flows, and RSS of 100,000 suspended sessions.")

    @Option(help: "The flow library folder.")
    var flows = "flows"

    @Option(help: "How many suspended sessions to hold.")
    var sessions = 100_000

    @Option(help: "Suspend at each of the first N ask steps of every flow.")
    var asks = 4

    @Flag(help: "Hold the sessions without the authority's continuation (to see the session's own share).")
    var withoutContinuation = false

    func run() async throws {
        Report.heading("memory: suspended sessions (JSONEncoder, default options)")
        let files = try FileManager.default.contentsOfDirectory(atPath: flows)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || $0.hasSuffix(".json") }.sorted()
        var all: [Double] = []
        var reference: Session?
        for name in files {
            let path = (flows as NSString).appendingPathComponent(name)
            let (program, digest) = try GeneratedFlows.libraryProgram(path)
            var sizes: [String] = []
            for count in 1...max(asks, 1) {
                guard let session = try await Self.suspend(program: program, digest: digest, atAsk: count) else {
                    break
                }
                let bytes = try JSONEncoder().encode(session).count
                all.append(Double(bytes))
                sizes.append("\(Self.stepName(session, in: program)) \(bytes) B")
                if program.id == "sign-in-email-otp", count == 2 { reference = session }
            }
            Report.emit("\(name): " + (sizes.isEmpty ? "no ask reached" : sizes.joined(separator: ", ")))
        }
        let samples = Samples(all)
        Report.figure("encoded suspended session, every flow × ask reached", samples, unit: "bytes")
        Report.ratio("largest session / 1 KiB", samples.maximum / 1024, target: "≤ 1", met: samples.maximum <= 1024)
        guard let reference else { throw BenchFailure("sign-in-email-otp did not reach its code step") }
        try await Self.hold(sessions, like: reference, continuation: !withoutContinuation)
    }

    /// The name of the step a session is at.
    static func stepName(_ session: Session, in program: Program) -> String {
        guard let frame = session.frames.last else { return "?" }
        // Frames name the root flow `""` and sub-flows by their path relative to the root flow's folder.
        let file =
            frame.file.isEmpty
            ? program.file
            : ((program.file as NSString).deletingLastPathComponent as NSString)
                .appendingPathComponent(frame.file)
        var pending = [program]
        while let candidate = pending.popLast() {
            if candidate.file == file, candidate.steps.indices.contains(frame.step) {
                return candidate.steps[frame.step].name.value
            }
            pending += candidate.subflows.values
        }
        return "?"
    }

    /// Runs a library flow against a fresh in-process emulator, answering every ask until the `atAsk`-th,
    /// where the run suspends. `nil` when the run ended first.
    static func suspend(program: Program, digest: String, atAsk: Int) async throws -> Session? {
        let emulator = NativeAuthEmulator(
            configuration: { () -> TenantConfiguration in
                var configuration = TenantConfiguration()
                configuration.passwordHash.iterations = 1_000
                // The same users sign in again and again: no send quota, no lockout (they measure speed, not
                // protection).
                configuration.codes.maxPerRecipientPerHour = 0
                configuration.lockout.threshold = 0
                return configuration
            }(), store: try EmulatorStore.inMemory())
        let otp = program.id.contains("otp")
        if !program.id.hasPrefix("sign-up") {
            try await emulator.store.addUser(
                UserSeed(username: "ann@contoso.com", password: "Blue-Sky-Ladder-42"), hashIterations: 1_000)
            try await emulator.store.addUser(UserSeed(username: "otp@contoso.com"), hashIterations: 1_000)
        }
        let client = EmbeddedAuthority(emulator: emulator).client(
            NativeAuthConfiguration(clientID: ClientConfiguration.defaultClientID), catalog: InterpreterBench.catalog,
            sleep: { _ in })
        let runner = FlowRunner(
            program: program, digest: digest, authority: client,
            inputs: InstantInputs(
                answers: atAsk - 1, thenSuspend: true, email: otp ? "otp@contoso.com" : "ann@contoso.com"))
        var params: [String: Value] = [:]
        for param in program.params { params[param.name.value] = InstantInputs.value(for: param.type) }
        if case .suspended(let session) = await runner.start(params: params) { return session }
        return nil
    }

    /// Holds `count` sessions suspended at the same step as `reference`, each made by a run of the interpreter
    /// with its own email and its own continuation token of the reference's length (or no continuation), and
    /// reports the RSS growth.
    static func hold(_ count: Int, like reference: Session, continuation: Bool) async throws {
        let program = try GeneratedFlows.libraryProgram("flows/sign-in-email-otp.yaml")
        var fields = reference.continuation?.fields ?? [:]
        let tokenLengths = fields.mapValues(\.count)
        Report.note(
            "reference: sign-in-email-otp at ask_code, continuation fields "
                + tokenLengths.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value) chars" }
                .joined(separator: ", "))
        var held: [Session] = []
        held.reserveCapacity(count)
        let before = Memory.residentBytes()
        let start = Clock.now()
        for index in 0..<count {
            for (key, length) in tokenLengths where length > 16 {
                fields[key] = Self.randomText(length: length)
            }
            let authority = InstantAuthority(
                catalog: InterpreterBench.catalog,
                answers: [
                    "signIn.start": [
                        ActionResult(
                            outcome: "codeRequired",
                            data: [
                                "sentTo": .string("u***\(index)@co**o**o.com"), "channel": .string("email"),
                                "codeLength": .integer(8),
                            ], continuation: continuation ? AuthorityContinuation(fields) : nil)
                    ]
                ])
            let runner = FlowRunner(
                program: program.program, digest: program.digest, authority: authority,
                inputs: InstantInputs(answers: 1, thenSuspend: true, email: "user\(index)@contoso.com"))
            guard case .suspended(let session) = await runner.start() else {
                throw BenchFailure("a run did not suspend")
            }
            held.append(session)
        }
        let seconds = Clock.now() - start
        let after = Memory.residentBytes()
        let encoded = try JSONEncoder().encode(held[held.count / 2]).count
        Report.value("\(Report.grouped(count)) suspended sessions: RSS before", Double(before) / 1_048_576, unit: "MiB")
        Report.value("\(Report.grouped(count)) suspended sessions: RSS after", Double(after) / 1_048_576, unit: "MiB")
        Report.value(
            "resident memory per suspended session", Double(after - before) / Double(max(count, 1)), unit: "bytes")
        Report.value("encoded size of one of them", Double(encoded), unit: "bytes")
        Report.note(String(format: "made in %.2f s (%.0f runs/s)", seconds, Double(count) / seconds))
        withExtendedLifetime(held) {}
    }

    static func randomText(length: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var bytes = [UInt8](repeating: 0, count: length)
        for index in 0..<length { bytes[index] = alphabet[Int.random(in: 0..<alphabet.count)] }
        return String(decoding: bytes, as: UTF8.self)
    }
}
