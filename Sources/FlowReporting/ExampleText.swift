/// The example files most explanations start from; an example is one of them, or one of them edited.
enum ExampleText {
    static let greet = #"""
        flowrun: 1
        id: greet
        inputs:
          email: { type: email, label: Email }
        start: ask_email
        steps:
          ask_email:
            ask: [email]
            next: done
          done:
            end: success
            message: "Hello ${email}"

        """#

    /// A French translation of every text of `greet`.
    static let greetFrench = #"""
        msgctxt "greet.input.email.label"
        msgid "Email"
        msgstr "E-mail"

        msgctxt "greet.done.message"
        msgid "Hello ${email}"
        msgstr "Bonjour ${email}"

        """#

    static let signUpPassword = #"""
        flowrun: 1
        id: example
        authority: native-auth
        inputs:
          email: { type: email, label: Email }
          password: { type: password, label: Password }
        start: ask
        steps:
          ask:
            ask: [email, password]
            next: sign_up
          sign_up:
            action: signUp.start
            with: { username: "${email}", password: "${password}" }
            on:
              codeRequired: { end: success, message: Check your email. }
              invalidPassword:
                goto: ask
                message: "${reasonText} Choose another."
                attempts: 3
                exhausted: { fail: invalid_password, message: Too many refused passwords. }
              otherwise: { fail: not_signed_up, message: Could not sign up. }

        """#

    static let signOut = #"""
        flowrun: 1
        id: example
        authority: native-auth
        start: sign_out
        steps:
          sign_out:
            action: account.signOut
            on:
              completed: { end: success, message: Signed out. }
              noAccount: { fail: no_account, message: Nobody is signed in. }
              unexpected: { fail: unexpected, message: Could not sign out. }

        """#

    static let signIn = #"""
        flowrun: 1
        id: example
        authority: native-auth
        inputs:
          email: { type: email, label: Email }
        start: ask_email
        steps:
          ask_email:
            ask: [email]
            next: sign_in
          sign_in:
            action: signIn.start
            with: { username: "${email}" }
            on:
              codeRequired: { end: success, message: "Code sent to ${sentTo}" }
              otherwise: { fail: not_started, message: Could not start the sign-in. }

        """#

    static let child = #"""
        flowrun: 1
        id: child
        params:
          email: { type: email }
        start: check
        steps:
          check:
            choose:
              - if: { var: email, matches: "@contoso\\.com$" }
                then: { end: success }
            otherwise: { fail: not_contoso }

        """#

    static let parent = #"""
        flowrun: 1
        id: parent
        inputs:
          email: { type: email, label: Email }
        start: ask_email
        steps:
          ask_email:
            ask: [email]
            next: check
          check:
            use: ./child.yaml
            with: { email: "${email}" }
            on: { success: { end: success }, failure: { fail: not_allowed } }

        """#

    static let passwordSignIn = #"""
        flowrun: 1
        id: example
        authority: native-auth
        inputs:
          email: { type: email, label: Email }
          password: { type: password, label: Password }
        start: ask_credentials
        steps:
          ask_credentials:
            ask: [email, password]
            next: sign_in
          sign_in:
            action: signIn.start
            with: { username: "${email}", password: "${password}" }
            on:
              completed: { end: success, message: "Signed in as ${email}" }
              invalidCredentials: { goto: ask_credentials, message: Wrong email or password. }
              otherwise: { fail: not_signed_in, message: Could not sign in. }

        """#

    static let codeSignIn = #"""
        flowrun: 1
        id: example
        authority: native-auth
        inputs:
          email: { type: email, label: Email }
          code: { type: code, label: Code }
        start: ask_email
        steps:
          ask_email:
            ask: [email]
            next: sign_in
          sign_in:
            action: signIn.start
            with: { username: "${email}" }
            on:
              codeRequired: ask_code
              otherwise: { fail: not_started, message: Could not start the sign-in. }
          ask_code:
            ask: [code]
            choices:
              resend: resend_code
            next: submit_code
          resend_code:
            action: signIn.resendCode
            on:
              codeRequired: ask_code
              otherwise: { fail: not_sent, message: Could not send a new code. }
          submit_code:
            action: signIn.submitCode
            with: { code: "${code}" }
            on:
              completed: { end: success, message: "Signed in as ${email}" }
              invalidCode: { goto: ask_code, attempts: 2, exhausted: { fail: too_many_attempts } }
              otherwise: { fail: not_signed_in, message: Could not sign in. }

        """#

    /// Signs in with a code sent by email; the user may ask for five new codes.
    static let codeSignInWithResends = #"""
        flowrun: 1
        id: example
        authority: native-auth
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
              otherwise: { fail: not_signed_in, message: Could not sign in. }
          ask_code:
            ask: [code]
            choices:
              resend: { goto: resend_code, attempts: 5, exhausted: { fail: too_many_resends } }
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
              completed: { end: success, message: Signed in. }
              invalidCode: { goto: ask_code, message: Wrong code., attempts: 2, exhausted: { fail: too_many_attempts } }
              otherwise: { fail: not_signed_in, message: Could not sign in. }

        """#

    static let greetScenario = #"""
        flow: greet.yaml
        scenarios:
          - name: greets
            inputs: { email: ada@example.com }
            expect: { end: success, messages: ["Hello ada@example.com"] }

        """#

    static let pathEscapesRoot = #"""
        flowrun: 1
        id: parent
        inputs:
          email: { type: email, label: Email }
        start: ask_email
        steps:
          ask_email:
            ask: [email]
            next: check
          check:
            use: ../child.yaml
            with: { email: "${email}" }
            on: { success: { end: success }, otherwise: { fail: not_allowed } }

        """#

    static let noWayToEnd = #"""
        flowrun: 1
        id: example
        inputs:
          email: { type: email, label: Email }
        start: ask_email
        steps:
          ask_email:
            ask: [email]
            next: confirm
          confirm:
            ask: [email]
            next: ask_email

        """#

    static let unusedDeclaration = #"""
        flowrun: 1
        id: greet
        inputs:
          email: { type: email, label: Email }
          phone: { type: text, label: Phone }
        start: ask_email
        steps:
          ask_email:
            ask: [email]
            next: done
          done:
            end: success
            message: "Hello ${email}"

        """#

    static let maybeUnset = #"""
        flowrun: 1
        id: example
        inputs:
          email: { type: email, label: Email }
        start: ask_email
        steps:
          ask_email:
            ask: [email]
            next: check
          check:
            choose:
              - if: { var: email, matches: "@contoso\\.com$" }
                then: greet
            otherwise: done
          greet:
            set: { greeting: "Welcome back" }
            next: done
          done:
            end: success
            message: "${greeting}, ${email}"

        """#

    static let unboundedLoop = #"""
        flowrun: 1
        id: example
        authority: native-auth
        start: sign_out
        steps:
          sign_out:
            action: account.signOut
            on:
              completed: { end: success }
              noAccount: { fail: no_account }
              unexpected: sign_out

        """#

    static let redundantOtherwise = #"""
        flowrun: 1
        id: example
        authority: native-auth
        start: sign_out
        steps:
          sign_out:
            action: account.signOut
            on:
              completed: { end: success, message: Signed out. }
              noAccount: { fail: no_account, message: Nobody is signed in. }
              unexpected: { fail: unexpected, message: Could not sign out. }
              otherwise: { fail: unexpected }

        """#

    static let tenantMakesFailureLikely = #"""
        flowrun: 1
        id: example
        authority: native-auth
        inputs:
          email: { type: email, label: Email }
          password: { type: password, label: Password }
        start: ask_credentials
        steps:
          ask_credentials:
            ask: [email, password]
            next: sign_in
          sign_in:
            action: signIn.start
            with: { username: "${email}", password: "${password}" }
            on:
              completed: { end: success, message: "Signed in as ${email}" }
              mfaRequired: { fail: mfa_required, message: This account needs a second step this flow does not offer. }
              invalidCredentials: { goto: ask_credentials, message: Wrong email or password., attempts: 2, \#
        exhausted: { fail: too_many_attempts } }
              userNotFound: { goto: ask_credentials, message: Wrong email or password., attempts: 2, \#
        exhausted: { fail: too_many_attempts } }
              otherwise: { fail: not_signed_in, message: Could not sign in. }

        """#

    static let scenarioDuplicateName = #"""
        flow: greet.yaml
        scenarios:
          - name: greets
            inputs: { email: ada@example.com }
            expect: { end: success, messages: ["Hello ada@example.com"] }
          - name: greets another user
            inputs: { email: bob@example.com }
            expect: { end: success, messages: ["Hello bob@example.com"] }

        """#
}

extension String {
    /// The text with each `(old, new)` replaced, in order, at its first occurrence.
    func edited(_ edits: [(old: String, new: String)]) -> String {
        var text = self
        for edit in edits {
            if let range = text.range(of: edit.old) { text.replaceSubrange(range, with: edit.new) }
        }
        return text
    }
}
