import FlowModel
import FlowReporting
import Testing

@Suite struct GitHubFormatterTests {
    @Test func oneCommandPerDiagnosticInReportOrder() {
        let text = DiagnosticFormatter.github([Fixtures.unreachable, Fixtures.undefinedStep, Fixtures.unreadable])
        #expect(
            text == """
                ::error file=flows/a.yaml,line=3,col=9,title=FR101::step `nowhere` does not exist%0Ahint: define the step or fix the name
                ::warning file=flows/b.yaml,line=7,col=3,title=FR102::step `orphan` is never reached%0Ahint: remove the step or route to it
                ::error file=flows/c.yaml,title=FR001::cannot read the file%0Ahint: check the path and its permissions

                """)
    }

    @Test func cleanReportPrintsNothing() {
        #expect(DiagnosticFormatter.github([], options: ReportOptions(files: ["a.yaml"])) == "")
    }

    @Test func dataAndPropertiesAreEscaped() {
        let diagnostic = Diagnostic(
            .unknownKey, "100% of\r\nkeys: a,b", file: "we:ird,100%\n.yaml", at: SourcePosition(line: 1, column: 2),
            hint: "")
        #expect(
            DiagnosticFormatter.github([diagnostic])
                == "::error file=we%3Aird%2C100%25%0A.yaml,line=1,col=2,title=FR009::100%25 of%0D%0Akeys: a,b\n")
    }

    @Test func everyLineIsAWorkflowCommand() {
        let text = DiagnosticFormatter.github([Fixtures.unreachable, Fixtures.undefinedStep, Fixtures.unknownKey])
        let lines = text.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") })
    }
}
