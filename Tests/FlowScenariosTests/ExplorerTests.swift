import FlowChecker
import FlowLoader
import FlowModel
import FlowScenarios
import Foundation
import NativeAuth
import Testing

@Suite("Explorer")
struct ExplorerTests {
    /// Every flow of the flow library.
    static func libraryFlows() -> [String] {
        let folder = packageRoot + "/flows"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { folder + "/" + $0 }
    }

    static func program(_ file: String) throws -> (Program, String) {
        let loaded = FlowLoader().load(file: file)
        let flows = try #require(loaded.flows)
        let program = try #require(FlowChecker(catalogs: [NativeAuthClient.defaultCatalog]).check(flows).program)
        return (program, try #require(loaded.digest))
    }

    @Test("the library has flows to explore")
    func libraryIsThere() {
        #expect(Self.libraryFlows().count >= 15)
    }

    @Test("--explore takes every edge of every flow of the library, and its scenarios pass", arguments: libraryFlows())
    func exploresEveryEdge(flow: String) async throws {
        let (program, digest) = try Self.program(flow)
        let exploration = await Explorer(program: program, digest: digest, file: flow).explore()
        for result in exploration.results { #expect(result.failures == [], "\(result.name)") }
        let coverage = CoverageCounter.coverage(of: [program], results: exploration.results)
        for flow in coverage {
            #expect(flow.uncovered.map(\.text) == [], "\(flow.file)")
            #expect(flow.covered.count == flow.total)
        }
    }

    @Test("written scenarios read back as the same scenarios, and pass")
    func writtenScenariosReadBack() async throws {
        let folder = try ScenarioFolder()
        let (program, digest) = try Self.program(folder.path + "/tiny-sign-in.yaml")
        let exploration = await Explorer(program: program, digest: digest, file: program.file).explore()
        let text = ScenarioWriter.yaml(exploration.scenarios.file, flowPath: "tiny-sign-in.yaml", header: "derived")
        let file = try folder.write(text, name: "derived.test.yaml")
        let loaded = try #require(ScenarioLoader().load(file: file).scenarios)
        #expect(loaded.file.scenarios.count == exploration.scenarios.file.scenarios.count)
        let results = await ScenarioSuite.run([loaded], jobs: 2)
        #expect(results.allSatisfy { $0.passed })
        let coverage = try #require(CoverageCounter.coverage(of: [loaded.program], results: results).first)
        #expect(coverage.covered.count == coverage.total)
        #expect(coverage.total == 14)
    }

    @Test("an exploration stopped by its scenario limit says so for every edge it left, and none for the others")
    func theLimitIsTheReason() async throws {
        let flow = packageRoot + "/flows/sign-in-email-otp.yaml"
        let (program, digest) = try Self.program(flow)
        var explorer = Explorer(program: program, digest: digest, file: flow)
        explorer.maxScenarios = 2
        let exploration = await explorer.explore()
        let coverage = CoverageCounter.coverage(of: [program], results: exploration.results)
        let uncovered = try #require(coverage.first?.uncovered)
        #expect(!uncovered.isEmpty)
        #expect(exploration.unreached.map(\.edge.index).sorted() == uncovered.map(\.index).sorted())
        for edge in exploration.unreached {
            #expect(edge.reason.hasSuffix("the explorer stopped at its limit of 2 scenarios"), "\(edge.reason)")
        }
        let explained = Exploration.explain(coverage, by: [exploration])
        #expect(explained.first?.uncovered.allSatisfy { $0.unreachedReason != nil } == true)
    }
}
