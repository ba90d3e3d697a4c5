import Foundation
import Testing

/// `flowrun validate --config authority.yaml`: a flow checked against the tenant it will meet (FR129).
@Suite struct TenantFitTests {
    /// A password sign-in that treats MFA as a failure.
    static func signIn(onMFA: String) -> String {
        """
        flowrun: 1
        id: password-sign-in
        inputs:
          email: { type: email }
          password: { type: password }
        start: ask
        steps:
          ask: { ask: [email, password], next: sign_in }
          sign_in:
            action: signIn.start
            with: { username: "${email}", password: "${password}" }
            on:
              completed: { end: success }
              mfaRequired: \(onMFA)
              browserRequired: { end: browser_required }
              otherwise: { fail: sign_in_failed }
        \(onMFA == "verify" ? "  verify:\n    action: mfa.requestChallenge\n    on: { otherwise: { fail: mfa_failed } }\n" : "")
        """
    }

    static func folder(onMFA: String = "{ fail: mfa_required }") throws -> FlowFolder {
        let folder = try FlowFolder()
        try folder.write("sign-in.yaml", signIn(onMFA: onMFA))
        try folder.write("mfa.yaml", "mfa: { required: true }\n")
        try folder.write("plain.yaml", "tenant: contoso\n")
        return folder
    }

    @Test("a tenant that requires MFA makes a flow that fails on mfaRequired warn, naming the setting")
    func mfaRequiredRoutedToFailure() throws {
        let folder = try Self.folder()
        let alone = try folder.run("validate", "--strict", "sign-in.yaml")
        #expect(alone.status == 0, "\(alone.stdout)")
        let checked = try folder.run(
            "validate", "--strict", "--config", "mfa.yaml", "--capabilities", "mfa_required", "sign-in.yaml")
        #expect(checked.status == 1, "\(checked.stdout)")
        #expect(
            checked.stdout.contains(
                "sign-in.yaml:14:20: warning FR129: on this tenant (mfa.required: true) `signIn.start` is likely to "
                    + "answer `mfaRequired`, which step `sign_in` routes to the end `failure`"), "\(checked.stdout)")
        let plain = try folder.run("validate", "--strict", "--config", "plain.yaml", "sign-in.yaml")
        #expect(plain.status == 0, "\(plain.stdout)")
    }

    @Test("without the client capability, the warning is about the redirect the tenant answers instead")
    func missingCapability() throws {
        let folder = try Self.folder()
        let checked = try folder.run("validate", "--config", "mfa.yaml", "sign-in.yaml")
        #expect(checked.status == 0, "warnings do not fail without --strict")
        #expect(
            checked.stdout.contains("(mfa.required: true without the client capability mfa_required)")
                && checked.stdout.contains(
                    "`browserRequired`, which step `sign_in` routes to the end `browser_required`"),
            "\(checked.stdout)")
    }

    @Test("a flow that continues with MFA fits the tenant")
    func handledMFAFits() throws {
        let folder = try Self.folder(onMFA: "verify")
        let checked = try folder.run(
            "validate", "--strict", "--config", "mfa.yaml", "--capabilities", "mfa_required", "sign-in.yaml")
        #expect(checked.status == 0, "\(checked.stdout)")
    }

    @Test("an unreadable tenant is a usage error")
    func badConfig() throws {
        let folder = try Self.folder()
        try folder.write("bad.yaml", "mfa: { requird: true }\n")
        let checked = try folder.run("validate", "--config", "bad.yaml", "sign-in.yaml")
        #expect(checked.status == 2)
        #expect(checked.stderr.contains("--config: bad.yaml:1:8: mfa.requird: unknown key"), "\(checked.stderr)")
    }
}
