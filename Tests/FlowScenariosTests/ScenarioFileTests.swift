import FlowLoader
import FlowModel
import FlowScenarios
import Testing

@Suite("Scenario files")
struct ScenarioFileTests {
    @Test("a complete scenario file loads with every part")
    func completeFile() throws {
        let loaded = try ScenarioFolder().load(
            """
            description: every key once
            flow: tiny-sign-in.yaml
            authority:
              tenant: { codes: { length: 6 } }
              users:
                - { username: ann@contoso.com, password: "Str0ng!Passw0rd", attributes: { city: Oslo }, mfa: false, methods: ["sms:+15555550100"] }
              signedIn: ann@contoso.com
              challengeTypes: [oob, password]
              capabilities: []
            scenarios:
              - name: everything
                params: {}
                inputs: { email: [ann@contoso.com], code: ["@outbox", { codeSentTo: ann@contoso.com }, "@wrongCode", { choose: resend }, "@cancel", "@@literal"] }
                faults:
                  - { action: signIn.start, call: 2, answer: unexpected, data: { errorDescription: gone } }
                  - { action: signIn.submitCode, serverError: 1 }
                  - { action: signIn.submitCode, call: 2, transportFailure: true }
                  - { action: signIn.resendCode, wait: 30 }
                  - { action: signIn.resendCode, call: 2, expireContinuation: true }
                expect:
                  end: success
                  reason: none
                  path: [ask_email]
                  pathIncludes: ask_email
                  pathExcludes: [resend_code]
                  messages: [Signed in]
                  output: { username: ann@contoso.com }
                  users: [{ username: ann@contoso.com, exists: true, password: x, notPassword: y, attributes: { city: Oslo } }]
                  signedIn: null
            """)
        let file = loaded.file
        #expect(file.authority.tenant.codes.length == 6)
        #expect(file.authority.users.first?.attributes == ["city": "Oslo"])
        #expect(file.authority.challengeTypes == ["oob", "password"])
        let scenario = try #require(file.scenarios.first)
        #expect(
            scenario.inputs["code"] == [
                .codeSentTo(nil), .codeSentTo("ann@contoso.com"), .wrongCode, .choice("resend"), .cancel,
                .value(.string("@literal")),
            ])
        #expect(
            scenario.faults.map(\.summary) == [
                "the 2nd call to signIn.start answers unexpected",
                "the 1st call to signIn.submitCode gets HTTP 500 once",
                "the 2nd call to signIn.submitCode gets no answer",
                "30 s pass before the 1st call to signIn.resendCode",
                "the continuation has expired at the 2nd call to signIn.resendCode",
            ])
        #expect(scenario.expect.pathIncludes?.value == ["ask_email"])
        #expect(scenario.expect.signedIn?.value == .some(nil))
    }

    @Test("format errors are reported at their line and column with the flow format's codes")
    func formatErrors() throws {
        let problems = try ScenarioFolder().problems(
            """
            flow: tiny-sign-in.yaml
            authority: { userz: [] }
            scenarios:
              - name: one
                inputs: { email: [null] }
                faults:
                  - { action: signIn.start }
                  - { action: signIn.start, answer: completed, serverError: 1 }
                  - { action: signIn.start, call: 0, wait: -1 }
                  - { action: signIn.start, serverError: 1, data: {} }
                  - { action: signIn.start, transportFailure: false }
                expect: { end: 3, path: {}, signedIn: [] }
              - nam: two
              - name: one
            """)
        #expect(
            problems == [
                "2:14 FR009", "5:23 FR010", "7:9 FR011", "8:9 FR013", "9:39 FR012", "9:48 FR012", "10:49 FR013",
                "11:51 FR012", "12:20 FR010", "12:29 FR010", "12:43 FR010", "13:5 FR009", "13:5 FR011", "14:11 FR205",
            ])
    }

    @Test("names are checked against the flow: inputs, actions, outcomes, data, steps")
    func namesAgainstTheFlow() throws {
        let problems = try ScenarioFolder().problems(
            tinyHeader + """
                  - name: wrong names
                    inputs: { emial: x@y.z }
                    faults:
                      - { action: signUp.start, answer: completed }
                      - { action: signIn.start, answer: compleetd }
                      - { action: signIn.start, answer: userNotFound, data: { nope: 1 } }
                    expect: { path: [ask_email, ask_kode] }
                """)
        #expect(problems == ["6:11 FR204", "9:19 FR203", "10:41 FR203", "11:41 FR203", "12:21 FR202"])
    }

    @Test("a flow that does not check makes the scenario file fail with the flow's own errors")
    func invalidFlow() throws {
        let folder = try ScenarioFolder()
        try "flowrun: 1\nid: broken\n".write(toFile: folder.path + "/broken.yaml", atomically: true, encoding: .utf8)
        let problems = try folder.problems("flow: broken.yaml\nscenarios:\n  - name: x\n")
        #expect(problems.first == "1:7 FR201")
        #expect(problems.contains { $0.hasSuffix("FR011") })
    }

    static let oneScenario = "scenarios:\n  - name: x\n    expect: { end: success }\n"

    @Test("a file that is not a scenario file is one finding with no position; a flow outside the folder is refused")
    func notAScenarioFileAndFlowOutside() throws {
        let folder = try ScenarioFolder()
        #expect(try folder.problems("github.com:\n  oauth_token: gho_x\n") == ["- FR011"])
        #expect(try folder.problems("- gho_x\n") == ["- FR011"])
        let outside = ScenarioLoader().load(file: try folder.write("flow: ../tiny-sign-in.yaml\n" + Self.oneScenario))
        #expect(outside.diagnostics.map(\.code) == [.pathEscapesRoot], "\(outside.diagnostics)")
        #expect(outside.diagnostics.first?.message.contains("`flow: ../tiny-sign-in.yaml` leads out") == true)
        let confined = ScenarioLoader(projectFolder: folder.path).load(
            file: try folder.write("flow: /etc/hostname.yaml\n" + Self.oneScenario))
        #expect(confined.diagnostics.map(\.code) == [.pathEscapesRoot], "\(confined.diagnostics)")
    }

    @Test("hostile and malformed files get the loader's diagnostics: syntax, alias bombs, empty files")
    func hostileFiles() throws {
        let folder = try ScenarioFolder()
        #expect(try folder.problems("flow: [unclosed\n") == ["2:1 FR005"])
        #expect(try folder.problems("") == ["- FR004"])
        let bomb =
            "a: &a [x, x, x, x, x, x, x, x, x]\n"
            + (1...9).map {
                "\(Character(UnicodeScalar(97 + $0)!)): &\(Character(UnicodeScalar(97 + $0)!)) ["
                    + Array(repeating: "*\(Character(UnicodeScalar(96 + $0)!))", count: 9).joined(separator: ", ") + "]"
            }.joined(separator: "\n")
        #expect(try folder.problems(bomb).contains { $0.hasSuffix("FR007") })
        #expect(try folder.problems(String(repeating: "[", count: 10_000)).contains { $0.hasSuffix("FR006") })
    }
}
