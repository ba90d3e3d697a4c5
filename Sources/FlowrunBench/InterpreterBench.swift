import ArgumentParser
import FlowEngine
import FlowLoader
import FlowModel
import Foundation
import NativeAuth

/// `flowrun-bench interpreter`: steps per second of the interpreter against an authority that answers at once.
struct InterpreterBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "interpreter",
        abstract: "Interpreter steps/s on generated chains, loops and a branching library flow.")

    @Option(help: "Repetitions of each measurement.")
    var repetitions = 7

    @Option(help: "Steps run per repetition (at least one whole run).")
    var stepsPerRepetition = 2_000_000

    @Option(help: "Chain lengths to run.")
    var chains: [Int] = [10, 1_000, 100_000]

    @Option(help: "The library flow for the branching case.")
    var branchingFlow = "flows/sign-in-email-otp.yaml"

    @Option(help: "Which cases to run: chain, loop, ask-loop, branching.")
    var cases: [String] = ["chain", "loop", "ask-loop", "branching"]

    func run() async throws {
        Report.heading("interpreter (steps/s, in-process authority answering at once)")
        for length in cases.contains("chain") ? chains : [] {
            let program = try GeneratedFlows.program(GeneratedFlows.chain(steps: length))
            try await Self.measure(
                "\(Report.grouped(length))-step chain (set steps)", program: program,
                repetitions: repetitions, stepsPerRepetition: stepsPerRepetition
            ) { (InstantAuthority(catalog: Self.catalog, answers: [:]), InstantInputs()) }
        }
        if cases.contains("loop") {
            let laps = max(stepsPerRepetition / 10 - 1, 1)
            let loop = try GeneratedFlows.program(GeneratedFlows.loop(states: 10, laps: laps))
            try await Self.measure(
                "10-state loop (set steps, attempt-limited back edge)", program: loop, repetitions: repetitions,
                stepsPerRepetition: stepsPerRepetition
            ) { (InstantAuthority(catalog: Self.catalog, answers: [:]), InstantInputs()) }
        }
        if cases.contains("ask-loop") {
            let askLoop = try GeneratedFlows.program(GeneratedFlows.askLoop(states: 10))
            let answers = max(stepsPerRepetition / 4, 1)
            try await Self.measure(
                "10-state loop (ask steps, one answer per step)", program: askLoop, repetitions: repetitions,
                stepsPerRepetition: answers
            ) {
                // A prepared answer, as sismic's loop queues a prepared event name: the figure is the
                // interpreter's, not the input source's.
                (
                    InstantAuthority(catalog: Self.catalog, answers: [:]),
                    PreparedInputs(answer: .values(["answer": .string("text")]), answers: answers)
                )
            }
        }
        guard cases.contains("branching") else { return }
        let library = try GeneratedFlows.libraryProgram(branchingFlow)
        try await Self.measure(
            "branching flow \(branchingFlow) (2 wrong codes, then right; 9 steps)", program: library.program,
            digest: library.digest, repetitions: repetitions, stepsPerRepetition: stepsPerRepetition / 4
        ) { (Self.signInAuthority(), InstantInputs()) }
    }

    static let catalog: ActionCatalog = NativeAuthClient.defaultCatalog

    /// signIn.start sends a code; signIn.submitCode answers invalidCode twice, then completed.
    static func signInAuthority() -> InstantAuthority {
        let token = AuthorityContinuation(["continuationToken": String(repeating: "t", count: 200)])
        return InstantAuthority(
            catalog: catalog,
            answers: [
                "signIn.start": [
                    ActionResult(
                        outcome: "codeRequired",
                        data: [
                            "sentTo": .string("a***@co**o**o.com"), "channel": .string("email"),
                            "codeLength": .integer(8),
                        ],
                        continuation: token)
                ],
                "signIn.submitCode": [
                    ActionResult(outcome: "invalidCode"), ActionResult(outcome: "invalidCode"),
                    ActionResult(
                        outcome: "completed",
                        data: [
                            "username": .string("ann@contoso.com"), "claims": .object([:]), "account": .object([:]),
                        ]),
                ],
            ])
    }

    /// Runs `program` until about `stepsPerRepetition` steps were taken, `repetitions` times, and reports
    /// steps/s. The steps of one run are counted once beforehand with an observer (timed runs have none).
    static func measure(
        _ label: String, program: Program, digest: String = "bench", repetitions: Int, stepsPerRepetition: Int,
        make: () -> (InstantAuthority, any InputSource)
    ) async throws {
        let steps = StepCount()
        let (authority, inputs) = make()
        let counted = FlowRunner(
            program: program, digest: digest, authority: authority, inputs: inputs,
            observer: { event in if event.event == .stepEntered { steps.add() } })
        let outcome = await counted.start()
        if case .failed(let error) = outcome { throw BenchFailure("\(label): \(error)") }
        let stepsPerRun = max(steps.value, 1)
        let runs = max(stepsPerRepetition / stepsPerRun, 1)
        var rates: [Double] = []
        for _ in 0..<repetitions {
            var runners: [FlowRunner] = []
            for _ in 0..<runs {
                let (authority, inputs) = make()
                runners.append(FlowRunner(program: program, digest: digest, authority: authority, inputs: inputs))
            }
            let seconds = await Clock.time {
                for runner in runners { _ = await runner.start() }
            }
            rates.append(Double(runs * stepsPerRun) / seconds)
        }
        Report.figure(label, Samples(rates), unit: "steps/s")
        Report.note("\(Report.grouped(stepsPerRun)) steps per run, \(Report.grouped(runs)) runs per repetition")
    }
}

/// Counts events from an observer. A hand-written lock for the reason ``Counter`` gives: it is on the timed path.
final class StepCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
