import FlowChecker
import FlowModel
import Testing

/// A shared sub-flow called with a constant param: the checker decides its `choose` on that param, so the ends
/// only other values reach need no handler.
@Suite("constant params of shared sub-flows")
struct ConstantParamTests {
    /// A sub-flow that ends `signed_up` only for `purpose: signUp` and `success` otherwise; `extra` lets a test
    /// add a step that sets `purpose` again.
    static func shared(extra: String = "") -> String {
        """
        flowrun: 1
        id: shared
        authority: test
        params:
          purpose: { type: text }
        start: which
        steps:
          which:
            choose:
              - if: { var: purpose, equals: signUp }
                then: { end: signed_up }
            otherwise: work
          work:
            action: ping
            on:
              completed: { end: success }
              expired: { fail: expired }
        \(extra)
        """
    }

    /// A parent that calls the shared sub-flow with `with`, handling `on`.
    static func parent(with: String, on: String, subflow: String = "./shared.yaml") -> String {
        """
        flowrun: 1
        id: parent
        authority: test
        start: run
        steps:
          run:
            use: \(subflow)
            with: \(with)
            on: \(on)

        """
    }

    @Test("an end that a constant param rules out needs no handler; without the constant it does (FR115)")
    func constantNarrowsTheEnds() throws {
        let narrowed = try check([
            (
                "parent.yaml",
                Self.parent(with: "{ purpose: reset }", on: "{ success: { end: success }, failure: { fail: no } }")
            ),
            ("shared.yaml", Self.shared()),
        ])
        #expect(narrowed.found == [])
        #expect(narrowed.program != nil)

        let signUp = try check([
            ("parent.yaml", Self.parent(with: "{ purpose: signUp }", on: "{ signed_up: { end: success } }")),
            ("shared.yaml", Self.shared()),
        ])
        #expect(signUp.found == [])

        let unknown = try check([
            (
                "parent.yaml",
                Self.parent(
                    with: "{ purpose: \"${purpose}\" }", on: "{ success: { end: success }, failure: { fail: no } }"
                ).replacingOccurrences(
                    of: "start: run", with: "params:\n  purpose: { type: text }\nstart: run")
            ),
            ("shared.yaml", Self.shared()),
        ])
        #expect(unknown.found == ["FR115@11:5"])
    }

    @Test("FR130 a handler of an end the constant params rule out is a warning; the program is still made")
    func handlerOfARuledOutEnd() throws {
        let result = try check([
            (
                "parent.yaml",
                Self.parent(
                    with: "{ purpose: reset }",
                    on: "{ success: { end: success }, failure: { fail: no }, signed_up: { end: success } }")
            ),
            ("shared.yaml", Self.shared()),
        ])
        #expect(result.found == ["FR130@9:61"])
        #expect(result.diagnostics.first?.severity == .warning)
        #expect(result.diagnostics.first?.message.contains("`purpose` is `reset`") == true)
        #expect(result.program != nil)
    }

    @Test("a param that a step sets again is not narrowed")
    func reassignedParamIsNotConstant() throws {
        let shared = Self.shared(
            extra: """
                  again:
                    set: { purpose: signUp }
                    next: which
                """
        ).replacingOccurrences(
            of: "expired: { fail: expired }",
            with: "expired: { goto: again, attempts: 1, exhausted: { fail: expired } }")
        let result = try check([
            (
                "parent.yaml",
                Self.parent(with: "{ purpose: reset }", on: "{ success: { end: success }, failure: { fail: no } }")
            ),
            ("shared.yaml", shared),
        ])
        #expect(result.found == ["FR115@9:5"])
    }

    @Test("a constant passes through a sub-flow that hands its own param on")
    func constantPassesThrough() throws {
        let middle = """
            flowrun: 1
            id: middle
            authority: test
            params:
              purpose: { type: text }
            start: run
            steps:
              run:
                use: ./shared.yaml
                with: { purpose: "${purpose}" }
                on: { success: { end: success }, failure: { fail: no }, signed_up: { end: signed_up } }

            """
        let result = try check([
            (
                "parent.yaml",
                Self.parent(with: "{ purpose: reset }", on: "{ success: { end: success } }", subflow: "./middle.yaml")
            ),
            ("middle.yaml", middle),
            ("shared.yaml", Self.shared()),
        ])
        #expect(result.found == ["FR115@9:5"], "the middle flow still fails with `no` whatever the purpose")
        let handled = try check([
            (
                "parent.yaml",
                Self.parent(
                    with: "{ purpose: reset }", on: "{ success: { end: success }, failure: { fail: no } }",
                    subflow: "./middle.yaml")
            ),
            ("middle.yaml", middle),
            ("shared.yaml", Self.shared()),
        ])
        #expect(handled.found == [], "signed_up is ruled out through the middle flow")
    }

    @Test("reach decides branches as the engine does and lists the actions a run can call")
    func reachOfAProgram() throws {
        let result = try check([
            ("parent.yaml", Self.parent(with: "{ purpose: signUp }", on: "{ signed_up: { end: success } }")),
            ("shared.yaml", Self.shared()),
        ])
        let shared = try #require(result.program?.subflows.values.first)
        #expect(shared.constantParams == ["purpose"])
        #expect(shared.reach(given: ["purpose": .string("signUp")]).ends == ["signed_up"])
        #expect(shared.reach(given: ["purpose": .string("signUp")]).actions == [])
        #expect(shared.reach(given: ["purpose": .string("reset")]).ends == ["success", "failure"])
        #expect(shared.reach(given: ["purpose": .string("reset")]).actions == ["ping"])
        #expect(shared.reach(given: [:]).ends == Set(shared.ends.keys.map(\.name)))
    }
}
