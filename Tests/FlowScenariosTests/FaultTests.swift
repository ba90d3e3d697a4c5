import FlowLoader
import FlowModel
import FlowScenarios
import NativeAuth
import Testing

@Suite("Scenario faults")
struct FaultTests {
    /// Where the tiny flow goes for each outcome of `signIn.submitCode`.
    static let routes: [String: (end: String, reason: String?)] = [
        "completed": ("success", nil), "invalidCode": ("success", nil), "expired": ("failure", "expired"),
    ]

    @Test("an injected answer reaches the route of the outcome it names", arguments: submitCodeOutcomes())
    func answerFault(outcome: String) async throws {
        let route = Self.routes[outcome] ?? ("failure", "other")
        let results = try await ScenarioFolder().run(
            tinyHeader + """
                  - name: submitCode answers \(outcome)
                    inputs: { email: ann@contoso.com, code: ["@outbox", "@outbox"] }
                    faults: [{ action: signIn.submitCode, answer: \(outcome) }]
                    expect: { end: \(route.end)\(route.reason.map { ", reason: \($0)" } ?? "") }
                """)
        let result = try #require(results.first)
        #expect(result.failures == [])
        let expectedPath =
            outcome == "invalidCode"
            ? ["ask_email", "start_sign_in", "ask_code", "submit_code", "ask_code", "submit_code", "signed_in"]
            : outcome == "completed"
                ? ["ask_email", "start_sign_in", "ask_code", "submit_code", "signed_in"]
                : ["ask_email", "start_sign_in", "ask_code", "submit_code"]
        #expect(result.path == expectedPath)
    }

    static func submitCodeOutcomes() -> [String] {
        NativeAuthClient.defaultCatalog.actions["signIn.submitCode"]?.outcomes.keys.sorted() ?? []
    }

    @Test("data given with an answer reaches the flow; the rest are stand-ins of the catalog's types")
    func answerData() async throws {
        let results = try await ScenarioFolder().run(
            tinyHeader + """
                  - name: completed for someone else
                    inputs: { email: ann@contoso.com, code: "@outbox" }
                    faults: [{ action: signIn.submitCode, answer: completed, data: { username: eve@contoso.com } }]
                    expect: { end: success, output: { username: eve@contoso.com }, messages: ["Signed in as eve@contoso.com"] }
                """)
        #expect(try #require(results.first).failures == [])
    }

    @Test("HTTP 500 once is retried by the client; twice it is the general error")
    func serverErrors() async throws {
        let results = try await ScenarioFolder().run(
            tinyHeader + """
                  - name: one 500 is retried
                    inputs: { email: ann@contoso.com, code: "@outbox" }
                    faults: [{ action: signIn.submitCode, serverError: 1 }]
                    expect: { end: success }
                  - name: two 500s give up
                    inputs: { email: ann@contoso.com, code: "@outbox" }
                    faults: [{ action: signIn.start, serverError: 2 }]
                    expect: { end: failure, reason: other, path: [ask_email, start_sign_in] }
                """)
        for result in results { #expect(result.failures == [], "\(result.name)") }
    }

    @Test("no answer at all is the general error")
    func transportFailure() async throws {
        let results = try await ScenarioFolder().run(
            tinyHeader + """
                  - name: the authority is unreachable
                    inputs: { email: ann@contoso.com, code: "@outbox" }
                    faults: [{ action: signIn.submitCode, transportFailure: true }]
                    expect: { end: failure, reason: other }
                """)
        #expect(try #require(results.first).failures == [])
    }

    @Test("an expired continuation or code is refused by the authority as expired")
    func expiry() async throws {
        let results = try await ScenarioFolder().run(
            tinyHeader + """
                  - name: the continuation token expired
                    inputs: { email: ann@contoso.com, code: "@outbox" }
                    faults: [{ action: signIn.submitCode, expireContinuation: true }]
                    expect: { end: failure, reason: expired, messages: ["The code has expired."] }
                  - name: the code expired after ten minutes
                    inputs: { email: ann@contoso.com, code: "@outbox" }
                    faults: [{ action: signIn.submitCode, wait: 601 }]
                    expect: { end: failure, reason: expired }
                  - name: five minutes are fine
                    inputs: { email: ann@contoso.com, code: "@outbox" }
                    faults: [{ action: signIn.submitCode, wait: 300 }]
                    expect: { end: success }
                """)
        for result in results { #expect(result.failures == [], "\(result.name)") }
    }

    @Test("a fault whose call never comes fails the scenario")
    func unfiredFault() async throws {
        let results = try await ScenarioFolder().run(
            tinyHeader + """
                  - name: the 2nd submit never happens
                    inputs: { email: ann@contoso.com, code: "@outbox" }
                    faults: [{ action: signIn.submitCode, call: 2, answer: expired }]
                    expect: { end: success }
                """)
        #expect(
            try #require(results.first).failures.map(\.message) == [
                "the fault never fired: the 2nd call to signIn.submitCode answers expired (no such call was made)"
            ])
    }

    @Test("the nth call is the one hit: the 2nd submit answers invalidCode after a real wrong code")
    func nthCall() async throws {
        let results = try await ScenarioFolder().run(
            tinyHeader + """
                  - name: two wrong answers in a row
                    inputs: { email: ann@contoso.com, code: ["@wrongCode", "@outbox"] }
                    faults: [{ action: signIn.submitCode, call: 2, answer: invalidCode }]
                    expect: { end: failure, reason: too_many_attempts }
                """)
        #expect(try #require(results.first).failures == [])
    }
}
