import FlowModel
import FlowScenarios
import Testing

@Suite("Transition coverage")
struct CoverageTests {
    @Test("coverage of the tiny flow counts exactly the edges the scenarios took")
    func exactCoverage() async throws {
        let folder = try ScenarioFolder()
        let loaded = try folder.load(
            tinyHeader + """
                  - name: signs in
                    inputs: { email: ann@contoso.com, code: "@outbox" }
                  - name: unknown user
                    inputs: { email: bob@contoso.com }
                  - name: one wrong code
                    inputs: { email: ann@contoso.com, code: ["@wrongCode", "@outbox"] }
                """)
        let results = await ScenarioSuite.run([loaded], jobs: 1)
        let coverage = try #require(CoverageCounter.coverage(of: [loaded.program], results: results).first)
        // ask_email: next · start_sign_in: codeRequired, userNotFound, otherwise · ask_code: resend, next ·
        // resend_code: codeRequired, its exhaustion, otherwise · submit_code: completed, invalidCode, its
        // exhaustion, expired, otherwise.
        #expect(coverage.total == 14)
        #expect(coverage.covered.count == 6)
        #expect(abs(coverage.percent - 600.0 / 14) < 1e-9)
        #expect(
            coverage.uncovered.map(\.text) == [
                "start_sign_in: otherwise → end failure other",
                "ask_code: choice resend → resend_code",
                "resend_code: codeRequired → ask_code",
                "resend_code: codeRequired (attempts exhausted) → end failure too_many_resends",
                "resend_code: otherwise → end failure other",
                "submit_code: invalidCode (attempts exhausted) → end failure too_many_attempts",
                "submit_code: expired → end failure expired",
                "submit_code: otherwise → end failure other",
            ])
        #expect(coverage.uncovered.first?.position == SourcePosition(line: 22, column: 18))
        let totals = CoverageCounter.totals([coverage])
        #expect(totals.covered == 6 && totals.total == 14)
    }

    @Test("a flow no scenario ran has 0 of its edges covered")
    func untouchedFlow() throws {
        let loaded = try ScenarioFolder().load(
            tinyHeader + """
                  - name: never run
                """)
        let coverage = try #require(CoverageCounter.coverage(of: [loaded.program], results: []).first)
        #expect(coverage.covered.isEmpty)
        #expect(coverage.uncovered.count == 14)
        #expect(coverage.percent == 0)
    }

    @Test("the text report lists coverage per flow and every uncovered edge by file:line:column")
    func textReport() async throws {
        let folder = try ScenarioFolder()
        let loaded = try folder.load(
            tinyHeader + """
                  - name: signs in
                    inputs: { email: ann@contoso.com, code: "@outbox" }
                """)
        let results = await ScenarioSuite.run([loaded], jobs: 1)
        let coverage = CoverageCounter.coverage(of: [loaded.program], results: results)
        let report = TestReport(results: results, coverage: coverage, minimumCoverage: 100)
        let text = report.text()
        let flow = loaded.program.file
        #expect(text.contains("PASS \(folder.path)/tiny.test.yaml:6:11 signs in"))
        #expect(text.contains("\(flow)    4/14    28.6%"))
        #expect(text.contains("  \(flow):22:18: start_sign_in: otherwise → end failure other"))
        #expect(text.contains("1 scenario: 1 passed, 0 failed; transition coverage 28.6% (4 of 14 edges)"))
        #expect(text.contains("coverage of \(flow) is 28.6%, below the minimum of 100.0%"))
        #expect(!report.passed)
        #expect(TestReport(results: results, coverage: coverage, minimumCoverage: 28).passed)
    }
}
