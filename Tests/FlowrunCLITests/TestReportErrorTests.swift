import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A scenario file that cannot be loaded appears in JSON and JUnit reports as an error, beside the results of
/// the files that loaded, so that a CI collector never gets an empty report.
@Suite("test reports with invalid scenario files")
struct TestReportErrorTests {
    /// The passing scenario files of ``TestCommandTests`` plus an invalid one (a misspelled step).
    static func folder() throws -> FlowFolder {
        let folder = try TestCommandTests.folder()
        try folder.write(
            "tests/broken.test.yaml",
            "flow: ../otp-sign-in.yaml\nscenarios:\n  - name: x\n    expect: { path: [ask_emial] }\n")
        return folder
    }

    @Test("JUnit: an <error> for the invalid file, the other file's scenarios still run, exit 2")
    func junitListsTheInvalidFileAsAnError() throws {
        let result = try Self.folder().run("test", "--format", "junit", "tests")
        #expect(result.status == 2)
        #expect(XMLParser(data: Data(result.stdout.utf8)).parse(), "\(result.stdout)")
        #expect(result.stdout.contains("<testsuites name=\"flowrun test\" tests=\"4\" failures=\"0\" errors=\"1\">"))
        #expect(result.stdout.contains("<error type=\"FR202\" message=\"the flow has no step `ask_emial`"))
        #expect(result.stdout.contains("name=\"tests/broken.test.yaml:4:21\""))
        #expect(result.stdout.contains("<testcase classname=\"tests/otp.test.yaml\" name=\"unknown user\""))
    }

    @Test("JSON: `errors` names the file, line and rule; the summary counts it and is not ok")
    func jsonListsTheInvalidFileAsAnError() throws {
        let folder = try Self.folder()
        let result = try folder.run("test", "--format", "json", "--output", "report.json", "tests")
        #expect(result.status == 2)
        let data = try Data(contentsOf: folder.url.appendingPathComponent("report.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let errors = try #require(object["errors"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect(errors.first?["file"] as? String == "tests/broken.test.yaml")
        #expect(errors.first?["line"] as? Int == 4)
        #expect(errors.first?["code"] as? String == "FR202")
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == 1)
        #expect(summary["passed"] as? Int == 2)
        #expect(summary["ok"] as? Bool == false)
        #expect(result.stdout.contains("ERROR tests/broken.test.yaml:4:21: error FR202"), "\(result.stdout)")
    }
}

/// `flowrun test --filter`: the coverage table and uncovered edges are those of the flows whose scenarios ran.
@Suite("test --filter and coverage")
struct TestFilterCoverageTests {
    @Test("a filter that matches one flow's scenarios leaves the other flow out of the coverage")
    func filterLimitsTheCoverage() throws {
        let folder = try TestCommandTests.folder()
        try folder.write("hello.yaml", Flows.helloYAML)
        try folder.write(
            "tests/hello.test.yaml",
            "flow: ../hello.yaml\nscenarios:\n  - name: greets\n    inputs: { email: a@example.com }\n"
                + "    expect: { end: success }\n")
        let all = try folder.run("test", "tests")
        #expect(all.stdout.contains("hello.yaml"), "\(all.stdout)")
        let filtered = try folder.run("test", "--filter", "unknown user", "tests")
        #expect(filtered.status == 0, "\(filtered.stdout)\(filtered.stderr)")
        #expect(!filtered.stdout.contains("hello.yaml"), "\(filtered.stdout)")
        #expect(filtered.stdout.contains("otp-sign-in.yaml"), "\(filtered.stdout)")
        #expect(filtered.stdout.contains("1 scenario: 1 passed, 0 failed"), "\(filtered.stdout)")
    }
}

/// `flowrun test --explore --write` replaces a file it wrote, never one edited since.
@Suite("explore --write keeps edited files")
struct ExploreOverwriteTests {
    @Test("an unchanged file is rewritten; an edited one is refused and left as it is")
    func editedFilesAreNotOverwritten() throws {
        let folder = try TestCommandTests.folder()
        let arguments = ["test", "--explore", "otp-sign-in.yaml", "--write", "derived"]
        #expect(try folder.run(arguments, environment: Flowrun.cleanEnvironment()).status == 0)
        let again = try folder.run(arguments, environment: Flowrun.cleanEnvironment())
        #expect(again.status == 0, "\(again.stderr)")
        let file = folder.url.appendingPathComponent("derived/otp-sign-in.test.yaml")
        let edited = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "name: ", with: "name: my ")
        try edited.write(to: file, atomically: true, encoding: .utf8)
        let refused = try folder.run(arguments, environment: Flowrun.cleanEnvironment())
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("was changed since flowrun wrote it"), "\(refused.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == edited)
    }
}
