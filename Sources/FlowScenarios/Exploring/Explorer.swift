import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation
import NativeAuth
import NativeAuthEmulator
import NativeAuthTenant

/// What exploring a flow produced: the scenarios it derived, their results when run as scenarios, and the
/// edges it did not take with why.
public struct Exploration: Sendable {
    public var scenarios: LoadedScenarios
    public var results: [ScenarioResult]
    public var unreached: [UnreachedEdge] = []

    /// `coverage` with the reason of each uncovered edge some exploration did not take.
    public static func explain(_ coverage: [FlowCoverage], by explorations: [Exploration]) -> [FlowCoverage] {
        var reasons: [String: [Int: String]] = [:]
        for unreached in explorations.flatMap(\.unreached) {
            reasons[unreached.file, default: [:]][unreached.edge.index] = unreached.reason
        }
        return coverage.map { flow in
            var flow = flow
            for position in flow.uncovered.indices {
                flow.uncovered[position].unreachedReason = reasons[flow.file]?[flow.uncovered[position].index]
            }
            return flow
        }
    }
}

/// Derives scenarios that together take every edge of a flow it can reach. Each run heads for the nearest
/// edge no run has taken yet: at an `ask` it answers or picks the choice that leads there; at an action it
/// lets the call through to the embedded authority when the answer leads there, and otherwise starts the run
/// again as the other user it can play (the seeded account, or a new address), then with that call answering
/// the outcome that does (an injected fault); at a `choose` it gives the outcome data the branch needs. It
/// explains each edge it did not take (``Exploration/unreached``). The derived scenarios are then run like any scenario file, so what it
/// reports is what the scenarios do.
public struct Explorer: Sendable {
    public let program: Program
    public let digest: String
    /// The flow file as given; scenario files name it relative to their folder.
    public let file: String
    /// The most scenarios derived.
    public var maxScenarios = 100
    /// The most restarts of one run.
    public var maxRestarts = 40
    /// The tenant the runs meet (`--config authority.yaml`); the embedded authority's defaults otherwise.
    public var tenant = TenantConfiguration()
    /// The catalogs the flow was checked against, for flows on another authority's catalog (every call of
    /// theirs is answered by an injected outcome).
    public var catalogs: [ActionCatalog] = [NativeAuthClient.defaultCatalog]

    static let existingUser = "existing.user@example.com"
    static let newUser = "new.user@example.com"

    public init(program: Program, digest: String, file: String) {
        self.program = program
        self.digest = digest
        self.file = file
    }

    /// The actions a run can call: a shared sub-flow's actions for other values of its constant params (its
    /// sign-up branch, in a password reset) are left out.
    var actions: Set<String> { program.reach(given: Self.params(for: program)).actions }

    /// The authority the scenarios start from: ``tenant`` with one user (with a password when the flow asks for
    /// one), signed in on the device when the flow works on the signed-in account without signing in.
    var setup: AuthoritySetup {
        let actions = actions
        let signsIn = actions.contains { $0.hasPrefix("signIn.") || $0.hasPrefix("signUp.") }
        let usesAccount = actions.contains { $0.hasPrefix("token.") || $0.hasPrefix("account.") }
        let asksPassword = ScenarioChecker.programs(program).contains { program in
            program.inputs.contains { $0.type == .password }
        }
        return AuthoritySetup(
            tenant: tenant,
            users: [UserSeed(username: Self.existingUser, password: asksPassword ? ExplorerInputs.password : nil)],
            signedIn: usesAccount && !signsIn ? Self.existingUser : nil)
    }

    /// The address the runs answer email inputs with first: a new one for flows that sign users up, the seeded
    /// user's otherwise. A run switches to the other one when the authority answers the first otherwise than
    /// the run needs (an existing account for a sign-in, an unknown one for `userNotFound`).
    var email: String {
        actions.contains { $0.hasPrefix("signUp.") } ? Self.newUser : Self.existingUser
    }

    /// The addresses runs may answer email inputs with, the first one first.
    var emails: [String] { [email, email == Self.newUser ? Self.existingUser : Self.newUser] }

    public func explore() async -> Exploration {
        let graph = ExplorationGraph(program, params: Self.params(for: program))
        let setup = setup
        var covered: Set<EdgeID> = []
        var scenarios: [Scenario] = []
        var stop = ExplorationStop.done
        while !Set(graph.targets).isSubset(of: covered) {
            guard scenarios.count < maxScenarios else {
                stop = .scenarioLimit(maxScenarios)
                break
            }
            guard let run = await steeredRun(graph: graph, setup: setup, covered: covered) else {
                stop = .restartLimit(maxRestarts)
                break
            }
            let new = run.taken.subtracting(covered)
            guard !new.isEmpty else {
                stop = .noNewEdge
                break
            }
            covered.formUnion(new)
            scenarios.append(scenario(run, number: scenarios.count + 1))
        }
        let scenarioFile = ScenarioFile(
            file: "explore:\(file)", flow: Located(file, at: .start), authority: setup, scenarios: scenarios)
        var loaded = LoadedScenarios(file: scenarioFile, program: program, digest: digest)
        loaded.catalogs = catalogs
        let results = await ScenarioSuite.run([loaded], jobs: 1)
        let unreached = UnreachedEdges(
            graph: graph, covered: covered, stop: stop, emails: emails,
            baseAuthority: NativeAuthClient.defaultCatalog.authority)
        return Exploration(scenarios: loaded, results: results, unreached: unreached.explained())
    }

    private struct SteeredRun {
        var plan: Plan
        var answers: [String: [ScriptedAnswer]]
        var inputOrder: [String]
        var record: RunRecord
        var outcome: RunOutcome
        var taken: Set<EdgeID>
    }

    /// One run heading for edges not in `covered`, started again each time it changes its plan.
    private func steeredRun(graph: ExplorationGraph, setup: AuthoritySetup, covered: Set<EdgeID>) async -> SteeredRun? {
        var plan = Plan()
        var fixedChooseSteps: Set<EdgeID> = []
        for _ in 0..<maxRestarts {
            let state = ExplorerState(graph: graph, covered: covered, plan: plan)
            guard let outcome = try? await run(state: state, setup: setup) else { return nil }
            if state.mustRestart {
                plan = state.plan
                continue
            }
            let taken = state.taken
            if taken.subtracting(covered).isEmpty,
                let fixed = ChooseSolver(graph: graph, state: state, covered: covered).fix(
                    plan, avoiding: fixedChooseSteps)
            {
                plan = fixed.plan
                fixedChooseSteps.insert(fixed.edge)
                continue
            }
            let record = RunRecord(events: state.events, outcome: outcome)
            return SteeredRun(
                plan: plan, answers: state.recordedAnswers, inputOrder: state.inputOrder, record: record,
                outcome: outcome, taken: taken)
        }
        return nil
    }

    private func run(state: ExplorerState, setup: AuthoritySetup) async throws -> RunOutcome {
        let authority = try await ScenarioAuthority(setup, clock: ScenarioClock(), passwordHashIterations: 1_000)
        let base = authority.client.catalog
        let checked = ([base] + catalogs).first { $0.digest == program.catalogDigest } ?? base
        let steering = ExplorerAuthority(
            catalog: checked, baseCatalog: base, base: authority.client, state: state, others: catalogs,
            emails: emails, firstEmail: email)
        let inputs = ExplorerInputs(state: state, emulator: authority.emulator, email: email, maxAsks: 60)
        let runner = FlowRunner(
            program: program, digest: digest, authority: steering, inputs: inputs, observer: { state.observe($0) })
        return await runner.start(params: Self.params(for: program))
    }

    /// A value for each param of the flow: its default-free stand-in by type.
    static func params(for program: Program) -> [String: Value] {
        Dictionary(
            program.params.map { param in
                (
                    param.name.value,
                    FaultInjector.standIn(param.name.value, param.type.valueType, action: "", outcome: "")
                )
            }, uniquingKeysWith: { first, _ in first })
    }

    private func scenario(_ run: SteeredRun, number: Int) -> Scenario {
        let faults = run.plan.injections.sorted { $0.key < $1.key }.map { key, injection in
            Fault(
                action: Located(key.action, at: .start), call: key.call,
                kind: .answer(outcome: Located(injection.outcome, at: .start), data: injection.data))
        }
        var expect = Expectation()
        switch run.outcome {
        case .ended(let end):
            expect.end = Located(end.kind.name, at: .start)
            expect.reason = end.reason.map { Located($0, at: .start) }
        case .cancelled: expect.end = Located("cancelled", at: .start)
        case .suspended: expect.end = Located("suspended", at: .start)
        case .failed: expect.end = Located("error", at: .start)
        }
        expect.path = Located(run.record.path, at: .start)
        let end = [expect.end?.value, expect.reason?.value].compactMap { $0 }.joined(separator: " ")
        let forced = faults.last.flatMap { fault -> String? in
            guard case .answer(let outcome, _) = fault.kind else { return nil }
            return "\(fault.action.value) answers \(outcome.value)"
        }
        let name = String(format: "explore %02d: %@ → %@", number, forced ?? "as the authority answers", end)
        var scenario = Scenario(
            name: Located(name, at: SourcePosition(line: number, column: 1)), params: Self.params(for: program),
            inputs: run.answers, faults: faults, expect: expect)
        scenario.inputOrder = run.inputOrder
        return scenario
    }
}
