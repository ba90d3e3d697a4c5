import FlowLoader
import FlowModel
import Testing

/// A flow using every keyword of the language, as YAML and as JSON.
enum EveryKeyword {
    static let yaml = #"""
        $schema: ../schemas/flow.schema.json
        flowrun: 1
        id: every.keyword-1
        title: Every keyword
        description: All of them.
        authority: native-auth
        params:
          loginHint: { type: email, secret: true }
          plain: {}
        inputs:
          email: { type: email, label: "Email for ${loginHint}", hint: Your address, pattern: "^.+@.+$", patternMessage: Not an email }
          code: { type: code }
          profile:
            type: attributes
            fields:
              - { name: city, label: City, pattern: "^[A-Z]", required: false }
              - { name: displayName }
          extra: { type: attributes, from: requiredAttributes, secret: true }
        start: ask
        steps:
          ask:
            ask: [email, profile]
            hint: "Costs $$1, $ and ${loginHint.domain}"
            choices: { skip: { end: skipped } }
            next: submit
            message: Welcome
            description: First step.
          submit:
            action: signUp.start
            with: { username: "${email}", count: 3, ratio: 0.5, flag: false, tags: [a, 1, 2.5, true] }
            on:
              codeRequired: pick
              invalidCode: { goto: ask, message: Wrong, attempts: 3, exhausted: { fail: too_many } }
              userAlreadyExists: { end: failure, reason: exists, output: { who: "${email}" } }
              otherwise: { fail: unexpected, output: { n: 1 } }
          pick:
            choose:
              - if: { var: channel, equals: sms }
                then: remember
              - if: { var: codeLength, notEquals: 8 }
                then: remember
              - if: { var: channel, oneOf: [email, 2, 1.5, true] }
                then: remember
              - if: { var: requiredAttributes, present: false }
                then: remember
              - if: { var: sentTo.domain, matches: "^x$" }
                then: remember
            otherwise: remember
          remember:
            set: { greeting: "Hi ${email}" }
            next: sub
          sub:
            use: ./sub/flow.yaml
            with: { email: "${email}" }
            on:
              success: done
              failure: failed
          done:
            end: success
            message: Done
            output: { user: "${email}" }
          failed:
            end: failure
            reason: sub_failed
          broken:
            fail: broken_reason
            output: { x: "${greeting}" }
          named:
            end: browser_required

        """#

    static let json = #"""
        {
          "$schema": "../schemas/flow.schema.json",
          "flowrun": 1,
          "id": "every.keyword-1",
          "title": "Every keyword",
          "description": "All of them.",
          "authority": "native-auth",
          "params": { "loginHint": { "type": "email", "secret": true }, "plain": {} },
          "inputs": {
            "email": {
              "type": "email", "label": "Email for ${loginHint}", "hint": "Your address",
              "pattern": "^.+@.+$", "patternMessage": "Not an email"
            },
            "code": { "type": "code" },
            "profile": {
              "type": "attributes",
              "fields": [
                { "name": "city", "label": "City", "pattern": "^[A-Z]", "required": false },
                { "name": "displayName" }
              ]
            },
            "extra": { "type": "attributes", "from": "requiredAttributes", "secret": true }
          },
          "start": "ask",
          "steps": {
            "ask": {
              "ask": ["email", "profile"],
              "hint": "Costs $$1, $ and ${loginHint.domain}",
              "choices": { "skip": { "end": "skipped" } },
              "next": "submit",
              "message": "Welcome",
              "description": "First step."
            },
            "submit": {
              "action": "signUp.start",
              "with": { "username": "${email}", "count": 3, "ratio": 0.5, "flag": false, "tags": ["a", 1, 2.5, true] },
              "on": {
                "codeRequired": "pick",
                "invalidCode": { "goto": "ask", "message": "Wrong", "attempts": 3, "exhausted": { "fail": "too_many" } },
                "userAlreadyExists": { "end": "failure", "reason": "exists", "output": { "who": "${email}" } },
                "otherwise": { "fail": "unexpected", "output": { "n": 1 } }
              }
            },
            "pick": {
              "choose": [
                { "if": { "var": "channel", "equals": "sms" }, "then": "remember" },
                { "if": { "var": "codeLength", "notEquals": 8 }, "then": "remember" },
                { "if": { "var": "channel", "oneOf": ["email", 2, 1.5, true] }, "then": "remember" },
                { "if": { "var": "requiredAttributes", "present": false }, "then": "remember" },
                { "if": { "var": "sentTo.domain", "matches": "^x$" }, "then": "remember" }
              ],
              "otherwise": "remember"
            },
            "remember": { "set": { "greeting": "Hi ${email}" }, "next": "sub" },
            "sub": {
              "use": "./sub/flow.yaml",
              "with": { "email": "${email}" },
              "on": { "success": "done", "failure": "failed" }
            },
            "done": { "end": "success", "message": "Done", "output": { "user": "${email}" } },
            "failed": { "end": "failure", "reason": "sub_failed" },
            "broken": { "fail": "broken_reason", "output": { "x": "${greeting}" } },
            "named": { "end": "browser_required" }
          }
        }
        """#

    // MARK: - The expected document (positions do not take part in equality)

    private static let here = SourcePosition.start

    private static func name(_ text: String) -> Located<String> { Located(text, at: here) }

    private static func variable(_ name: String, _ fields: String...) -> Template.Part {
        .variable(VariableReference(name: name, fields: fields, position: here))
    }

    private static func text(_ literal: String) -> Template { Template(literal: literal) }

    private static func step(_ target: String) -> Transition {
        Transition(position: here, target: .step(name(target)))
    }

    private static func end(_ kind: EndKind, reason: String? = nil, output: [NamedValue] = []) -> EndSpec {
        EndSpec(kind: Located(kind, at: here), reason: reason.map(name), output: output)
    }

    private static func value(_ name: String, _ value: ValueExpression) -> NamedValue {
        NamedValue(name: self.name(name), value: value)
    }

    private static func branch(_ variable: String, _ test: Condition.Test) -> ChooseBranch {
        ChooseBranch(condition: Condition(variable: name(variable), test: test, position: here), then: step("remember"))
    }

    static var expected: FlowDocument {
        let email = ValueExpression.template(Template(parts: [variable("email")]))
        let steps: [StepDeclaration] = [
            StepDeclaration(
                name: name("ask"), message: text("Welcome"),
                kind: .ask(
                    AskStep(
                        inputs: [name("email"), name("profile")],
                        hint: Template(parts: [.text("Costs $1, $ and "), variable("loginHint", "domain")]),
                        choices: [
                            Choice(
                                name: name("skip"),
                                transition: Transition(position: here, target: .end(end(.named("skipped")))))
                        ],
                        next: step("submit")))),
            StepDeclaration(
                name: name("submit"),
                kind: .action(
                    ActionStep(
                        action: name("signUp.start"),
                        arguments: [
                            value("username", email), value("count", .integer(3)), value("ratio", .number(0.5)),
                            value("flag", .boolean(false)),
                            value("tags", .list([.template(text("a")), .integer(1), .number(2.5), .boolean(true)])),
                        ],
                        outcomes: OutcomeMap(
                            position: here,
                            handlers: [
                                OutcomeHandler(outcome: name("codeRequired"), transition: step("pick")),
                                OutcomeHandler(
                                    outcome: name("invalidCode"),
                                    transition: Transition(
                                        position: here, target: .step(name("ask")), message: text("Wrong"),
                                        attempts: Located(3, at: here),
                                        exhausted: Transition(
                                            position: here, target: .end(end(.failure, reason: "too_many"))))),
                                OutcomeHandler(
                                    outcome: name("userAlreadyExists"),
                                    transition: Transition(
                                        position: here,
                                        target: .end(end(.failure, reason: "exists", output: [value("who", email)])))),
                            ],
                            otherwise: Transition(
                                position: here,
                                target: .end(end(.failure, reason: "unexpected", output: [value("n", .integer(1))]))))))
            ),
            StepDeclaration(
                name: name("pick"),
                kind: .choose(
                    ChooseStep(
                        branches: [
                            branch("channel", .equals(.string("sms"))),
                            branch("codeLength", .notEquals(.integer(8))),
                            branch("channel", .oneOf([.string("email"), .integer(2), .number(1.5), .boolean(true)])),
                            branch("requiredAttributes", .present(false)),
                            branch("sentTo.domain", .matches(name("^x$"))),
                        ],
                        otherwise: step("remember")))),
            StepDeclaration(
                name: name("remember"),
                kind: .set(
                    SetStep(
                        assignments: [
                            value("greeting", .template(Template(parts: [.text("Hi "), variable("email")])))
                        ],
                        next: step("sub")))),
            StepDeclaration(
                name: name("sub"),
                kind: .use(
                    UseStep(
                        path: name("./sub/flow.yaml"), resolvedFile: "flows/sub/flow.yaml",
                        arguments: [value("email", email)],
                        ends: OutcomeMap(
                            position: here,
                            handlers: [
                                OutcomeHandler(outcome: name("success"), transition: step("done")),
                                OutcomeHandler(outcome: name("failure"), transition: step("failed")),
                            ])))),
            StepDeclaration(
                name: name("done"), message: text("Done"), kind: .end(end(.success, output: [value("user", email)]))),
            StepDeclaration(name: name("failed"), kind: .end(end(.failure, reason: "sub_failed"))),
            StepDeclaration(
                name: name("broken"),
                kind: .end(
                    end(
                        .failure, reason: "broken_reason",
                        output: [value("x", .template(Template(parts: [variable("greeting")])))]))),
            StepDeclaration(name: name("named"), kind: .end(end(.named("browser_required")))),
        ]
        return FlowDocument(
            file: "flows/every.yaml", formatVersion: Located(1, at: here), id: name("every.keyword-1"),
            title: "Every keyword", description: "All of them.", authority: name("native-auth"),
            params: [
                ParamDeclaration(name: name("loginHint"), type: .email, secret: true),
                ParamDeclaration(name: name("plain"), type: .text, secret: false),
            ],
            inputs: [
                InputDeclaration(
                    name: name("email"), type: .email,
                    label: Template(parts: [.text("Email for "), variable("loginHint")]), hint: text("Your address"),
                    secret: false, pattern: name("^.+@.+$"), patternMessage: text("Not an email")),
                InputDeclaration(name: name("code"), type: .code, secret: true),
                InputDeclaration(
                    name: name("profile"), type: .attributes, secret: false,
                    attributes: .fields([
                        AttributeField(
                            name: name("city"), label: text("City"), pattern: name("^[A-Z]"), required: false),
                        AttributeField(name: name("displayName")),
                    ])),
                InputDeclaration(
                    name: name("extra"), type: .attributes, secret: true,
                    attributes: .variable(name("requiredAttributes"))),
            ],
            start: name("ask"), steps: steps)
    }
}

@Suite struct EveryKeywordTests {
    @Test func yamlDecodesIntoTheExpectedDocument() {
        let parsed = FlowLoader().parse(EveryKeyword.yaml, file: "flows/every.yaml")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        #expect(parsed.document == EveryKeyword.expected)
    }

    @Test func jsonDecodesIntoTheSameDocument() {
        let yaml = FlowLoader().parse(EveryKeyword.yaml, file: "flows/every.yaml")
        var json = FlowLoader().parse(EveryKeyword.json, file: "flows/every.json")
        #expect(json.diagnostics.isEmpty, "\(json.diagnostics)")
        json.document?.file = "flows/every.yaml"
        #expect(json.document == yaml.document)
        #expect(json.document != nil)
    }

    @Test func sourceOrderIsKept() throws {
        let document = try #require(FlowLoader().parse(EveryKeyword.yaml, file: "flows/every.yaml").document)
        #expect(
            document.steps.map(\.name.value) == [
                "ask", "submit", "pick", "remember", "sub", "done", "failed", "broken", "named",
            ])
        #expect(document.inputs.map(\.name.value) == ["email", "code", "profile", "extra"])
        guard case .action(let action) = document.steps[1].kind else {
            Issue.record("expected an action")
            return
        }
        #expect(action.arguments.map(\.name.value) == ["username", "count", "ratio", "flag", "tags"])
        #expect(action.outcomes.handlers.map(\.outcome.value) == ["codeRequired", "invalidCode", "userAlreadyExists"])
    }

    @Test func positionsOfEveryPart() throws {
        let text = EveryKeyword.yaml
        let document = try #require(FlowLoader().parse(text, file: "flows/every.yaml").document)
        #expect(document.formatVersion.position == locate("1", in: text, occurrence: 1))
        #expect(document.id.position == locate("every.keyword-1", in: text))
        #expect(document.authority.position == locate("native-auth", in: text))
        #expect(document.start.position == locate("ask", in: text, occurrence: 1))
        #expect(document.params[0].name.position == locate("loginHint:", in: text))
        #expect(document.inputs[0].pattern?.position == locate("\"^.+@.+$\"", in: text))
        #expect(document.inputs[0].label?.variables.first?.position == locate("${loginHint}", in: text))
        #expect(document.steps[0].name.position == locate("ask:", in: text))

        guard case .ask(let ask) = document.steps[0].kind, case .action(let action) = document.steps[1].kind,
            case .choose(let choose) = document.steps[2].kind, case .use(let use) = document.steps[4].kind
        else {
            Issue.record("unexpected step kinds")
            return
        }
        #expect(ask.inputs.map(\.position) == [locate("email, profile", in: text), locate("profile]", in: text)])
        #expect(ask.hint?.variables.first?.position == locate("${loginHint.domain}", in: text))
        #expect(ask.next.position == locate("submit", in: text))
        #expect(ask.choices.first?.transition.position == locate("{ end: skipped }", in: text))
        #expect(action.action.position == locate("signUp.start", in: text))
        #expect(action.outcomes.position == onKeys(in: text)[0])
        #expect(action.arguments[0].name.position == locate("username", in: text))
        let invalidCode = action.outcomes.handlers[1].transition
        #expect(invalidCode.position == locate("{ goto: ask", in: text))
        #expect(invalidCode.attempts?.position == locate("3, exhausted", in: text))
        #expect(invalidCode.exhausted?.position == locate("{ fail: too_many }", in: text))
        guard case .end(let exhaustedEnd) = invalidCode.exhausted?.target else {
            Issue.record("expected an inline end")
            return
        }
        #expect(exhaustedEnd.reason?.position == locate("too_many", in: text))
        #expect(choose.branches[0].condition.position == locate("{ var: channel, equals", in: text))
        #expect(choose.branches[0].condition.variable.position == locate("channel, equals", in: text))
        let otherwise = locate("otherwise: remember", in: text)
        #expect(choose.otherwise.position == SourcePosition(line: otherwise.line, column: otherwise.column + 11))
        #expect(use.path.position == locate("./sub/flow.yaml", in: text))
        #expect(use.ends.position == onKeys(in: text)[1])
    }

    /// The positions of the block `on:` keys.
    private func onKeys(in text: String) -> [SourcePosition] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            guard line.drop(while: { $0 == " " }) == "on:" else { return nil }
            return SourcePosition(line: index + 1, column: line.count - 2)
        }
    }

    @Test func jsonPositions() throws {
        let text = EveryKeyword.json
        let document = try #require(FlowLoader().parse(text, file: "flows/every.json").document)
        #expect(document.id.position == locate("\"every.keyword-1\"", in: text))
        #expect(document.steps[0].name.position == locate("\"ask\": {", in: text))
        #expect(document.inputs[0].label?.variables.first?.position == locate("${loginHint}", in: text))
        guard case .action(let action) = document.steps[1].kind else {
            Issue.record("expected an action")
            return
        }
        #expect(action.outcomes.position == locate("\"on\"", in: text))
        #expect(action.outcomes.handlers[1].transition.position == locate("{ \"goto\"", in: text))
    }

    @Test func defaultsApply() throws {
        let document = try #require(parse(minimalFlow).document)
        #expect(document.authority.value == "native-auth")
        #expect(document.authority.position == .start)
        #expect(document.title == nil)
        #expect(document.params.isEmpty)
        let inputs =
            "flowrun: 1\nid: d\nstart: s\ninputs:\n  p: { type: password }\n  t: { type: text }\nsteps:\n  s: { ask: [p, t], next: s }\n"
        let parsed = try #require(parse(inputs).document)
        #expect(parsed.inputs.map(\.secret) == [true, false])
    }
}
