import FlowModel
import FlowReporting
import Testing

@Suite struct DiagnosticReportTests {
    @Test func summaryCountsErrorsWarningsAndFiles() {
        let report = DiagnosticReport(
            [Fixtures.undefinedStep, Fixtures.unreachable, Fixtures.unknownKey], files: ["flows/c.yaml"])
        #expect(report.errorCount == 2)
        #expect(report.warningCount == 1)
        #expect(report.files == ["flows/a.yaml", "flows/b.yaml", "flows/c.yaml"])
        #expect(report.summary == "2 errors, 1 warning in 3 files")
    }

    @Test func summaryUsesSingularAndNoProblems() {
        #expect(DiagnosticReport([Fixtures.undefinedStep]).summary == "1 error in 1 file")
        #expect(DiagnosticReport([Fixtures.unreachable]).summary == "1 warning in 1 file")
        #expect(DiagnosticReport([], files: ["a.yaml", "b.yaml", "c.yaml"]).summary == "no problems in 3 files")
        #expect(DiagnosticReport([]).summary == "no problems in 0 files")
    }

    @Test func filesAreListedOnce() {
        let report = DiagnosticReport([Fixtures.undefinedStep], files: ["flows/a.yaml", "flows/a.yaml"])
        #expect(report.files == ["flows/a.yaml"])
    }

    @Test func diagnosticsAreSortedForReport() {
        let report = DiagnosticReport([Fixtures.unreachable, Fixtures.undefinedStep, Fixtures.unknownKey])
        #expect(report.diagnostics == [Fixtures.unknownKey, Fixtures.undefinedStep, Fixtures.unreachable])
    }

    @Test func warningsFailOnlyWhenStrict() {
        let warnings = DiagnosticReport([Fixtures.unreachable])
        #expect(!warnings.failed(strict: false))
        #expect(warnings.failed(strict: true))
        #expect(DiagnosticReport([Fixtures.undefinedStep]).failed(strict: false))
        #expect(!DiagnosticReport([], files: ["a.yaml"]).failed(strict: true))
    }

    @Test func formatDispatchesToEveryFormatter() throws {
        let diagnostics = [Fixtures.undefinedStep]
        #expect(try DiagnosticFormatter.format(.text, diagnostics) == DiagnosticFormatter.text(diagnostics))
        #expect(try DiagnosticFormatter.format(.json, diagnostics) == DiagnosticFormatter.json(diagnostics))
        #expect(try DiagnosticFormatter.format(.github, diagnostics) == DiagnosticFormatter.github(diagnostics))
        #expect(try DiagnosticFormatter.format(.junit, diagnostics) == DiagnosticFormatter.junit(diagnostics))
    }
}
