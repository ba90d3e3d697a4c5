import Foundation
import Testing

/// The checker types a sub-flow's outputs by what the sub-flow's ends give, whatever the order of the steps
/// of the flow that uses it.
@Suite("sub-flow output types")
struct SubflowOutputTypeTests {
    /// A sub-flow whose `needs_attributes` end outputs the attribute descriptors of `signUp.submitCode`.
    static let verify = """
        flowrun: 1
        id: verify
        authority: native-auth
        inputs:
          code: { type: code, label: Code }
        start: ask_code
        steps:
          ask_code:
            ask: [code]
            next: submit
          submit:
            action: signUp.submitCode
            with: { code: "${code}" }
            on:
              attributesRequired: { end: needs_attributes, output: { requiredAttributes: "${requiredAttributes}" } }
              completed: { end: success }
              otherwise: { fail: unexpected }

        """

    /// A parent that reads `requiredAttributes` from the sub-flow (`from:` of an attributes input), with the
    /// `use` step written above or below the action that could also set it.
    static func parent(useAbove: Bool) -> String {
        let use = """
              verify:
                use: verify.yaml
                on:
                  needs_attributes: ask_page
                  success: done
                  failure: { fail: unexpected }

            """
        let page = """
              ask_page: { ask: [page], next: submit_page }
              submit_page:
                action: signUp.submitAttributes
                with: { attributes: "${page}" }
                on:
                  completed: done
                  otherwise: { fail: unexpected }

            """
        return """
            flowrun: 1
            id: parent
            authority: native-auth
            inputs:
              email: { type: email, label: Email }
              page: { type: attributes, label: About you, from: requiredAttributes }
            start: ask_email
            steps:
              ask_email: { ask: [email], next: start }
              start:
                action: signUp.start
                with: { username: "${email}" }
                on:
                  codeRequired: verify
                  otherwise: { fail: unexpected }

            """ + (useAbove ? use + page : page + use) + """
                  done: { end: success }

                """
    }

    static let useAbove = parent(useAbove: true)
    static let useBelow = parent(useAbove: false)

    @Test("`from: requiredAttributes` given by a sub-flow is attribute descriptors, the use step above or below")
    func outputsKeepTheirTypes() throws {
        let folder = try FlowFolder()
        try folder.write("verify.yaml", Self.verify)
        for (name, text) in [("above.yaml", Self.useAbove), ("below.yaml", Self.useBelow)] {
            try folder.write(name, text)
            let result = try folder.run("validate", name)
            #expect(result.status == 0, "\(name): \(result.stdout)\(result.stderr)")
            #expect(!result.stdout.contains("FR120"), "\(name): \(result.stdout)")
        }
    }
}
