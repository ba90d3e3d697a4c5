import ArgumentParser
import Crypto
import CryptoExtras
import FlowEngine
import FlowModel
import Foundation
import NativeAuth
import NativeAuthEmbedded
import NativeAuthEmulator
import NativeAuthTenant

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

    @Option(help: "Concurrent clients (workers); the hash rate is measured with as many workers.")
    var workers: [Int] = [1, 2]

    func run() async throws {
        Report.heading(
            "password sign-ins (library flow sign-in-password, in-process emulator, \(Report.grouped(rounds)) rounds)")
        var configuration = TenantConfiguration()
        configuration.passwordHash.iterations = rounds
        let users = (0..<(workers.max() ?? 1)).map { "user\($0)@contoso.com" }
        let embedded = try await EmbeddedAuthority.inMemory(
            configuration: configuration,
            users: users.map { UserSeed(username: $0, password: "Blue-Sky-Ladder-42") })
        let library = try GeneratedFlows.libraryProgram("flows/sign-in-password.yaml")
        let rounds = rounds
        let count = count
        /// One sign-in through the library flow; whether it succeeded.
        @Sendable func signIn(_ user: String) async -> Bool {
            let client = embedded.client(
                NativeAuthConfiguration(clientID: ClientConfiguration.defaultClientID),
                catalog: InterpreterBench.catalog)
            let runner = FlowRunner(
                program: library.program, digest: library.digest, authority: client,
                inputs: InstantInputs(email: user))
            if case .ended(let end) = await runner.start(), end.kind == .success { return true }
            return false
        }
        /// One PBKDF2 hash on a global dispatch queue thread, where the emulator runs its password check.
        @Sendable func hash() async {
            await withCheckedContinuation { continuation in
                DispatchQueue.global(qos: .userInitiated).async {
                    _ = Self.pbkdf2(rounds: rounds)
                    continuation.resume()
                }
            }
        }
        _ = await signIn(users[0])  // warm-up: the signing key is created on first use
        Report.note(
            "cores: \(ProcessInfo.processInfo.activeProcessorCount); each worker alternates one hash and one sign-in "
                + "(order swapped every time), so both see the same cores, the same concurrency and the same load")
        for workerCount in workers {
            var signInRates: [Double] = []
            var hashRates: [Double] = []
            var ratios: [Double] = []
            var failures = 0
            for _ in 0..<repetitions {
                // Per worker: total seconds spent in sign-ins and in hashes, and failed sign-ins.
                let totals = await withTaskGroup(of: (Double, Double, Int).self) { group in
                    for worker in 0..<workerCount {
                        group.addTask {
                            var signInSeconds = 0.0
                            var hashSeconds = 0.0
                            var failed = 0
                            for index in 0..<count {
                                let hashFirst = (index + worker) % 2 == 0
                                if hashFirst { hashSeconds += await Clock.time { await hash() } }
                                let start = Clock.now()
                                if !(await signIn(users[worker])) { failed += 1 }
                                signInSeconds += Clock.now() - start
                                if !hashFirst { hashSeconds += await Clock.time { await hash() } }
                            }
                            return (signInSeconds, hashSeconds, failed)
                        }
                    }
                    var all = (0.0, 0.0, 0)
                    for await result in group {
                        all.0 += result.0
                        all.1 += result.1
                        all.2 += result.2
                    }
                    return all
                }
                failures += totals.2
                // Each worker does one thing at a time: the rate with N workers is N / mean duration.
                let signInRate = Double(count * workerCount) / totals.0 * Double(workerCount)
                let hashRate = Double(count * workerCount) / totals.1 * Double(workerCount)
                signInRates.append(signInRate)
                hashRates.append(hashRate)
                ratios.append(totals.0 / totals.1)
            }
            let signInRate = Samples(signInRates)
            let hashRate = Samples(hashRates)
            let label = workerCount == 1 ? "1 client" : "\(workerCount) clients"
            Report.figure("\(label): password sign-ins", signInRate, unit: "sign-ins/s")
            Report.figure("\(label): PBKDF2-SHA256 alone", hashRate, unit: "hashes/s")
            let ratio = Samples(ratios)
            Report.figure("\(label): hash rate / sign-in rate (time per sign-in / time per hash)", ratio, unit: "×")
            Report.ratio(
                "\(label): hash rate / sign-in rate, median", ratio.median, target: "≤ 1.2", met: ratio.median <= 1.2)
            let overhead = (1 / signInRate.median - 1 / hashRate.median) * 1000 * Double(workerCount)
            Report.value("\(label): time per sign-in beyond the hash", overhead, unit: "ms")
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
