import FlowModel

/// Hand-built diagnostics and programs shared by the tests.
enum Fixtures {
    static let undefinedStep = Diagnostic(
        .undefinedStep, "step `nowhere` does not exist", file: "flows/a.yaml", at: SourcePosition(line: 3, column: 9))
    static let unknownKey = Diagnostic(
        .unknownKey, "unknown key `bogus`", file: "flows/a.yaml", at: SourcePosition(line: 2, column: 1))
    static let unreachable = Diagnostic(
        .unreachableStep, "step `orphan` is never reached", file: "flows/b.yaml", at: SourcePosition(line: 7, column: 3)
    )
    static let unreadable = Diagnostic(.unreadableFile, "cannot read the file", file: "flows/c.yaml", at: nil)

    static let sourceA = """
        flowrun: 1
        bogus: true
          next: nowhere
        """

    static func position(_ line: Int, _ column: Int) -> SourcePosition {
        SourcePosition(line: line, column: column)
    }

    static func step(_ name: String, _ kind: ProgramStep.Kind) -> ProgramStep {
        ProgramStep(name: Located(name, at: position(1, 1)), message: nil, kind: kind)
    }

    static func edge(
        _ from: Int, _ label: ProgramEdge.Label, to target: ProgramEdge.Target, attempts: Int? = nil,
        exhausted: Int? = nil
    ) -> ProgramEdge {
        ProgramEdge(
            from: from, label: label, target: target, message: nil, attempts: attempts, exhausted: exhausted,
            position: position(1, 1))
    }

    static func end(_ kind: EndKind, reason: String? = nil) -> EndSpec {
        EndSpec(kind: Located(kind, at: position(1, 1)), reason: reason.map { Located($0, at: position(1, 1)) })
    }

    static func program(steps: [ProgramStep], edges: [ProgramEdge], title: String? = nil) -> Program {
        Program(
            file: "flows/sign-up.yaml", id: "sign-up", title: title, description: nil, authority: "native-auth",
            params: [], inputs: [], start: 0, steps: steps, edges: edges, subflows: [:], ends: [:])
    }

    /// Ask an email, start, ask the code (or resend), submit it with three attempts, pick a channel, end.
    static let signUp = program(
        steps: [
            step("ask_email", .ask(inputs: ["email"], hint: nil, choices: [:], next: 0)),
            step(
                "start",
                .action(name: "signUp.start", arguments: [], outcomes: ["codeRequired": 1, "userAlreadyExists": 2])),
            step("ask_code", .ask(inputs: ["code"], hint: nil, choices: ["resend": 3], next: 4)),
            step(
                "submit",
                .action(name: "signUp.submitCode", arguments: [], outcomes: ["completed": 5, "invalidCode": 6])),
            step(
                "pick",
                .choose(
                    branches: [
                        ResolvedBranch(
                            condition: Condition(
                                variable: Located("channel", at: position(1, 1)), test: .equals(.string("sms")),
                                position: position(1, 1)),
                            edge: 8)
                    ],
                    otherwise: 9)),
            step("done", .end(end(.success))),
        ],
        edges: [
            edge(0, .next, to: .step(1)),
            edge(1, .outcome("codeRequired"), to: .step(2)),
            edge(1, .outcome("userAlreadyExists"), to: .end(end(.failure, reason: "user_exists"))),
            edge(2, .choice("resend"), to: .step(1)),
            edge(2, .next, to: .step(3)),
            edge(3, .outcome("completed"), to: .step(4)),
            edge(3, .outcome("invalidCode"), to: .step(2), attempts: 3, exhausted: 7),
            edge(3, .exhausted(of: 6), to: .end(end(.failure, reason: "too_many_attempts"))),
            edge(4, .branch(0), to: .step(5)),
            edge(4, .otherwise, to: .end(end(.named("browser_required")))),
        ],
        title: "Sign up")
}
