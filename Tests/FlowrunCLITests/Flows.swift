/// Flow files the command-line tests write. The rules they break are documented in docs/flow-language.md and
/// Sources/FlowModel/Rule.swift.
enum Flows {
    /// Clean: asks an email and ends in success.
    static let helloYAML = """
        flowrun: 1
        id: hello
        inputs:
          email: { type: email, label: Email address }
        start: ask_email
        steps:
          ask_email:
            ask: [email]
            next: done
          done:
            end: success
            message: "Hello ${email}"

        """

    /// The same flow in JSON.
    static let helloJSON = """
        {
          "flowrun": 1,
          "id": "hello-json",
          "inputs": { "email": { "type": "email", "label": "Email address" } },
          "start": "ask_email",
          "steps": {
            "ask_email": { "ask": ["email"], "next": "done" },
            "done": { "end": "success", "message": "Hello ${email}" }
          }
        }

        """

    /// FR005: a YAML syntax error (an unclosed flow sequence).
    static let syntaxError = """
        flowrun: 1
        id: broken
        start: a
        steps: [unclosed

        """

    /// FR005: a JSON syntax error (a missing comma).
    static let jsonSyntaxError = """
        { "flowrun": 1 "id": "broken" }

        """

    /// FR009 at 2:1: a key that is not part of the format.
    static let unknownKey = """
        flowrun: 1
        bogus: 1
        id: unknown-key
        inputs:
          email: { type: email }
        start: ask_email
        steps:
          ask_email: { ask: [email], next: done }
          done: { end: success, message: "Hello ${email}" }

        """

    /// FR101: `next` (line 9) names a step that does not exist.
    static let undefinedStep = """
        flowrun: 1
        id: undefined-step
        inputs:
          email: { type: email }
        start: ask_email
        steps:
          ask_email:
            ask: [email]
            next: nowhere
          done: { end: success, message: "Hello ${email}" }

        """

    /// FR102 (a warning): `orphan` is never reached.
    static let unreachableStep = """
        flowrun: 1
        id: unreachable-step
        inputs:
          email: { type: email }
        start: ask_email
        steps:
          ask_email: { ask: [email], next: done }
          orphan: { end: failure, reason: never }
          done: { end: success, message: "Hello ${email}" }

        """

    /// A loop with an attempt limit: asks a code until it is 1234, three times at most.
    static let guess = """
        flowrun: 1
        id: guess
        inputs:
          code: { type: code, label: Code }
        start: ask_code
        steps:
          ask_code:
            ask: [code]
            next: check
          check:
            choose:
              - if: { var: code, equals: "1234" }
                then: done
            otherwise: { goto: ask_code, attempts: 3, exhausted: { fail: too_many_attempts } }
          done: { end: success }

        """

    /// A flow that uses `./shared.yaml`.
    static func usingShared(id: String) -> String {
        """
        flowrun: 1
        id: \(id)
        start: go
        steps:
          go:
            use: ./shared.yaml
            on:
              otherwise: done
          done: { end: success }

        """
    }

    /// A sub-flow with an unknown key (FR009 at 2:1).
    static let brokenShared = """
        flowrun: 1
        bogus: 1
        id: shared
        start: done
        steps:
          done: { end: success }

        """
}
