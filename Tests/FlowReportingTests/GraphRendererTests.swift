import FlowModel
import FlowReporting
import Testing

@Suite struct GraphRendererTests {
    /// A `set` step, a `use` step and a step whose name needs escaping in both languages.
    static let oddNames = Fixtures.program(
        steps: [
            Fixtures.step(
                "remember",
                .set(
                    assignments: [
                        NamedValue(name: Located("greeting", at: Fixtures.position(1, 1)), value: .integer(1)),
                        NamedValue(name: Located("tries", at: Fixtures.position(1, 1)), value: .integer(3)),
                    ], next: 0)),
            Fixtures.step(
                "end", .use(file: "sub/\"quoted\" #1 <x>.yaml", arguments: [], ends: ["success": 1, "failure": 2])),
            Fixtures.step("a\\b|c`d\ne", .end(Fixtures.end(.success))),
        ],
        edges: [
            Fixtures.edge(0, .next, to: .step(1)),
            Fixtures.edge(1, .outcome("success"), to: .step(2)),
            Fixtures.edge(1, .outcome("failure"), to: .end(Fixtures.end(.failure, reason: "sub \"failed\""))),
        ])

    @Test func mermaidDrawsEveryStepEdgeAndInlineEnd() {
        #expect(
            GraphRenderer.mermaid(Fixtures.signUp) == """
                flowchart TD
                    %% flow sign-up (flows/sign-up.yaml)
                    start(("start"))
                    s0[/"ask_email<br/>ask: email"/]
                    s1["start<br/>action: signUp.start"]
                    s2[/"ask_code<br/>ask: code"/]
                    s3["submit<br/>action: signUp.submitCode"]
                    s4{"pick<br/>choose"}
                    s5(["done<br/>end: success"])
                    e2(["end: failure (user_exists)"])
                    e7(["end: failure (too_many_attempts)"])
                    e9(["end: browser_required"])
                    start --> s0
                    s0 -->|"next"| s1
                    s1 -->|"codeRequired"| s2
                    s1 -->|"userAlreadyExists"| e2
                    s2 -->|"choice resend"| s1
                    s2 -->|"next"| s3
                    s3 -->|"completed"| s4
                    s3 -->|"invalidCode ≤3"| s2
                    s3 -.->|"exhausted"| e7
                    s4 -->|"if #35;1: channel == sms"| s5
                    s4 -->|"otherwise"| e9

                """)
    }

    @Test func dotDrawsEveryStepEdgeAndInlineEnd() {
        #expect(
            GraphRenderer.dot(Fixtures.signUp) == """
                digraph "sign-up" {
                    label="Sign up";
                    labelloc=t;
                    rankdir=TB;
                    node [fontname="Helvetica", fontsize=11];
                    edge [fontname="Helvetica", fontsize=10];
                    start [shape=point, width=0.15];
                    s0 [label="ask_email\\nask: email", shape=parallelogram];
                    s1 [label="start\\naction: signUp.start", shape=box];
                    s2 [label="ask_code\\nask: code", shape=parallelogram];
                    s3 [label="submit\\naction: signUp.submitCode", shape=box];
                    s4 [label="pick\\nchoose", shape=diamond];
                    s5 [label="done\\nend: success", shape=box, style=rounded, peripheries=2];
                    e2 [label="end: failure (user_exists)", shape=box, style=rounded, peripheries=2, fontsize=9];
                    e7 [label="end: failure (too_many_attempts)", shape=box, style=rounded, peripheries=2, fontsize=9];
                    e9 [label="end: browser_required", shape=box, style=rounded, peripheries=2, fontsize=9];
                    start -> s0;
                    s0 -> s1 [label="next"];
                    s1 -> s2 [label="codeRequired"];
                    s1 -> e2 [label="userAlreadyExists"];
                    s2 -> s1 [label="choice resend"];
                    s2 -> s3 [label="next"];
                    s3 -> s4 [label="completed"];
                    s3 -> s2 [label="invalidCode ≤3"];
                    s3 -> e7 [label="exhausted", style=dashed];
                    s4 -> s5 [label="if #1: channel == sms"];
                    s4 -> e9 [label="otherwise"];
                }

                """)
    }

    @Test func mermaidEscapesAnyStepName() {
        #expect(
            GraphRenderer.mermaid(Self.oddNames) == """
                flowchart TD
                    %% flow sign-up (flows/sign-up.yaml)
                    start(("start"))
                    s0("remember<br/>set: greeting, tries")
                    s1[["end<br/>use: sub/#34;quoted#34; #35;1 #60;x#62;.yaml"]]
                    s2(["a#92;b#124;c#96;d e<br/>end: success"])
                    e2(["end: failure (sub #34;failed#34;)"])
                    start --> s0
                    s0 -->|"next"| s1
                    s1 -->|"success"| s2
                    s1 -->|"failure"| e2

                """)
    }

    @Test func dotEscapesAnyStepName() {
        let dot = GraphRenderer.dot(Self.oddNames)
        #expect(dot.contains("    s0 [label=\"remember\\nset: greeting, tries\", shape=box, style=rounded];\n"))
        #expect(
            dot.contains("    s1 [label=\"end\\nuse: sub/\\\"quoted\\\" #1 <x>.yaml\", shape=component];\n"))
        #expect(
            dot.contains("    s2 [label=\"a\\\\b|c`d e\\nend: success\", shape=box, style=rounded, peripheries=2];\n"))
        #expect(
            dot.contains(
                "    e2 [label=\"end: failure (sub \\\"failed\\\")\", shape=box, style=rounded, peripheries=2, fontsize=9];\n"
            ))
        #expect(dot.hasPrefix("digraph \"sign-up\" {\n    label=\"sign-up\";\n"))
    }

    @Test func renderDispatchesAndIsDeterministic() {
        #expect(GraphRenderer.render(Fixtures.signUp, as: .mermaid) == GraphRenderer.mermaid(Fixtures.signUp))
        #expect(GraphRenderer.render(Fixtures.signUp, as: .dot) == GraphRenderer.dot(Fixtures.signUp))
        for _ in 0..<5 {
            #expect(GraphRenderer.mermaid(Fixtures.signUp) == GraphRenderer.mermaid(Fixtures.signUp))
            #expect(GraphRenderer.dot(Fixtures.signUp) == GraphRenderer.dot(Fixtures.signUp))
        }
    }

    @Test func branchConditionsAreSpelledOut() {
        func chooseProgram(_ test: Condition.Test) -> Program {
            let condition = Condition(
                variable: Located("v", at: Fixtures.position(1, 1)), test: test, position: Fixtures.position(1, 1))
            return Fixtures.program(
                steps: [
                    Fixtures.step(
                        "pick", .choose(branches: [ResolvedBranch(condition: condition, edge: 0)], otherwise: 1)),
                    Fixtures.step("done", .end(Fixtures.end(.success))),
                ],
                edges: [
                    Fixtures.edge(0, .branch(0), to: .step(1)),
                    Fixtures.edge(0, .otherwise, to: .step(1)),
                ])
        }
        let cases: [(Condition.Test, String)] = [
            (.equals(.integer(3)), "if #1: v == 3"),
            (.notEquals(.string("sms")), "if #1: v != sms"),
            (.oneOf([.string("a"), .boolean(true)]), "if #1: v in [a, true]"),
            (.present(true), "if #1: v present"),
            (.present(false), "if #1: v absent"),
            (.matches(Located("[0-9]+", at: Fixtures.position(1, 1))), "if #1: v matches /[0-9]+/"),
        ]
        for (test, label) in cases {
            #expect(GraphRenderer.dot(chooseProgram(test)).contains("s0 -> s1 [label=\"\(label)\"];"))
        }
    }
}
