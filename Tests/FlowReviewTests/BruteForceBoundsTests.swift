import FlowCompiler
import FlowModel
import FlowReview
import Foundation
import Testing

/// The bound search checked against a plain exhaustive search over every run: each step with the attempts
/// used of every limited edge, no grouping. It only ends on flows whose unlimited edges form no loop.
@Suite("Bounds against an exhaustive search")
struct BruteForceBoundsTests {
    struct Exhaustive {
        let program: Program
        let catalog: ActionCatalog?

        /// The most `measure` counts over every run from `step` with `used` attempts per edge.
        func worst(_ measure: BoundMeasure, from step: Int, used: [Int], memo: inout [[Int]: Int]) -> Int {
            let key = [step] + used
            if let known = memo[key] { return known }
            var best = 0
            for (edge, weight) in ways(out: step) {
                var edge = edge
                var used = used
                while let limit = program.edges[edge].attempts, used[edge] >= limit,
                    let exhausted = program.edges[edge].exhausted
                {
                    edge = exhausted
                }
                if program.edges[edge].attempts != nil { used[edge] += 1 }
                var total = weight[measure] ?? 0
                if case .step(let next) = program.edges[edge].target {
                    total += entry(next, measure) + worst(measure, from: next, used: used, memo: &memo)
                }
                best = max(best, total)
            }
            memo[key] = best
            return best
        }

        func worst(_ measure: BoundMeasure) -> Int {
            var memo: [[Int]: Int] = [:]
            let used = [Int](repeating: 0, count: program.edges.count)
            return entry(program.start, measure) + worst(measure, from: program.start, used: used, memo: &memo)
        }

        /// Every way out of a step, with what taking it counts before the next step.
        private func ways(out step: Int) -> [(Int, [BoundMeasure: Int])] {
            switch program.steps[step].kind {
            case .ask(_, _, let choices, let next): return (Array(choices.values) + [next]).map { ($0, [:]) }
            case .action(let name, _, let outcomes):
                return outcomes.map { outcome, edge in
                    let sends = program.actions[name]?.outcomeData[outcome]?["sentTo"] != nil
                    return (edge, sends ? [.codesSent: 1] : [:])
                }
            case .choose(let branches, let otherwise): return (branches.map(\.edge) + [otherwise]).map { ($0, [:]) }
            case .set(_, let next): return [(next, [:])]
            case .use, .end: return []
            }
        }

        private func entry(_ step: Int, _ measure: BoundMeasure) -> Int {
            switch (measure, program.steps[step].kind) {
            case (.steps, _): return 1
            case (.asks, .ask): return 1
            case (.authorityCalls, .action): return 1
            case (.passwordAttempts, .action(let name, let arguments, _)):
                return arguments.contains { catalog?.actions[name]?.parameters[$0.name.value]?.type == .password }
                    ? 1 : 0
            case (.codeAttempts, .action(let name, let arguments, _)):
                return arguments.contains { catalog?.actions[name]?.parameters[$0.name.value]?.type == .code } ? 1 : 0
            default: return 0
            }
        }
    }

    static func libraryFlow(_ name: String) throws -> Program {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let compiled = FlowCompiler(catalogs: ReviewFlows.catalogs).compile(
            file: root.appendingPathComponent("flows/\(name).yaml").path)
        return try #require(compiled.program)
    }

    @Test(
        "every measure equals the exhaustive search's",
        arguments: ["sign-in-password", "sign-in-mfa-email", "sign-in-register-strong-auth", "sign-out"])
    func sameAsExhaustive(flow: String) throws {
        let program = try Self.libraryFlow(flow)
        let exhaustive = Exhaustive(program: program, catalog: ReviewFlows.catalogs.first)
        let bounds = FlowBounds(program: program, catalogs: ReviewFlows.catalogs)
        for measure in BoundMeasure.allCases {
            #expect(bounds.bounds[measure]?.count == exhaustive.worst(measure), "\(flow): \(measure)")
        }
    }

    @Test("the code sign-in of the unit tests too")
    func codeSignIn() throws {
        let program = try ReviewFlows.program(ReviewFlows.codeSignIn)
        let exhaustive = Exhaustive(program: program, catalog: ReviewFlows.catalogs.first)
        let bounds = FlowBounds(program: program, catalogs: ReviewFlows.catalogs)
        for measure in BoundMeasure.allCases {
            #expect(bounds.bounds[measure]?.count == exhaustive.worst(measure), "\(measure)")
        }
    }
}
