import FlowCompiler
import FlowModel
import NativeAuth
import Testing

/// Flows the review tests compile from text, against the native-auth catalog.
enum ReviewFlows {
    static let catalogs = [NativeAuthClient.defaultCatalog]

    /// The checked program of `text`; the test fails when it has errors.
    static func program(_ text: String, file: String = "flow.yaml") throws -> Program {
        let compiled = FlowCompiler(catalogs: catalogs).compile(text: text, file: file)
        let errors = compiled.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors)")
        return try #require(compiled.program)
    }

    /// Signs in with an emailed code: up to 2 new codes, 3 wrong codes end the run.
    static let codeSignIn = #"""
        flowrun: 1
        id: code-sign-in
        inputs:
          email: { type: email, label: Email }
          code: { type: code, label: Code }
        start: ask_email
        steps:
          ask_email:
            ask: [email]
            next: start_sign_in
          start_sign_in:
            action: signIn.start
            with: { username: "${email}" }
            on:
              codeRequired: ask_code
              userNotFound: { fail: no_account, message: Could not sign in. }
              otherwise: { fail: not_signed_in, message: Could not sign in. }
          ask_code:
            ask: [code]
            choices:
              resend: { goto: resend_code, attempts: 2, exhausted: { fail: too_many_resends } }
            next: submit_code
          resend_code:
            action: signIn.resendCode
            on:
              codeRequired: ask_code
              otherwise: { fail: not_signed_in, message: Could not sign in. }
          submit_code:
            action: signIn.submitCode
            with: { code: "${code}" }
            on:
              completed: done
              invalidCode: { goto: ask_code, message: Wrong code., attempts: 2, exhausted: { fail: too_many_attempts } }
              otherwise: { fail: not_signed_in, message: Could not sign in. }
          done:
            end: success
            message: Signed in.

        """#
}

extension String {
    /// The text with `old` replaced by `new`; the test fails when `old` is not there.
    func replacing(_ old: String, with new: String) -> String {
        #expect(contains(old), "the flow text has no `\(old)`")
        return replacingOccurrences(of: old, with: new)
    }
}
