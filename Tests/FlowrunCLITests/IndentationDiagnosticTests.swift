import Foundation
import Testing

/// `validate` on mistakes of indentation and loops: one finding that says what is wrong, where it is wrong.
@Suite struct IndentationDiagnosticTests {
    static func validate(_ flow: String) throws -> RunResult {
        let folder = try FlowFolder()
        try folder.write("flow.yaml", flow)
        return try folder.run("validate", "flow.yaml")
    }

    /// The error codes of a text report's findings, as `FR009@10:3`.
    static func findings(_ result: RunResult) -> [String] {
        result.stdout.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count >= 3, parts[0].hasSuffix(":"), parts[1] == "error" || parts[1] == "warning",
                let place = parts[0].split(separator: ":", maxSplits: 1).last
            else { return nil }
            return "\(parts[2].dropLast())@\(place.dropLast())"
        }
    }

    @Test("an `on:` indented one level too little: one error that says so, at its line")
    func dedentedOn() throws {
        let flow = TestCommandTests.flow.replacingOccurrences(
            of: "    with: { username: \"${email}\" }\n    on:\n", with: "    with: { username: \"${email}\" }\n  on:\n"
        )
        let result = try Self.validate(flow)
        #expect(result.status == 1)
        #expect(Self.findings(result) == ["FR009@13:3"], "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "`on` is indented as a step, but it is a key of step `start_sign_in` above it: indent it one level "
                    + "deeper"), "\(result.stdout)")
    }

    @Test("a step indented inside the step above it: one error that says so")
    func overIndentedStep() throws {
        let flow = TestCommandTests.flow.replacingOccurrences(
            of: "  ask_code: { ask: [code], next: submit_code }",
            with: "    ask_code: { ask: [code], next: submit_code }")
        let result = try Self.validate(flow)
        #expect(result.status == 1)
        #expect(Self.findings(result) == ["FR009@17:5"], "\(result.stdout)")
        #expect(
            result.stdout.contains("`ask_code` is indented inside step `start_sign_in`, but it is a step itself"),
            "\(result.stdout)")
    }

    @Test("a step written at the top level is told to go under `steps`")
    func stepAtTheTopLevel() throws {
        let flow = TestCommandTests.flow + "ask_more: { ask: [code], next: submit_code }\n"
        let result = try Self.validate(flow)
        #expect(result.status == 1)
        #expect(result.stdout.contains("`ask_more` is a step written at the top level: indent it under `steps`"))
    }

    @Test("an over-indented first key of a step: the syntax error is at that line, not the next")
    func overIndentedFirstKey() throws {
        let flow = TestCommandTests.flow.replacingOccurrences(
            of: "    action: signIn.start\n", with: "      action: signIn.start\n")
        let result = try Self.validate(flow)
        #expect(result.status == 1)
        #expect(Self.findings(result) == ["FR005@11:7"], "\(result.stdout)")
        #expect(
            result.stdout.contains("line 11 is indented 6 spaces, deeper than the line after it (4)"),
            "\(result.stdout)")
    }

    @Test("a key indented under a key that has a value: said to be read as more of that value")
    func overIndentedNextKey() throws {
        let flow = TestCommandTests.flow.replacingOccurrences(
            of: "    with: { username", with: "      with: { username")
        let result = try Self.validate(flow)
        #expect(result.status == 1)
        #expect(Self.findings(result) == ["FR005@12:7"], "\(result.stdout)")
        #expect(
            result.stdout.contains("line 12 is indented deeper than line 11 (6 spaces, not 4), so YAML reads it"),
            "\(result.stdout)")
    }

    @Test("an unlimited resend that asks the code again: one finding (FR122) at the resend, no FR123")
    func resendLoopIsOneFinding() throws {
        let flow = TestCommandTests.flow.replacingOccurrences(
            of: "  ask_code: { ask: [code], next: submit_code }\n",
            with: """
                  ask_code: { ask: [code], choices: { resend: resend_code }, next: submit_code }
                  resend_code:
                    action: signIn.resendCode
                    on:
                      codeRequired: ask_code
                      otherwise: { fail: other, message: "Sign-in is not possible now." }

                """)
        let result = try Self.validate(flow)
        #expect(result.status == 1)
        #expect(Self.findings(result) == ["FR122@19:13"], "\(result.stdout)")
        #expect(result.stdout.contains("an `attempts:` limit on the resend ends the loop"), "\(result.stdout)")
    }
}
