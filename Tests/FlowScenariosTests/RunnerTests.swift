import FlowLoader
import FlowModel
import FlowScenarios
import Testing

@Suite("Scenario runner")
struct RunnerTests {
    @Test("a scenario that matches the run passes: end, path, messages, output, users, signed-in account")
    func passingScenario() async throws {
        let results = try await ScenarioFolder().run(
            tinyHeader + """
                  - name: signs in with the emailed code
                    inputs: { email: ann@contoso.com, code: "@outbox" }
                    expect:
                      end: success
                      path: [ask_email, start_sign_in, ask_code, submit_code, signed_in]
                      pathIncludes: [ask_code, signed_in]
                      pathExcludes: [resend_code]
                      messages: ["Signed in as ann@contoso.com"]
                      output: { username: ann@contoso.com }
                      users: [{ username: ann@contoso.com }, { username: bob@contoso.com, exists: false }]
                      signedIn: ann@contoso.com
                """)
        let result = try #require(results.first)
        #expect(result.failures == [])
        #expect(result.stop == "success")
        #expect(result.edges.values.map(\.count).reduce(0, +) == 4)
    }

    @Test("a wrong path expectation fails with a diff of expected and actual steps")
    func wrongPathFails() async throws {
        let results = try await ScenarioFolder().run(
            tinyHeader + """
                  - name: forgets the code step
                    inputs: { email: ann@contoso.com, code: "@outbox" }
                    expect:
                      end: failure
                      path: [ask_email, start_sign_in, submit_code, resend_code, signed_in]
                """)
        let result = try #require(results.first)
        #expect(!result.passed)
        #expect(
            result.failures.map(\.message) == [
                "expected the end `failure`, the run stopped at `success`",
                """
                the path differs (- expected, + actual):
                    ask_email
                    start_sign_in
                  + ask_code
                    submit_code
                  - resend_code
                    signed_in
                """,
            ])
    }

    @Test("wrong messages, output, users and account are each reported")
    func wrongExpectationsFail() async throws {
        let results = try await ScenarioFolder().run(
            tinyHeader + """
                  - name: expects the wrong things
                    inputs: { email: ann@contoso.com, code: "@outbox" }
                    expect:
                      reason: none
                      pathIncludes: [resend_code]
                      pathExcludes: [ask_code]
                      messages: ["Welcome"]
                      output: { username: bob@contoso.com }
                      users: [{ username: bob@contoso.com }, { username: ann@contoso.com, attributes: { city: Oslo } }]
                      signedIn: null
                """)
        let details = try #require(results.first).failures
        let failures = details.map(\.message)
        #expect(failures.count == 8)
        #expect(details[4].expected == "bob@contoso.com" && details[4].actual == "ann@contoso.com")
        #expect(details[7].expected == "nobody" && details[7].actual == "ann@contoso.com")
        let lines = details.compactMap { $0.position?.line }
        #expect(lines.count == 8 && Set(lines).count > 1, "each failure is placed at its own expectation: \(lines)")
        #expect(failures[0] == "expected the reason `none`, got none")
        #expect(failures[1].hasPrefix("the path does not include `resend_code`"))
        #expect(failures[2].hasPrefix("the path entered `ask_code`, which it must not"))
        #expect(failures[3].hasPrefix("no message containing \"Welcome\" was shown"))
        #expect(failures[4] == "output.username is \"ann@contoso.com\"; expected \"bob@contoso.com\"")
        #expect(failures[5] == "the user bob@contoso.com does not exist")
        #expect(failures[6] == "the attribute city of ann@contoso.com is unset, expected \"Oslo\"")
        #expect(failures[7] == "expected nobody to be signed in, ann@contoso.com is")
    }

    @Test("answers: a wrong code is refused, a resend sends a new one, an unknown user ends the flow")
    func answers() async throws {
        let results = try await ScenarioFolder().run(
            tinyHeader + """
                  - name: wrong code then the right one
                    inputs: { email: ann@contoso.com, code: ["@wrongCode", { codeSentTo: ann@contoso.com }] }
                    expect: { end: success, messages: ["The code is wrong.", "Signed in"] }
                  - name: two wrong codes use up the attempts
                    inputs: { email: ann@contoso.com, code: ["@wrongCode", "@wrongCode"] }
                    expect: { end: failure, reason: too_many_attempts, messages: ["Too many wrong codes."] }
                  - name: resend then sign in
                    inputs: { email: ann@contoso.com, code: [{ choose: resend }, "@outbox"] }
                    expect: { end: success, pathIncludes: [resend_code, ask_code, submit_code], messages: ["A new code was sent."] }
                  - name: unknown user
                    inputs: { email: bob@contoso.com }
                    expect: { end: failure, reason: user_not_found }
                  - name: the user gives up
                    inputs: { email: ann@contoso.com, code: "@cancel" }
                    expect: { end: cancelled, signedIn: null }
                """)
        for result in results { #expect(result.failures == [], "\(result.name)") }
        #expect(results.count == 5)
    }

    @Test("running out of answers fails the scenario and says which input")
    func missingAnswer() async throws {
        let results = try await ScenarioFolder().run(
            tinyHeader + """
                  - name: no code given
                    inputs: { email: ann@contoso.com }
                    expect: { end: success }
                """)
        let failures = try #require(results.first).failures.map(\.message)
        #expect(
            failures.first
                == "the run stopped with an error: no answer for step `ask_code`: no scripted answer left for `code` (step `ask_code`)"
        )
    }
}
