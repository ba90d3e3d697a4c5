import FlowEngine
import FlowModel
import Foundation
import NativeAuth
import NativeAuthEmulator

/// Runs the scenarios of a file, each against a fresh embedded authority of its own (an in-memory emulator
/// and account cache), so scenarios share nothing and may run in parallel.
public struct ScenarioRunner: Sendable {
    public let scenarios: LoadedScenarios
    /// The most `ask`s one run may take before it counts as endless.
    public var maxAsks = 500
    /// PBKDF2 rounds for the scenario's passwords: low, since the cost changes nothing a flow can see.
    public var passwordHashIterations = 1_000

    public init(_ scenarios: LoadedScenarios) {
        self.scenarios = scenarios
    }

    /// Runs one scenario of the file.
    public func run(_ scenario: Scenario) async -> ScenarioResult {
        let started = ContinuousClock.now
        var result = ScenarioResult(
            file: scenarios.file.file, name: scenario.name.value, position: scenario.name.position, failures: [],
            path: [], stop: "error", messages: [], output: [:], edges: [:], seconds: 0)
        do {
            let run = try await execute(scenario)
            let record = RunRecord(events: run.log.events, outcome: run.outcome)
            result.path = record.path
            result.messages = record.messages
            result.edges = record.edges
            switch run.outcome {
            case .ended(let end):
                result.stop = end.kind.name
                result.reason = end.reason
                result.output = end.output
            case .cancelled: result.stop = "cancelled"
            case .suspended: result.stop = "suspended"
            case .failed(let error):
                result.stop = "error"
                result.reason = error.message
            }
            var checker = ExpectationChecker(expect: scenario.expect, result: result)
            await checker.checkAuthority(store: run.emulator.store, accounts: run.accounts)
            result.failures = checker.failures
            if expectsNoError(scenario), case .failed(let error) = run.outcome {
                result.failures.insert(ExpectationFailure("the run stopped with an error: \(error.message)"), at: 0)
            }
            for fault in await run.injector.unfired {
                result.failures.append(
                    ExpectationFailure("the fault never fired: \(fault.summary) (no such call was made)"))
            }
        } catch {
            result.failures = [ExpectationFailure("the scenario could not start: \(error)")]
        }
        let elapsed = ContinuousClock.now - started
        result.seconds = Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
        return result
    }

    private func expectsNoError(_ scenario: Scenario) -> Bool {
        scenario.expect.end?.value != "error"
    }

    private struct Run {
        var outcome: RunOutcome
        var log: EventLog
        var emulator: NativeAuthEmulator
        var accounts: MemoryAccountStore
        var injector: FaultInjector
    }

    private func execute(_ scenario: Scenario) async throws -> Run {
        let clock = ScenarioClock()
        let authority = try await ScenarioAuthority(
            scenarios.file.authority, clock: clock, passwordHashIterations: passwordHashIterations)
        let injector = FaultInjector(
            base: authority.client, transport: authority.transport, clock: clock,
            expirySeconds: authority.expirySeconds, faults: scenario.faults, catalogs: scenarios.catalogs,
            checkedDigest: scenarios.program.catalogDigest)
        let log = EventLog()
        let inputs = ScenarioInputs(scenario.inputs, emulator: authority.emulator, transcript: log, maxAsks: maxAsks)
        let runner = FlowRunner(
            program: scenarios.program, digest: scenarios.digest, authority: injector, inputs: inputs,
            observer: { log.append($0) })
        let outcome = await runner.start(params: scenario.params)
        return Run(
            outcome: outcome, log: log, emulator: authority.emulator, accounts: authority.accounts,
            injector: injector)
    }
}
