import FlowModel
import FlowReporting
import Foundation
import Testing

@Suite struct JSONFormatterTests {
    private func parse(_ text: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any])
    }

    @Test func documentHasCountsAndEveryDiagnostic() throws {
        let text = try DiagnosticFormatter.json(
            [Fixtures.unreachable, Fixtures.undefinedStep], options: ReportOptions(files: ["flows/c.yaml"]))
        let document = try parse(text)
        #expect(document["files"] as? Int == 3)
        #expect(document["errors"] as? Int == 1)
        #expect(document["warnings"] as? Int == 1)
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 2)
        let first = try #require(diagnostics.first)
        #expect(Set(first.keys) == ["file", "line", "column", "severity", "code", "message", "hint"])
        #expect(first["file"] as? String == "flows/a.yaml")
        #expect(first["line"] as? Int == 3)
        #expect(first["column"] as? Int == 9)
        #expect(first["severity"] as? String == "error")
        #expect(first["code"] as? String == "FR101")
        #expect(first["message"] as? String == "step `nowhere` does not exist")
        #expect(first["hint"] as? String == "define the step or fix the name")
        #expect(diagnostics.last?["severity"] as? String == "warning")
    }

    @Test func keysAreSortedAndOutputIsExact() throws {
        let text = try DiagnosticFormatter.json([Fixtures.undefinedStep])
        let compact = text.filter { !$0.isWhitespace }
        #expect(
            compact == """
                {"diagnostics":[{"code":"FR101","column":9,"file":"flows/a.yaml","hint":"definethesteporfixthename",\
                "line":3,"message":"step`nowhere`doesnotexist","severity":"error"}],"errors":1,"files":1,"warnings":0}
                """)
        #expect(text.hasSuffix("}\n"))
    }

    @Test func wholeFileDiagnosticHasNullPosition() throws {
        let document = try parse(try DiagnosticFormatter.json([Fixtures.unreadable]))
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.first?["line"] is NSNull)
        #expect(diagnostics.first?["column"] is NSNull)
    }

    @Test func cleanReport() throws {
        let document = try parse(try DiagnosticFormatter.json([], options: ReportOptions(files: ["a.yaml", "b.json"])))
        #expect(document["files"] as? Int == 2)
        #expect(document["errors"] as? Int == 0)
        #expect((document["diagnostics"] as? [Any])?.isEmpty == true)
    }

    @Test func stringsAreEscaped() throws {
        let diagnostic = Diagnostic(
            .unknownKey, "quote \" backslash \\ newline \n tab \t bell \u{7} slash /", file: "a/b.yaml",
            at: SourcePosition(line: 1, column: 1))
        let document = try parse(try DiagnosticFormatter.json([diagnostic]))
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.first?["message"] as? String == diagnostic.message)
        #expect(diagnostics.first?["file"] as? String == "a/b.yaml")
    }
}
