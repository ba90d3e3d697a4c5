import FlowModel
import FlowReporting
import Testing

@Suite struct TextFormatterTests {
    @Test func plainTextIsSortedWithHintsAndSummary() {
        let text = DiagnosticFormatter.text(
            [Fixtures.unreachable, Fixtures.undefinedStep, Fixtures.unknownKey],
            options: ReportOptions(files: ["x.yaml"]))
        #expect(
            text == """
                flows/a.yaml:2:1: error FR009: unknown key `bogus`
                  hint: check the spelling against the language reference
                flows/a.yaml:3:9: error FR101: step `nowhere` does not exist
                  hint: define the step or fix the name
                flows/b.yaml:7:3: warning FR102: step `orphan` is never reached
                  hint: remove the step or route to it

                2 errors, 1 warning in 3 files

                """)
    }

    @Test func cleanReportIsOnlyTheSummary() {
        let text = DiagnosticFormatter.text([], options: ReportOptions(files: ["a.yaml", "b.yaml", "c.yaml"]))
        #expect(text == "no problems in 3 files\n")
    }

    @Test func positionlessDiagnosticNamesTheFile() {
        let text = DiagnosticFormatter.text([Fixtures.unreadable])
        #expect(
            text == """
                flows/c.yaml: error FR001: cannot read the file
                  hint: check the path and its permissions

                1 error in 1 file

                """)
    }

    @Test func emptyHintPrintsNoHintLine() {
        let diagnostic = Diagnostic(
            .undefinedStep, "no such step", file: "a.yaml", at: SourcePosition(line: 1, column: 1), hint: "")
        #expect(
            DiagnosticFormatter.text([diagnostic]) == "a.yaml:1:1: error FR101: no such step\n\n1 error in 1 file\n")
    }

    @Test func sourceLineAndCaretUnderTheColumn() {
        let text = DiagnosticFormatter.text(
            [Fixtures.undefinedStep, Fixtures.unknownKey],
            options: ReportOptions(sources: ["flows/a.yaml": Fixtures.sourceA]))
        #expect(
            text == """
                flows/a.yaml:2:1: error FR009: unknown key `bogus`
                   2 | bogus: true
                     | ^
                  hint: check the spelling against the language reference
                flows/a.yaml:3:9: error FR101: step `nowhere` does not exist
                   3 |   next: nowhere
                     |         ^
                  hint: define the step or fix the name

                2 errors in 1 file

                """)
    }

    @Test func caretFollowsTabsAndCountsUnicodeScalars() {
        let source = "a: 1\n\tnäme: \"é\" # x\r\nlast"
        let diagnostic = Diagnostic(
            .unknownKey, "bad", file: "t.yaml", at: SourcePosition(line: 2, column: 12), hint: "")
        let text = DiagnosticFormatter.text([diagnostic], options: ReportOptions(sources: ["t.yaml": source]))
        #expect(
            text == """
                t.yaml:2:12: error FR009: bad
                   2 | \tnäme: "é" # x
                     | \t          ^

                1 error in 1 file

                """)
    }

    @Test func lineOutsideTheSourceShowsNoSnippet() {
        let text = DiagnosticFormatter.text(
            [Diagnostic(.unknownKey, "bad", file: "t.yaml", at: SourcePosition(line: 9, column: 1), hint: "")],
            options: ReportOptions(sources: ["t.yaml": "one line"]))
        #expect(text == "t.yaml:9:1: error FR009: bad\n\n1 error in 1 file\n")
    }

    @Test func largeLineNumbersWidenTheGutter() {
        let source = String(repeating: "\n", count: 12344) + "key: value"
        let text = DiagnosticFormatter.text(
            [Diagnostic(.unknownKey, "bad", file: "t.yaml", at: SourcePosition(line: 12345, column: 6), hint: "")],
            options: ReportOptions(sources: ["t.yaml": source]))
        #expect(text.contains("\n12345 | key: value\n      |      ^\n"))
    }

    @Test func colourWrapsSeverityLocationAndSummary() {
        let text = DiagnosticFormatter.text([Fixtures.undefinedStep], options: ReportOptions(color: true))
        #expect(
            text == "\u{1B}[1mflows/a.yaml:3:9:\u{1B}[0m \u{1B}[1;31merror\u{1B}[0m \u{1B}[1mFR101:\u{1B}[0m "
                + "step `nowhere` does not exist\n  \u{1B}[1;36mhint:\u{1B}[0m define the step or fix the name\n\n"
                + "\u{1B}[1;31m1 error in 1 file\u{1B}[0m\n")
        let warning = DiagnosticFormatter.text([Fixtures.unreachable], options: ReportOptions(color: true))
        #expect(warning.contains("\u{1B}[1;33mwarning\u{1B}[0m"))
    }

    @Test func noColourMeansNoEscapeCodes() {
        let text = DiagnosticFormatter.text(
            [Fixtures.undefinedStep, Fixtures.unreachable],
            options: ReportOptions(color: false, sources: ["flows/a.yaml": Fixtures.sourceA]))
        #expect(!text.contains("\u{1B}"))
    }

    @Test func controlCharactersFromTheFlowCannotReachTheTerminal() {
        let hostile = Diagnostic(
            .unknownKey, "unknown key `\u{1B}[2Jx\ny`", file: "a\u{7}.yaml", at: SourcePosition(line: 1, column: 1),
            hint: "")
        let text = DiagnosticFormatter.text(
            [hostile], options: ReportOptions(sources: ["a\u{7}.yaml": "\u{1B}]0;t\u{7}"]))
        #expect(!text.contains("\u{1B}"))
        #expect(!text.contains("\u{7}"))
        #expect(text.hasPrefix("a\u{FFFD}.yaml:1:1: error FR009: unknown key `\u{FFFD}[2Jx\u{FFFD}y`\n"))
    }
}
