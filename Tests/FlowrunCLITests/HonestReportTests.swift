import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A flow with a mistyped `next:` among flows that load: every report format names its problems where they are,
/// counts its scenarios as not run and its flow as not measured, and exits non-zero.
@Suite("honest reports of a flow that does not load")
struct HonestReportTests {
    /// The passing files of ``TestCommandTests`` plus `broken.yaml` (a `next:` to no step) and three scenarios of it.
    static func folder() throws -> FlowFolder {
        let folder = try TestCommandTests.folder()
        try folder.write(
            "broken.yaml",
            TestCommandTests.flow.replacingOccurrences(of: "next: start_sign_in", with: "next: start_sign_n"))
        try folder.write(
            "tests/broken.test.yaml",
            """
            flow: ../broken.yaml
            scenarios:
              - name: one
                expect: { end: success }
              - name: two
                expect: { end: success }
              - name: three
                expect: { end: success }

            """)
        return folder
    }

    static let summary =
        "5 scenarios: 2 passed, 0 failed, 3 not run (1 file did not load); "
        + "transition coverage 55.6% (5 of 9 edges); not measured: broken.yaml"

    @Test("text: the loaded files still run; the summary counts the broken file's scenarios and flow")
    func textCountsTheBrokenFlow() throws {
        let result = try Self.folder().run("test", "tests")
        #expect(result.status == 2)
        #expect(result.stdout.contains("PASS tests/otp.test.yaml:5:11 signs in"), "\(result.stdout)")
        #expect(result.stdout.contains("ERROR broken.yaml:9:"), "\(result.stdout)")
        #expect(result.stdout.contains("broken.yaml            ?  not measured"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix(Self.summary + "\n"), "\(result.stdout)")
        #expect(result.stderr.contains("FR101"), "\(result.stderr)")
    }

    @Test("github: each load error is an ::error annotation at its line, nothing as plain text")
    func githubAnnotatesLoadErrors() throws {
        let result = try Self.folder().run("test", "--format", "github", "tests")
        #expect(result.status == 2)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("::error file=broken.yaml,line=9,col=") && $0.contains("title=FR101::") })
        #expect(lines.contains { $0.hasPrefix("::error file=tests/broken.test.yaml,line=1,col=7,title=FR201::") })
        #expect(lines.last == Self.summary, "\(result.stdout)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test("json: the summary counts the scenarios not run and names the flow not measured")
    func jsonCountsTheBrokenFlow() throws {
        let result = try Self.folder().run("test", "--format", "json", "tests")
        #expect(result.status == 2)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["scenarios"] as? Int == 5)
        #expect(summary["passed"] as? Int == 2)
        #expect(summary["notRun"] as? Int == 3)
        #expect(summary["unmeasuredFlows"] as? [String] == ["broken.yaml"])
        #expect(summary["ok"] as? Bool == false)
        let errors = try #require(object["errors"] as? [[String: Any]])
        #expect(errors.contains { $0["file"] as? String == "broken.yaml" && $0["code"] as? String == "FR101" })
    }

    @Test("junit: an errored case per problem and an errored coverage case for the flow not measured")
    func junitErrorsTheBrokenFlow() throws {
        let result = try Self.folder().run("test", "--format", "junit", "tests")
        #expect(result.status == 2)
        #expect(XMLParser(data: Data(result.stdout.utf8)).parse(), "\(result.stdout)")
        #expect(result.stdout.contains("<error type=\"FR101\""), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "<testcase classname=\"transition coverage\" name=\"broken.yaml\" time=\"0.000\">\n"
                    + "      <error type=\"not measured\""), "\(result.stdout)")
    }

    @Test("validate --format github ends with a one-line ::notice summary, even when all is well")
    func validateGithubEndsWithANotice() throws {
        let folder = try Self.folder()
        let clean = try folder.run("validate", "--strict", "--format", "github", "otp-sign-in.yaml")
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(
            clean.stdout
                == "::notice title=flowrun validate::1 file checked, 0 with errors: 0 errors, 0 warnings\n")
        let broken = try folder.run("validate", "--format", "github", "otp-sign-in.yaml", "broken.yaml")
        #expect(broken.status == 1)
        #expect(
            broken.stdout.hasSuffix(
                "::notice title=flowrun validate::2 files checked, 1 with errors: 1 error, 0 warnings\n"),
            "\(broken.stdout)")
    }
}
