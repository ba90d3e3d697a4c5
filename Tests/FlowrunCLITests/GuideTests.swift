import Foundation
import Testing

/// The commands of the guides under docs/guides, run as a reader would: in an empty folder, with the example
/// tenants of docs/examples/tenants.
@Suite struct GuideTests {
    static func path(_ relative: String) -> String {
        FlowLibrary.root.appendingPathComponent(relative).path
    }

    @Test("the MFA guide: a password sign-up, then the sign-in with a second factor; without the capability, a browser")
    func secondFactor() throws {
        let folder = try FlowFolder()
        try folder.write(
            "authority.yaml",
            try String(contentsOfFile: Self.path("docs/examples/tenants/mfa-and-lockout.yaml"), encoding: .utf8))
        let signUp = try folder.run(
            Self.path("flows/sign-up-password.yaml"), "--input", "email=ada@example.com", "--input",
            "password=Correct-Horse-9", "--input", "code=@outbox")
        #expect(signUp.status == 0, "\(signUp.stdout)\(signUp.stderr)")
        let signIn = try folder.run(
            Self.path("flows/sign-in-mfa-email.yaml"), "--capabilities", "mfa_required", "--input",
            "email=ada@example.com", "--input", "password=Correct-Horse-9", "--input", "code=@outbox")
        #expect(signIn.status == 0, "\(signIn.stdout)\(signIn.stderr)")
        #expect(signIn.stdout.contains("Signed in as ada@example.com"), "\(signIn.stdout)")
        let incapable = try folder.run(
            Self.path("flows/sign-in-mfa-email.yaml"), "--input", "email=ada@example.com", "--input",
            "password=Correct-Horse-9")
        #expect(incapable.status == 4, "\(incapable.stdout)\(incapable.stderr)")

        let check = try folder.run(
            "validate", "--config", "authority.yaml", "--capabilities", "mfa_required",
            Self.path("flows/sign-in-mfa-email.yaml"), Self.path("flows/sign-in-password.yaml"))
        #expect(
            check.stdout.contains("sign-in-password.yaml:46:20: warning FR129: on this tenant (mfa.required: true)"))
        #expect(!check.stdout.contains("sign-in-mfa-email.yaml:"), "\(check.stdout)")
    }

    @Test("the attributes guide: a sign-up with two pages of attributes from an answers file")
    func attributesOverPages() throws {
        let folder = try FlowFolder()
        try folder.write(
            "answers.yaml",
            """
            email: ada@example.com
            code: "@outbox"
            page:
              - { displayName: Ada Lovelace }
              - { city: London }

            """)
        let result = try folder.run(
            Self.path("flows/sign-up-attributes-pages.yaml"), "--config",
            Self.path("docs/examples/tenants/attributes-pages.yaml"), "--answers", "answers.yaml")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Thanks! A few more details are needed."), "\(result.stdout)")
        #expect(result.stdout.contains("Signed up successfully as ada@example.com!"), "\(result.stdout)")
    }
}
