import FlowLoader
import FlowModel
import Testing

/// A flow whose steps are `steps` (indented under `steps:`), after optional `header` lines.
private func flow(_ steps: String, header: String = "") -> String {
    "flowrun: 1\nid: test\nstart: s\n\(header)steps:\n" + steps + "\n"
}

/// Documents that parse but do not follow the flow language.
@Suite struct DecodingErrorTests {
    @Test func unknownKeyWithSuggestion() {
        expectFinding(
            in: flow("  s: { ask: [e], nxt: done }"), .unknownKey, atText: "nxt", containing: "did you mean `next`?")
        expectFinding(
            in: flow("  s: { end: success, mesage: hi }"), .unknownKey, atText: "mesage",
            containing: "did you mean `message`?")
    }

    @Test func unknownKeysAreAllReported() {
        let text =
            "flowrun: 1\nid: test\nversion: 2\nstart: s\nauthor: me\nsteps:\n  s: { end: success, colour: red }\n"
        let parsed = parse(text)
        let unknown = parsed.diagnostics.filter { $0.code == .unknownKey }
        #expect(unknown.map(\.position) == [at(3, 1), at(5, 1), locate("colour", in: text)])
        #expect(unknown.first?.message.contains("allowed keys: $schema, flowrun, id") == true)
        #expect(unknown.last?.message.contains("allowed keys: end, reason, output, message, description") == true)
        #expect(parsed.document == nil)
    }

    @Test func keyOfAnotherStepKind() {
        expectFinding(
            in: flow("  s: { action: signIn.start, next: done, on: { otherwise: done } }"), .unknownKey, atText: "next",
            containing: "`next` does not belong in step `s` (`action`)")
    }

    @Test func wrongTypes() {
        expectFinding(
            in: flow("  s: { ask: e, next: { goto: s, attempts: three, exhausted: done } }"), .wrongType,
            atText: "three", containing: "`attempts` must be an integer, found a string")
        expectFinding(
            in: "flowrun: \"1\"\nid: x\nstart: s\nsteps: { s: { end: success } }\n", .wrongType, atText: "\"1\"",
            containing: "`flowrun` must be an integer, found a string")
        expectFinding(
            in: "flowrun: 1\nid: x\nstart: s\nsteps: [s]\n", .wrongType, atText: "[s]",
            containing: "`steps` must be a map, found a list")
        expectFinding(
            in: flow("  s: { end: success, message: [a] }"), .wrongType, atText: "[a]",
            containing: "`message` must be a string, found a list")
        expectFinding(parse("- a\n- b\n"), .wrongType, containing: "must hold a map at the top level")
        expectFinding(
            in: flow("  s: { set: { a: null }, next: done }"), .wrongType, atText: "null",
            containing: "found nothing (null)")
        expectFinding(
            in: flow("  s: { set: { a: [[1]] }, next: done }"), .wrongType, atText: "[1]",
            containing: "must be a string, number or boolean, found a list")
        expectFinding(
            in: flow("  s: { choose: [{ if: { var: a, present: yes }, then: done }], otherwise: done }"), .wrongType,
            atText: "yes", containing: "`present` must be a boolean")
        expectFinding(
            in: flow("  s: { ask: e, next: [a] }"), .wrongType, atText: "[a]",
            containing: "`next` must be a step name or a transition map, found a list")
    }

    @Test func missingRequiredKeys() {
        expectFinding(
            in: flow("  s: { ask: [e] }"), .missingKey, atText: "s: {", containing: "step `s` is missing `next`")
        expectFinding(
            in: "flowrun: 1\nstart: s\nsteps: { s: { end: success } }\n", .missingKey, atText: "flowrun",
            containing: "the flow is missing `id`")
        expectFinding(in: flow("  s: { message: hi }"), .missingKey, atText: "s: {", containing: "step `s` has no kind")
        expectFinding(
            in: flow("  s: { ask: e, next: { message: hi } }"), .missingKey, atText: "{ message",
            containing: "needs one of `goto`, `end` or `fail`")
        expectFinding(
            in: flow("  s: { end: success }", header: "inputs:\n  e: { label: Email }\n"), .missingKey, atText: "e:",
            containing: "input `e` is missing `type`")
        expectFinding(
            in: flow("  s: { choose: [{ if: { var: a }, then: done }], otherwise: done }"), .missingKey,
            atText: "{ var", containing: "needs one test")
    }

    @Test func conflictingKeys() {
        expectFinding(
            in: flow("  s: { ask: e, action: signIn.start, next: done }"), .conflictingKeys, atText: "action",
            containing: "has both `ask` and `action`")
        expectFinding(
            in: flow("  s: { ask: e, next: { goto: s, end: success } }"), .conflictingKeys, atText: "end:",
            containing: "has both `goto` and `end`")
        expectFinding(
            in: flow("  s: { end: success, reason: because }"), .conflictingKeys, atText: "reason",
            containing: "`reason` goes only with `end: failure`")
        expectFinding(
            in: flow("  s: { ask: e, next: { end: success, reason: because } }"), .conflictingKeys, atText: "reason",
            containing: "`reason` goes only with `end: failure`")
        expectFinding(
            in: flow("  s: { ask: e, next: { goto: s, exhausted: done } }"), .conflictingKeys, atText: "exhausted",
            containing: "`exhausted` needs `attempts`")
        expectFinding(
            in: flow("  s: { ask: e, next: { goto: s, attempts: 2 } }"), .conflictingKeys, atText: "attempts",
            containing: "`attempts` needs `exhausted`")
        expectFinding(
            in: flow(
                "  s: { end: success }",
                header: "inputs:\n  p: { type: attributes, fields: [{ name: a }], from: requiredAttributes }\n"),
            .conflictingKeys, atText: "from", containing: "both `fields` and `from`")
        expectFinding(
            in: flow("  s: { ask: e, next: { goto: s, output: { a: 1 } } }"), .conflictingKeys, atText: "output",
            containing: "`output` goes only with an inline end")
        expectFinding(
            in: flow("  s: { ask: e, next: { fail: oops, reason: again } }"), .conflictingKeys, atText: "reason",
            containing: "`reason` conflicts with `fail`")
    }

    @Test func invalidValues() {
        expectFinding(
            in: flow("  s: { ask: e, next: { goto: s, attempts: 0, exhausted: done } }"), .invalidValue, atText: "0,",
            containing: "`attempts` must be at least 1, found 0")
        expectFinding(
            in: flow("  s: { end: success }", header: "inputs:\n  e: { type: phone }\n"), .invalidValue,
            atText: "phone", containing: "unknown input type `phone`; expected one of email")
        expectFinding(
            in: flow("  s: { end: success }", header: "inputs:\n  e: { type: emial }\n"), .invalidValue,
            atText: "emial", containing: "did you mean `email`?")
        expectFinding(in: flow("  1st: { end: success }"), .invalidValue, atText: "1st", containing: "step name `1st`")
        expectFinding(
            in: "flowrun: 1\nid: 9lives\nstart: s\nsteps: { s: { end: success } }\n", .invalidValue, atText: "9lives",
            containing: "`id` `9lives` is not a valid identifier")
        expectFinding(
            in: flow("  s: { action: sign-in, on: { otherwise: done } }"), .invalidValue, atText: "sign-in",
            containing: "not a valid action name")
        expectFinding(
            in: flow("  s: { end: 'not ok' }"), .invalidValue, atText: "'not ok'",
            containing: "`end` must be `success`, `failure` or an end name")
        expectFinding(in: flow("  s: { ask: [], next: s }"), .invalidValue, atText: "[]")
        expectFinding(in: flow("  s: { ask: [e, e], next: s }"), .invalidValue, atText: "e]", containing: "twice")
        expectFinding(in: "flowrun: 1\nid: x\nstart: s\nsteps: {}\n", .invalidValue, atText: "{}")
        expectFinding(
            in: flow("  s: { choose: [{ if: { var: a b, equals: 1 }, then: done }], otherwise: done }"), .invalidValue,
            atText: "a b", containing: "is not a variable")
    }

    @Test func unsupportedVersion() {
        expectFinding(
            in: "flowrun: 2\nid: x\nstart: s\nsteps: { s: { end: success } }\n", .unsupportedVersion, atText: "2",
            containing: "version 2")
    }

    @Test func templateSyntax() {
        let cases: [(steps: String, needle: String, message: String)] = [
            ("  s: { end: success, message: 'Hi ${email' }", "${", "unterminated"),
            ("  s: { end: success, message: \"Hi ${}\" }", "${", "empty `${}`"),
            ("  s: { end: success, message: 'Hi ${na me}' }", "${", "is not a variable"),
            ("  s: { end: success, message: 'Hi ${ name }' }", "${", "has spaces"),
            ("  s: { end: success, message: 'a ${x..y}' }", "${", "is not a variable"),
            ("  s:\n    end: success\n    message: Costs $$5 or $x ${bad name}", "${", "is not a variable"),
            ("  s: { set: { a: [ok, '${'] }, next: done }", "${", "unterminated"),
            ("  s: { end: success, output: { a: 'x ${} ${b-c}' } }", "${}", "empty"),
            ("  s: { end: success, output: { a: 'x ${b-c}' } }", "${", "is not a variable"),
            // Escapes in a double-quoted scalar: the scalar's start is the best position there is.
            ("  s: { end: success, message: \"\\tHi ${a\" }", "\"\\t", "unterminated"),
            // So is a multi-line plain scalar.
            ("  s:\n    end: success\n    message: Hello\n      there ${", "Hello", "unterminated"),
        ]
        for (steps, needle, message) in cases {
            expectFinding(in: flow(steps), .templateSyntax, atText: needle, containing: message)
        }
    }

    @Test func invalidRegularExpression() {
        expectFinding(
            in: flow("  s: { end: success }", header: "inputs:\n  e: { type: text, pattern: '[a-' }\n"),
            .invalidPattern,
            atText: "'[a-'", containing: "`[a-`")
        expectFinding(
            in: flow("  s: { choose: [{ if: { var: a, matches: '(x' }, then: done }], otherwise: done }"),
            .invalidPattern, atText: "'(x'")
        let field = "inputs:\n  p: { type: attributes, fields: [{ name: a, pattern: '*' }] }\n"
        expectFinding(in: flow("  s: { end: success }", header: field), .invalidPattern, atText: "'*'")
    }

    @Test func useOutsideTheRootFolder() {
        let text = flow("  s: { use: ../outside.yaml, on: { otherwise: done } }")
        let parsed = FlowLoader().parse(text, file: "flows/main.yaml")
        #expect(parsed.document == nil)
        let diagnostic = parsed.diagnostics.first { $0.code == .pathEscapesRoot }
        #expect(diagnostic?.position == locate("../outside", in: text))
        #expect(diagnostic?.message.contains("leaves the root folder `flows`") == true)
        #expect(diagnostic?.file == "flows/main.yaml")

        let absolute = FlowLoader().parse(flow("  s: { use: /etc/x.yaml, on: { otherwise: done } }"), file: "main.yaml")
        #expect(absolute.diagnostics.map(\.code) == [.pathEscapesRoot])

        let sneaky = flow("  s: { use: sub/../../flows2/x.yaml, on: { otherwise: done } }")
        #expect(FlowLoader().parse(sneaky, file: "flows/main.yaml").diagnostics.map(\.code) == [.pathEscapesRoot])

        let inside = flow("  s: { use: sub/../other.yaml, on: { otherwise: done } }")
        let resolved = FlowLoader().parse(inside, file: "flows/main.yaml")
        #expect(resolved.diagnostics.isEmpty)
        if case .use(let use) = resolved.document?.steps.first?.kind {
            #expect(use.resolvedFile == "flows/other.yaml")
            #expect(use.path.value == "sub/../other.yaml")
        } else {
            Issue.record("expected a use step")
        }

        let wrongExtension = flow("  s: { use: sub.txt, on: { otherwise: done } }")
        #expect(
            FlowLoader().parse(wrongExtension, file: "main.yaml").diagnostics.map(\.code) == [.unsupportedExtension])
    }

    @Test("a document that is not a flow at its top level is one finding, naming the file, with no position")
    func notAFlowIsNamedOnly() {
        for text in [
            #"{"auths": {"ghcr.io": {"auth": "c2VjcmV0"}}}"#, "github.com:\n  oauth_token: gho_x\n  user: ann\n",
            "- c2VjcmV0\n- x\n", "machine github.com login ann password c2VjcmV0\n",
        ] {
            let parsed = parse(text, file: text.hasPrefix("{") ? "creds.json" : "creds.yaml")
            #expect(parsed.document == nil)
            #expect(parsed.diagnostics.count == 1, "\(parsed.diagnostics)")
            #expect(parsed.diagnostics.allSatisfy { $0.position == nil }, "\(parsed.diagnostics)")
            #expect(
                parsed.diagnostics.allSatisfy { !$0.message.contains("c2VjcmV0") && !$0.message.contains("oauth") },
                "\(parsed.diagnostics)")
        }
        let missingVersion = parse("id: x\nstart: s\nsteps: { s: { end: success } }\n")
        #expect(missingVersion.codes == [.missingKey])
        #expect(missingVersion.diagnostics.first?.message.contains("has no `flowrun` key") == true)
    }

    @Test func independentErrorsAreAllReported() {
        let text = """
            flowrun: 1
            id: many-errors
            start: s
            steps:
              s: { ask: [e], nxt: done }
              t: { end: success, message: 'Hi ${x' }
              u: { set: { a: 1 }, next: { goto: s, attempts: 0, exhausted: done } }

            """
        let codes = Set(parse(text).codes)
        #expect(codes == [.unknownKey, .missingKey, .templateSyntax, .invalidValue])
    }

    @Test func exhaustedNestingIsBounded() {
        var transition = "done"
        for _ in 0..<20 { transition = "{ goto: s, attempts: 1, exhausted: \(transition) }" }
        expectFinding(
            parse(flow("  s: { ask: e, next: \(transition) }")), .invalidValue, containing: "nest more than 16")
    }
}
