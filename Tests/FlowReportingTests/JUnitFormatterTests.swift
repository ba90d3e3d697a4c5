import FlowModel
import FlowReporting
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct JUnitFormatterTests {
    private func parse(_ text: String) throws -> XMLElement {
        let document = try XMLDocument(data: Data(text.utf8))
        return try #require(document.rootElement())
    }

    private func attribute(_ element: XMLElement?, _ name: String) -> String? {
        element?.attribute(forName: name)?.stringValue
    }

    @Test func oneCasePerFileWithAFailurePerError() throws {
        let text = DiagnosticFormatter.junit(
            [Fixtures.undefinedStep, Fixtures.unknownKey, Fixtures.unreachable],
            options: ReportOptions(files: ["flows/a.yaml", "flows/b.yaml", "flows/clean.yaml"]))
        let root = try parse(text)
        #expect(root.name == "testsuites")
        let suite = try #require(root.elements(forName: "testsuite").first)
        #expect(attribute(suite, "name") == "flowrun validate")
        #expect(attribute(suite, "tests") == "3")
        #expect(attribute(suite, "failures") == "1")
        let cases = suite.elements(forName: "testcase")
        #expect(cases.map { attribute($0, "name") } == ["flows/a.yaml", "flows/b.yaml", "flows/clean.yaml"])
        #expect(cases.map { attribute($0, "classname") } == ["flows/a.yaml", "flows/b.yaml", "flows/clean.yaml"])
        let failures = cases[0].elements(forName: "failure")
        #expect(failures.map { attribute($0, "type") } == ["FR009", "FR101"])
        #expect(attribute(failures.last, "message") == "step `nowhere` does not exist")
        #expect(
            failures.last?.stringValue
                == "flows/a.yaml:3:9: error FR101: step `nowhere` does not exist\nhint: define the step or fix the name"
        )
        // A warning does not fail its case unless strict; it is kept in the case's output.
        #expect(cases[1].elements(forName: "failure").isEmpty)
        #expect(cases[1].elements(forName: "system-out").first?.stringValue?.contains("FR102") == true)
        #expect(cases[2].children == nil || cases[2].children?.isEmpty == true)
    }

    @Test func strictTurnsWarningsIntoFailures() throws {
        let text = DiagnosticFormatter.junit(
            [Fixtures.unreachable], options: ReportOptions(files: ["flows/b.yaml"], strict: true))
        let suite = try #require(try parse(text).elements(forName: "testsuite").first)
        #expect(attribute(suite, "failures") == "1")
        let failure = suite.elements(forName: "testcase").first?.elements(forName: "failure").first
        #expect(attribute(failure, "type") == "FR102")
    }

    @Test func exactOutputForACleanAndAFailingFile() {
        let text = DiagnosticFormatter.junit([Fixtures.unreadable], options: ReportOptions(files: ["ok.yaml"]))
        #expect(
            text == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="flowrun" tests="2" failures="1" errors="0">
                  <testsuite name="flowrun validate" tests="2" failures="1" errors="0" skipped="0">
                    <testcase classname="flows/c.yaml" name="flows/c.yaml">
                      <failure message="cannot read the file" type="FR001">flows/c.yaml: error FR001: cannot read the file
                hint: check the path and its permissions</failure>
                    </testcase>
                    <testcase classname="ok.yaml" name="ok.yaml"/>
                  </testsuite>
                </testsuites>

                """)
    }

    @Test func everythingIsEscaped() throws {
        let message = "a <b> & \"c\" 'd'\nline\u{1}\u{1B}"
        let file = "dir/<&\">.yaml"
        let diagnostic = Diagnostic(.unknownKey, message, file: file, at: SourcePosition(line: 1, column: 1), hint: "")
        let text = DiagnosticFormatter.junit([diagnostic])
        let root = try parse(text)
        let testcase = root.elements(forName: "testsuite").first?.elements(forName: "testcase").first
        #expect(attribute(testcase, "name") == file)
        let failure = testcase?.elements(forName: "failure").first
        #expect(attribute(failure, "message") == "a <b> & \"c\" 'd'\nline\u{FFFD}\u{FFFD}")
        #expect(failure?.stringValue?.hasSuffix("a <b> & \"c\" 'd'\nline\u{FFFD}\u{FFFD}") == true)
    }

    @Test func noFilesIsAnEmptySuite() throws {
        let suite = try #require(try parse(DiagnosticFormatter.junit([])).elements(forName: "testsuite").first)
        #expect(attribute(suite, "tests") == "0")
        #expect(suite.elements(forName: "testcase").isEmpty)
    }
}
