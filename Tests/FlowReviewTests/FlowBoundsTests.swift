import FlowModel
import FlowReview
import Testing

@Suite("The worst case of one run")
struct FlowBoundsTests {
    /// By hand: the start sends 1 code; `resend` is taken 2 times (2 more codes, 2 more asks of the code);
    /// `invalidCode` 2 times (2 more asks). So 3 codes sent; 3 code attempts (2 wrong, then the last); 6 authority
    /// calls (the start, 2 resends, 3 submits); 6 asks (the email once, the code 1 + 2 + 2 times).
    @Test("a code sign-in: every count exact, with the path that reaches it")
    func codeSignIn() throws {
        let bounds = FlowBounds(
            program: try ReviewFlows.program(ReviewFlows.codeSignIn), catalogs: ReviewFlows.catalogs)
        #expect(bounds.bounds[.codesSent]?.count == 3)
        #expect(bounds.bounds[.codeAttempts]?.count == 3)
        #expect(bounds.bounds[.passwordAttempts]?.count == 0)
        #expect(bounds.bounds[.authorityCalls]?.count == 6)
        #expect(bounds.bounds[.asks]?.count == 6)
        // ask_email, start_sign_in, then ask_code 5 times, resend_code 2, submit_code 3, done: 13.
        #expect(bounds.bounds[.steps]?.count == 13)
        guard case .bounded(_, let path, let exact) = bounds.bounds[.codesSent] else {
            Issue.record("codes sent are unbounded")
            return
        }
        #expect(exact)
        #expect(path.first?.name == "ask_email")
        #expect(path.filter { $0.name == "resend_code" }.count == 2)
        #expect(path.last?.total == 3)
    }

    @Test("a loop without attempts that calls the authority leaves calls and asks unbounded, not codes")
    func loopWithoutLimit() throws {
        let text = ReviewFlows.codeSignIn.replacing(
            "userNotFound: { fail: no_account, message: Could not sign in. }",
            with: "userNotFound: { goto: ask_email, message: Could not sign in. }")
        let bounds = FlowBounds(program: try ReviewFlows.program(text), catalogs: ReviewFlows.catalogs)
        guard case .unbounded(let loop) = bounds.bounds[.authorityCalls] else {
            Issue.record("authority calls are bounded: \(String(describing: bounds.bounds[.authorityCalls]))")
            return
        }
        #expect(Set(loop.map(\.name)) == ["ask_email", "start_sign_in"])
        #expect(loop.first?.name == loop.last?.name)
        #expect(bounds.bounds[.asks]?.count == nil)
        #expect(bounds.bounds[.codesSent]?.count == 3)
    }

    @Test("raising an attempt limit raises the bound by as much")
    func limitRaised() throws {
        let text = ReviewFlows.codeSignIn.replacing(
            "attempts: 2, exhausted: { fail: too_many_resends }",
            with: "attempts: 4, exhausted: { fail: too_many_resends }")
        let bounds = FlowBounds(program: try ReviewFlows.program(text), catalogs: ReviewFlows.catalogs)
        #expect(bounds.bounds[.codesSent]?.count == 5)
    }

    /// Twelve asks, each of which the user may answer `again` 3 times and `back` 2 times: far more run states
    /// than the search takes, so the count is the coarse bound, said to be one. A run can take all 60 limited
    /// choices, each leading to an ask, besides the 12 asks on the way: at least 72 asks, which a sound bound
    /// cannot undercut.
    @Test("a flow with too many run states gets an upper bound without a path")
    func tooManyStates() throws {
        var text = "flowrun: 1\nid: many\ninputs:\n  email: { type: email, label: Email }\nstart: s0\nsteps:\n"
        for step in 0..<12 {
            text += """
                  s\(step):
                    ask: [email]
                    choices:
                      again: { goto: s\(step), attempts: 3, exhausted: { fail: too_many } }
                      back: { goto: s\(max(step - 1, 0)), attempts: 2, exhausted: { fail: too_many } }
                    next: \(step == 11 ? "done" : "s\(step + 1)")

                """
        }
        text += "  done:\n    end: success\n"
        let bounds = FlowBounds(program: try ReviewFlows.program(text), catalogs: ReviewFlows.catalogs)
        guard case .bounded(let count, let path, let exact) = bounds.bounds[.asks] else {
            Issue.record("asks are unbounded")
            return
        }
        #expect(!exact)
        #expect(path.isEmpty)
        #expect(count >= 72)
    }

    @Test("attempt limits as large as an Int can hold give an upper bound, never an overflow")
    func hugeAttempts() throws {
        let most = Int.max
        let text = """
            flowrun: 1
            id: huge
            inputs:
              email: { type: email, label: Email }
            start: a
            steps:
              a:
                ask: [email]
                choices:
                  again: { goto: a, attempts: \(most), exhausted: { fail: too_many } }
                  other: { goto: b, attempts: \(most), exhausted: { fail: too_many } }
                next: b
              b:
                ask: [email]
                choices:
                  back: { goto: a, attempts: \(most), exhausted: { fail: too_many } }
                next: done
              done:
                end: success

            """
        let bounds = FlowBounds(program: try ReviewFlows.program(text), catalogs: ReviewFlows.catalogs)
        #expect(bounds.bounds[.asks] == .bounded(count: most, path: [], exact: false))
        #expect(bounds.bounds[.codesSent] == .bounded(count: 0, path: [], exact: false))
    }

    @Test("a project limit below the bound is an FR132 error at the step that goes over it")
    func projectLimit() throws {
        let program = try ReviewFlows.program(ReviewFlows.codeSignIn)
        let bounds = FlowBounds(program: program, catalogs: ReviewFlows.catalogs)
        let findings = ProjectLimits([.codesSent: 2, .codeAttempts: 3]).findings(bounds, startPosition: .start)
        #expect(findings.map(\.code) == [.exceedsProjectLimit])
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.message.contains("3 codes sent, over `limits.codesSent: 2`") == true)
        // The third code is sent by the second resend: its `codeRequired` edge back to ask_code, whose step is entered.
        #expect(findings.first?.position == program.step(named: "ask_code")?.name.position)
    }
}
