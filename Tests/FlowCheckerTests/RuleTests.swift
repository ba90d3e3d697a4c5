import FlowChecker
import FlowModel
import Testing

/// A clean flow; each rule test changes one thing in it.
let baseFlow = """
    flowrun: 1
    id: sign-in
    authority: test
    inputs:
      email: { type: email }
      code: { type: code }
    start: ask_email
    steps:
      ask_email:
        ask: [email]
        next: begin
      begin:
        action: signIn.start
        with: { username: "${email}" }
        on:
          codeRequired: ask_code
          completed: done
          userNotFound: { fail: no_user, message: "No account for ${email}" }
      ask_code:
        ask: code
        hint: Sent to ${sentTo}
        next: submit
      submit:
        action: signIn.submitCode
        with: { code: "${code}" }
        on:
          completed: done
          invalidCode: { goto: ask_code, attempts: 3, exhausted: { fail: too_many } }
      done:
        end: success
        message: Welcome ${username}

    """

/// The `userNotFound` handler line of `baseFlow`.
let notFoundLine = #"      userNotFound: { fail: no_user, message: "No account for ${email}" }"# + "\n"

/// `baseFlow` with `original` replaced by `replacement` (which must occur exactly once).
func variant(_ original: String, _ replacement: String, in flow: String = baseFlow) -> String {
    precondition(flow.components(separatedBy: original).count == 2, "test bug: `\(original)` must occur once")
    return flow.replacingOccurrences(of: original, with: replacement)
}

@Suite("checker rules")
struct RuleTests {
    @Test("the base flow is clean and becomes a program")
    func baseIsClean() throws {
        let result = try check(baseFlow)
        #expect(result.found == [])
        let program = try #require(result.program)
        #expect(program.steps.map(\.name.value) == ["ask_email", "begin", "ask_code", "submit", "done"])
        #expect(program.ends.keys.sorted { $0.name < $1.name } == [.failure, .success])
    }

    @Test("FR101 undefined step, with a suggestion")
    func undefinedStep() throws {
        let result = try check(variant("codeRequired: ask_code", "codeRequired: ask_cod"))
        #expect(result.found == ["FR101@16:21"])
        #expect(result.diagnostics.first?.hint == "did you mean `ask_code`?")
        #expect(result.program == nil)
        #expect(try check(variant("start: ask_email", "start: ask_mail")).found == ["FR101@7:8"])
    }

    @Test("FR101 where the typo is in a step's definition: the hint says to rename the definition")
    func misspelledDefinition() throws {
        let result = try check(variant("  ask_code:\n    ask: code", "  ask_cdoe:\n    ask: code"))
        #expect(result.found == ["FR101@16:21", "FR101@28:28"])
        for diagnostic in result.diagnostics {
            #expect(
                diagnostic.hint
                    == "nothing leads to the step defined as `ask_cdoe`: if that name is the typo, rename the "
                    + "definition `ask_cdoe:` to `ask_code:`")
        }
    }

    @Test("FR102 unreachable step is a warning; the program is still made")
    func unreachableStep() throws {
        let result = try check(baseFlow + "  orphan: { end: failure }\n")
        #expect(result.found == ["FR102@32:3"])
        #expect(result.diagnostics.first?.severity == .warning)
        #expect(result.program != nil)
    }

    @Test("FR103 steps from which no end can be reached")
    func noWayToEnd() throws {
        var flow = variant("      completed: done\n      invalidCode", "      completed: ask_code\n      invalidCode")
        flow = variant("{ goto: ask_code, attempts: 3, exhausted: { fail: too_many } }", "ask_code", in: flow)
        #expect(try check(flow).found == ["FR103@19:3", "FR103@23:3"])
    }

    @Test("FR104 unknown action, with a suggestion")
    func unknownAction() throws {
        let result = try check(variant("action: signIn.start", "action: signIn.strat"))
        #expect(result.found == ["FR104@13:13"])
        #expect(result.diagnostics.first?.hint == "did you mean `signIn.start`? (`flowrun catalog` lists every action)")
    }

    @Test("FR104 for a name far from every action lists the closest actions of its group")
    func unknownActionListsTheClosest() throws {
        let result = try check(variant("action: signIn.start", "action: signIn.withPasskey"))
        #expect(result.found == ["FR104@13:13"])
        let hint = try #require(result.diagnostics.first?.hint)
        #expect(hint.hasPrefix("the closest actions are `signIn."), "\(hint)")
        #expect(hint.hasSuffix("(`flowrun catalog` lists every action)"))
    }

    @Test("FR105 an outcome the action can return is not handled")
    func unhandledOutcome() throws {
        let result = try check(variant(notFoundLine, ""))
        #expect(result.found == ["FR105@15:5"])
        #expect(result.diagnostics.first?.message.contains("`userNotFound`") == true)
        #expect(try check(variant(notFoundLine, "      otherwise: { fail: other }\n")).found == [])
    }

    @Test("FR106 handling an outcome the action can never return")
    func impossibleOutcome() throws {
        let result = try check(
            variant(
                "      completed: done\n      userNotFound",
                "      completed: done\n      expired: done\n      userNotFound"))
        #expect(result.found == ["FR106@18:7"])
    }

    @Test("FR107 unknown parameter")
    func unknownParameter() throws {
        let result = try check(
            variant(#"with: { username: "${email}" }"#, #"with: { username: "${email}", pasword: x }"#))
        #expect(result.found == ["FR107@14:35"])
        #expect(result.diagnostics.first?.hint == "did you mean `password`?")
    }

    @Test("FR108 missing required parameter")
    func missingParameter() throws {
        let result = try check(variant(#"    with: { username: "${email}" }"# + "\n", ""))
        #expect(result.found == ["FR108@13:13"])
    }

    @Test("FR109 asking an undeclared input; a param is not an input")
    func undeclaredInput() throws {
        #expect(try check(variant("ask: [email]", "ask: [email, phone]")).found == ["FR109@10:18"])
        let withParam = variant(
            "inputs:\n", "params:\n  phone: { type: text }\ninputs:\n",
            in: variant("ask: [email]", "ask: [email, phone]"))
        let result = try check(withParam)
        #expect(result.found.contains("FR109@12:18"))
        #expect(result.diagnostics.contains { $0.message.contains("is a param") })
    }

    @Test("FR110 declared input never asked and param never read are warnings")
    func unusedDeclaration() throws {
        #expect(
            try check(variant("  code: { type: code }\n", "  code: { type: code }\n  phone: { type: text }\n")).found
                == ["FR110@7:3"])
        #expect(try check(variant("inputs:\n", "params:\n  tenant: { type: text }\ninputs:\n")).found == ["FR110@5:3"])
    }

    @Test("FR111 a variable read where some path has not set it")
    func maybeUnset() throws {
        let result = try check(
            variant("message: Welcome ${username}", "message: Welcome ${username}, code went to ${sentTo}"))
        #expect(result.found == ["FR111@31:48"])
        #expect(result.diagnostics.first?.hint.contains("`begin`") == true)
    }

    @Test("FR111 outcome data is set only on that outcome's edge; `present` guards a read")
    func presentGuardsRead() throws {
        let guarded = variant(
            "      completed: done\n      invalidCode",
            "      completed: check\n      invalidCode",
            in: baseFlow + """
                  check:
                    choose:
                      - if: { var: sentTo, present: true }
                        then: { end: success, message: "Code went to ${sentTo}" }
                    otherwise: done

                """)
        #expect(try check(guarded).found == [])
    }

    @Test("FR112 a variable nothing sets, with a suggestion")
    func unknownVariable() throws {
        let result = try check(variant("message: Welcome ${username}", "message: Welcome ${usrname}"))
        #expect(result.found == ["FR112@31:22"])
        #expect(result.diagnostics.first?.hint == "did you mean `username`?")
    }

    @Test("FR113 a loop with no user input and no attempt limit; an attempt limit bounds it")
    func unboundedLoop() throws {
        let flow = """
            flowrun: 1
            id: retry
            authority: test
            start: ping
            steps:
              ping:
                action: ping
                on: { completed: { end: success }, expired: ping }

            """
        #expect(try check(flow).found == ["FR113@6:3"])
        let bounded = flow.replacingOccurrences(
            of: "expired: ping", with: "expired: { goto: ping, attempts: 3, exhausted: { fail: gave_up } }")
        #expect(try check(bounded).found == [])
    }

    @Test("FR114 sub-flows that use each other")
    func subflowCycle() throws {
        let parent = """
            flowrun: 1
            id: a
            authority: test
            start: go
            steps:
              go:
                use: ./b.yaml
                on: { success: { end: success } }

            """
        let child = parent.replacingOccurrences(of: "id: a", with: "id: b").replacingOccurrences(
            of: "./b.yaml", with: "./a.yaml")
        let result = try check([("a.yaml", parent), ("b.yaml", child)])
        #expect(result.found == ["FR114@7:10"])
        #expect(result.diagnostics.first?.file.hasSuffix("b.yaml") == true)
    }

    static let child = """
        flowrun: 1
        id: child
        authority: test
        params:
          email: { type: email }
        start: begin
        steps:
          begin:
            action: signIn.start
            with: { username: "${email}" }
            on:
              completed: { end: success, output: { user: "${username}" } }
              otherwise: { fail: sign_in_failed }

        """

    static func parent(on: String, with: String = #"with: { email: "${email}" }"#) -> String {
        """
        flowrun: 1
        id: parent
        authority: test
        inputs:
          email: { type: email }
        start: ask
        steps:
          ask: { ask: email, next: run }
          run:
            use: ./child.yaml
            \(with)
            on: \(on)
          done: { end: success, message: "Hello ${user}" }

        """
    }

    @Test("FR115 an end the sub-flow can reach is not handled; sub-flow outputs become variables")
    func unhandledSubflowEnd() throws {
        let result = try check([("parent.yaml", Self.parent(on: "{ success: done }")), ("child.yaml", Self.child)])
        #expect(result.found == ["FR115@12:5"])
        let handled = try check([
            ("parent.yaml", Self.parent(on: "{ success: done, failure: { fail: no } }")), ("child.yaml", Self.child),
        ])
        #expect(handled.found == [])
        #expect(handled.program?.subflows.count == 1)
    }

    @Test("FR116 handling an end the sub-flow cannot reach")
    func impossibleSubflowEnd() throws {
        let result = try check([
            (
                "parent.yaml",
                Self.parent(on: "{ success: done, failure: { fail: no }, browser_required: { end: failure } }")
            ), ("child.yaml", Self.child),
        ])
        #expect(result.found == ["FR116@12:49"])
    }

    @Test("FR117 sub-flow params missing or unknown")
    func subflowParams() throws {
        let missing = try check([
            ("parent.yaml", Self.parent(on: "{ success: done, failure: { fail: no } }", with: "with: {}")),
            ("child.yaml", Self.child),
        ])
        #expect(missing.found == ["FR117@10:10"])
        let unknown = try check([
            (
                "parent.yaml",
                Self.parent(
                    on: "{ success: done, failure: { fail: no } }", with: #"with: { email: "${email}", mail: x }"#)
            ), ("child.yaml", Self.child),
        ])
        #expect(unknown.found == ["FR117@11:32"])
    }

    @Test("FR118 `otherwise` when every outcome is handled")
    func redundantOtherwise() throws {
        let result = try check(variant(notFoundLine, notFoundLine + "      otherwise: done\n"))
        #expect(result.found == ["FR118@19:18"])
        #expect(result.diagnostics.first?.severity == .warning)
    }

    @Test("FR119 an authority with no catalog")
    func unknownAuthority() throws {
        let result = try check(variant("authority: test", "authority: nope"))
        #expect(result.found.first == "FR119@3:12")
    }

    @Test("FR120 a value of the wrong type for a parameter")
    func typeMismatch() throws {
        #expect(
            try check(variant(#"with: { username: "${email}" }"#, "with: { username: 42 }")).found == ["FR120@14:13"])
        #expect(
            try check(variant(#"with: { username: "${email}" }"#, #"with: { username: "user-${email}" }"#)).found == [])
    }

    @Test("FR121 no path reaches a success end")
    func noSuccess() throws {
        let result = try check(variant("    end: success\n", "    end: failure\n"))
        #expect(result.found == ["FR121@7:8"])
    }
}
