import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `flowrun test` through the real binary: scenario files, exit codes, reports, coverage and --explore.
@Suite struct TestCommandTests {
    static let flow = """
        flowrun: 1
        id: otp-sign-in
        authority: native-auth
        inputs:
          email: { type: email, label: Email address }
          code: { type: code, label: Code }
        start: ask_email
        steps:
          ask_email: { ask: [email], next: start_sign_in }
          start_sign_in:
            action: signIn.start
            with: { username: "${email}" }
            on:
              codeRequired: ask_code
              userNotFound: { fail: user_not_found, message: "No account uses ${email}." }
              otherwise: { fail: other, message: "Sign-in is not possible now." }
          ask_code: { ask: [code], next: submit_code }
          submit_code:
            action: signIn.submitCode
            with: { code: "${code}" }
            on:
              completed: { end: success, message: "Signed in as ${username}" }
              invalidCode: { goto: ask_code, message: "Wrong code.", attempts: 2, exhausted: { fail: too_many_attempts } }
              otherwise: { fail: other, message: "Sign-in is not possible now." }

        """

    static let scenarios = """
        flow: ../otp-sign-in.yaml
        authority:
          users: [{ username: ann@contoso.com }]
        scenarios:
          - name: signs in
            inputs: { email: ann@contoso.com, code: "@outbox" }
            expect: { end: success, signedIn: ann@contoso.com }
          - name: unknown user
            inputs: { email: bob@contoso.com }
            expect: { end: failure, reason: user_not_found, messages: ["No account uses bob@contoso.com."] }

        """

    static func folder(scenarios: String = scenarios) throws -> FlowFolder {
        let folder = try FlowFolder()
        try folder.write("otp-sign-in.yaml", flow)
        try folder.write("tests/otp.test.yaml", scenarios)
        return folder
    }

    @Test func passingScenariosExitZeroWithCoverage() throws {
        let result = try Self.folder().run("test", "tests")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("PASS tests/otp.test.yaml:5:11 signs in"))
        #expect(result.stdout.contains("PASS tests/otp.test.yaml:8:11 unknown user"))
        #expect(result.stdout.contains("otp-sign-in.yaml     5/9    55.6%"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("2 scenarios: 2 passed, 0 failed; transition coverage 55.6% (5 of 9 edges)\n"))
    }

    @Test func aWrongExpectationExitsOneWithTheDiff() throws {
        let wrong = Self.scenarios.replacingOccurrences(
            of: "expect: { end: success, signedIn: ann@contoso.com }",
            with: "expect: { path: [ask_email, start_sign_in, submit_code] }")
        let result = try Self.folder(scenarios: wrong).run("test", "tests/otp.test.yaml")
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL tests/otp.test.yaml:5:11 signs in"))
        #expect(result.stdout.contains("  ✗ tests/otp.test.yaml:7:21: the path differs (- expected, + actual):\n"))
        #expect(
            result.stdout.contains("        start_sign_in\n      + ask_code\n        submit_code\n"), "\(result.stdout)"
        )
        #expect(result.stdout.contains("2 scenarios: 1 passed, 1 failed"))
    }

    @Test func minCoverageFailsBelowIt() throws {
        let folder = try Self.folder()
        #expect(try folder.run("test", "--min-coverage", "40", "tests").status == 0)
        let result = try folder.run("test", "--min-coverage", "100", "tests")
        #expect(result.status == 1)
        #expect(result.stdout.contains("coverage of otp-sign-in.yaml is 55.6%, below the minimum of 100.0%"))
        #expect(result.stdout.contains("otp-sign-in.yaml:16:18: start_sign_in: otherwise → end failure other"))
    }

    @Test func anInvalidScenarioFileExitsTwoWithItsPosition() throws {
        let folder = try Self.folder(
            scenarios: "flow: ../otp-sign-in.yaml\nscenarios:\n  - name: x\n    expect: { path: [ask_emial] }\n")
        let result = try folder.run("test", "tests")
        #expect(result.status == 2)
        #expect(result.stderr.contains("tests/otp.test.yaml:4:21: error FR202: the flow has no step `ask_emial`"))
        #expect(result.stderr.contains("did you mean `ask_email`?"))
        #expect(
            result.stdout.hasSuffix(
                "1 scenario: 0 passed, 0 failed, 1 not run (1 file did not load); "
                    + "transition coverage not measured: otp-sign-in.yaml\n"), "\(result.stdout)")
    }

    @Test("a flow given to `test` by mistake is named a flow, with the two ways to test it, in one finding")
    func aFlowGivenForScenarios() throws {
        let folder = try Self.folder()
        let result = try folder.run("test", "otp-sign-in.yaml")
        #expect(result.status == 2)
        let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error ") }
        #expect(errors == ["otp-sign-in.yaml: error FR011: `otp-sign-in.yaml` is a flow, not a scenario file"])
        #expect(result.stderr.contains("`flowrun test --explore otp-sign-in.yaml`"), "\(result.stderr)")
        #expect(!result.stderr.contains("unknown key"))
    }

    @Test func noScenarioFilesIsAUsageError() throws {
        let folder = try FlowFolder()
        try folder.write("flows/a.yaml", Self.flow)
        let result = try folder.run("test", "flows")
        #expect(result.status == 2)
        #expect(result.stderr.contains("no scenario files (*.test.yaml, *.test.yml, *.test.json) found in flows"))
    }

    @Test func validateSkipsScenarioFiles() throws {
        let result = try Self.folder().run("validate", ".")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout == "no problems in 1 file\n")
    }

    @Test func junitReportIsWellFormed() throws {
        let result = try Self.folder().run("test", "--format", "junit", "tests")
        #expect(result.status == 0)
        let parser = XMLParser(data: Data(result.stdout.utf8))
        #expect(parser.parse(), "\(result.stdout)")
        #expect(result.stdout.contains("<testsuites name=\"flowrun test\" tests=\"3\" failures=\"0\" errors=\"0\">"))
        #expect(result.stdout.contains("<testcase classname=\"tests/otp.test.yaml\" name=\"unknown user\""))
    }

    @Test func jsonReportHasTheSummary() throws {
        let result = try Self.folder().run("test", "--format", "json", "--min-coverage", "60", "tests")
        #expect(result.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let summary = try #require(object?["summary"] as? [String: Any])
        #expect(summary["passed"] as? Int == 2)
        #expect(summary["coverageEdges"] == nil)
        #expect(summary["coveredEdges"] as? Int == 5)
        #expect(summary["ok"] as? Bool == false)
    }

    @Test func exploreWritesScenariosThatPassAtFullCoverage() throws {
        let folder = try Self.folder()
        let explored = try folder.run("test", "--explore", "otp-sign-in.yaml", "--write", "derived")
        #expect(explored.status == 0, "\(explored.stdout)\(explored.stderr)")
        #expect(explored.stderr.contains("scenarios to derived/otp-sign-in.test.yaml"))
        #expect(explored.stdout.contains("transition coverage 100.0% (9 of 9 edges)"))
        let replayed = try folder.run("test", "--min-coverage", "100", "derived")
        #expect(replayed.status == 0, "\(replayed.stdout)\(replayed.stderr)")
        let text = try String(
            contentsOf: folder.url.appendingPathComponent("derived/otp-sign-in.test.yaml"), encoding: .utf8)
        #expect(text.contains("flow: \"../otp-sign-in.yaml\""))
        // No schemas/scenario.schema.json above the folder: no modeline that would point nowhere.
        #expect(text.hasPrefix("# Scenarios derived by"), "\(text.prefix(120))")
    }

    @Test func writeWithoutExploreIsAUsageError() throws {
        let result = try Self.folder().run("test", "--write", "x", "tests")
        #expect(result.status == 2)
        #expect(result.stderr.contains("--write goes with --explore"))
    }
}
