import ArgumentParser
import Crypto
import CryptoExtras
import FlowEngine
import FlowModel
import Foundation
import NativeAuth
import NativeAuthEmulator

/// `flowrun-bench password`: password sign-ins per second at the production hash cost, next to PBKDF2 alone.
struct PasswordBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "password",
        abstract: "Password sign-ins/s through the in-process emulator at 210,000 PBKDF2-SHA256 rounds vs PBKDF2 alone."
    )

    @Option(help: "PBKDF2-SHA256 rounds (the emulator's default is the production cost, 210,000).")
    var rounds = PasswordHashConfiguration().iterations

    @Option(help: "Sign-ins (and hashes) per repetition and per worker.")
    var count = 10

    @Option(help: "Repetitions.")
    var repetitions = 5

    @Option(help: "Concurrent workers (the machine has this many cores to use).")
    var workers: [Int] = [1, 2]

    func run() async throws {
        Report.heading(
            "password sign-ins (library flow sign-in-password, in-process emulator, \(Report.grouped(rounds)) rounds)")
        var configuration = TenantConfiguration()
        configuration.passwordHash.iterations = rounds
        let emulator = NativeAuthEmulator(configuration: configuration, store: try EmulatorStore.inMemory())
        let users = (0..<(workers.max() ?? 1)).map { "user\($0)@contoso.com" }
        for user in users {
            try await emulator.store.addUser(
                UserSeed(username: user, password: "Blue-Sky-Ladder-42"), hashIterations: rounds)
        }
        let library = try GeneratedFlows.libraryProgram("flows/sign-in-password.yaml")
        let rounds = rounds
        let count = count
        for workerCount in workers {
            var signIns: [Double] = []
            var hashes: [Double] = []
            var failures = 0
            for _ in 0..<repetitions {
                let failed = StepCount()
                let signInSeconds = await Clock.time {
                    await withTaskGroup(of: Void.self) { group in
                        for worker in 0..<workerCount {
                            group.addTask {
                                for _ in 0..<count {
                                    let client = NativeAuthClient(
                                        configuration: NativeAuthConfiguration(
                                            clientID: ClientConfiguration.defaultClientID),
                                        transport: InProcessTransport(emulator: emulator),
                                        accounts: MemoryAccountStore(), catalog: InterpreterBench.catalog)
                                    let runner = FlowRunner(
                                        program: library.program, digest: library.digest, authority: client,
                                        inputs: InstantInputs(email: users[worker]))
                                    let outcome = await runner.start()
                                    if case .ended(let end) = outcome, end.kind == .success { continue }
                                    failed.add()
                                }
                            }
                        }
                    }
                }
                failures += failed.value
                signIns.append(Double(count * workerCount) / signInSeconds)
                let hashSeconds = await Clock.time {
                    await withTaskGroup(of: Void.self) { group in
                        for _ in 0..<workerCount {
                            group.addTask {
                                for _ in 0..<count { _ = Self.pbkdf2(rounds: rounds) }
                            }
                        }
                    }
                }
                hashes.append(Double(count * workerCount) / hashSeconds)
            }
            let signInRate = Samples(signIns)
            let hashRate = Samples(hashes)
            Report.figure("\(workerCount) worker(s): password sign-ins", signInRate, unit: "sign-ins/s")
            Report.figure("\(workerCount) worker(s): PBKDF2-SHA256 alone", hashRate, unit: "hashes/s")
            let ratio = hashRate.median / signInRate.median
            Report.ratio(
                "\(workerCount) worker(s): hash rate / sign-in rate", ratio, target: "≤ 1.2", met: ratio <= 1.2)
            if failures > 0 { Report.note("FAILED sign-ins: \(failures)") }
        }
    }

    static func pbkdf2(rounds: Int) -> Int {
        let salt = (0..<16).map { _ in UInt8.random(in: 0...255) }
        let key = try? KDF.Insecure.PBKDF2.deriveKey(
            from: Array("Blue-Sky-Ladder-42".utf8), salt: salt, using: .sha256, outputByteCount: 32,
            unsafeUncheckedRounds: rounds)
        return key?.withUnsafeBytes { $0.count } ?? 0
    }
}
