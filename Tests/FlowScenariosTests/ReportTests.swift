import FlowScenarios
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("Test reports")
struct ReportTests {
    static func report() async throws -> (TestReport, ScenarioFolder) {
        let folder = try ScenarioFolder()
        let loaded = try folder.load(
            tinyHeader + """
                  - name: signs in <& "quotes">
                    inputs: { email: ann@contoso.com, code: "@outbox" }
                    expect: { end: success }
                  - name: expects the wrong end
                    inputs: { email: ann@contoso.com, code: "@outbox" }
                    expect: { end: failure }
                """)
        let results = await ScenarioSuite.run([loaded], jobs: 2)
        let coverage = CoverageCounter.coverage(of: [loaded.program], results: results)
        return (TestReport(results: results, coverage: coverage, minimumCoverage: 50), folder)
    }

    @Test("the JUnit report is well-formed XML with a case per scenario and per flow's coverage")
    func junitIsValid() async throws {
        let (report, _) = try await Self.report()
        let xml = report.junit()
        let counter = ElementCounter()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = counter
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(counter.counts["testsuites"] == 1)
        #expect(counter.counts["testsuite"] == 2)
        #expect(counter.counts["testcase"] == 3)
        #expect(counter.counts["failure"] == 2)
        #expect(xml.contains("name=\"signs in &lt;&amp; &quot;quotes&quot;&gt;\""))
        #expect(xml.contains("tests=\"3\" failures=\"2\""))
    }

    @Test("the JSON report holds every scenario, the coverage and a summary")
    func jsonReport() async throws {
        let (report, _) = try await Self.report()
        let object = try JSONSerialization.jsonObject(with: Data(try report.json().utf8)) as? [String: Any]
        let summary = try #require(object?["summary"] as? [String: Any])
        #expect(summary["scenarios"] as? Int == 2)
        #expect(summary["failed"] as? Int == 1)
        #expect(summary["edges"] as? Int == 14)
        #expect(summary["coveredEdges"] as? Int == 4)
        #expect(summary["ok"] as? Bool == false)
        let scenarios = try #require(object?["scenarios"] as? [[String: Any]])
        #expect(scenarios.map { $0["passed"] as? Bool } == [true, false])
        let failure = try #require((scenarios[1]["failures"] as? [[String: Any]])?.first)
        #expect(failure["message"] as? String == "expected the end `failure`, the run stopped at `success`")
        #expect(failure["expected"] as? String == "failure" && failure["actual"] as? String == "success")
        #expect(failure["line"] as? Int != nil && failure["column"] as? Int != nil)
        let coverage = try #require((object?["coverage"] as? [[String: Any]])?.first)
        #expect((coverage["uncovered"] as? [Any])?.count == 10)
    }
}

/// Counts the elements of an XML document.
final class ElementCounter: NSObject, XMLParserDelegate {
    var counts: [String: Int] = [:]

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        counts[elementName, default: 0] += 1
    }
}
