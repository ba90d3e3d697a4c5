import Foundation
import Testing

/// Translations through the binary: `flowrun translations` writes the file a translator fills, `validate` checks
/// it against the flows (naming file, key and locale), and `run` shows the texts in `--locale` or `LANG`.
@Suite struct TranslationTests {
    static let french = """
        msgctxt "hello.input.email.label"
        msgid "Email address"
        msgstr "Adresse e-mail"

        msgctxt "hello.done.message"
        msgid "Hello ${email}"
        msgstr "Bonjour ${email}"

        """

    @Test("`translations` prints an entry per text, keeping the translations there are")
    func translationsPrintsTheFileToTranslate() throws {
        let folder = try FlowFolder()
        try folder.write("flows/hello.yaml", Flows.helloYAML)
        let fresh = try folder.run("translations", "flows", "--locale", "fr")
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect(fresh.stdout.contains("\"Language: fr\\n\""))
        #expect(fresh.stdout.contains("msgctxt \"hello.input.email.label\"\nmsgid \"Email address\"\nmsgstr \"\"\n"))
        #expect(fresh.stdout.contains("msgctxt \"hello.done.message\"\nmsgid \"Hello ${email}\"\nmsgstr \"\"\n"))

        try folder.write("flows/translations/fr.po", Self.french)
        let kept = try folder.run("translations", "flows", "--locale", "fr")
        #expect(kept.stdout.contains("msgid \"Hello ${email}\"\nmsgstr \"Bonjour ${email}\"\n"), "\(kept.stdout)")
        let refused = try folder.run("translations", "flows", "--locale", "not a tag")
        #expect(refused.status == 2 && refused.stderr.contains("is not a language tag"), "\(refused.stderr)")
    }

    @Test("`validate` names the file, key and locale of a missing, extra, mismatched or stale translation")
    func validateChecksTranslations() throws {
        let folder = try FlowFolder()
        try folder.write("flows/hello.yaml", Flows.helloYAML)
        try folder.write("flows/translations/fr.po", Self.french)
        let clean = try folder.run("validate", "--strict", "flows")
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")

        try folder.write(
            "flows/translations/de.po",
            """
            msgctxt "hello.done.message"
            msgid "Hi ${email}"
            msgstr "Hallo ${mail}"

            msgctxt "hello.ask_email.hint"
            msgid "Your address"
            msgstr "Ihre Adresse"

            """)
        let found = try folder.run("validate", "flows")
        #expect(found.status == 0, "warnings only: \(found.stdout)")
        let report = found.stdout
        #expect(
            report.contains(
                "flows/translations/de.po: warning FR135: `de` has no translation of `hello.input.email.label`"),
            "\(report)")
        #expect(
            report.contains(
                "flows/translations/de.po:3:9: warning FR137: the `de` translation of `hello.done.message` reads "
                    + "`${mail}` where the text reads `${email}`"
            ), "\(report)")
        #expect(
            report.contains(
                "flows/translations/de.po:3:9: warning FR138: the `de` translation of `hello.done.message` is of "
                    + "\"Hi ${email}\""
            ), "\(report)")
        #expect(
            report.contains(
                "flows/translations/de.po:7:9: warning FR136: `de` translates `hello.ask_email.hint`, which no flow has"
            ), "\(report)")
        #expect(try folder.run("validate", "--strict", "flows").status == 1)

        try folder.write("flows/translations/it.po", "msgctxt \"hello.done.message\"\nmsgid \"Hello\"\n")
        let broken = try folder.run("validate", "flows")
        #expect(broken.status == 1, "an unreadable translation file is an error")
        #expect(
            broken.stdout.contains("flows/translations/it.po:2:1: error FR134: the last entry has no `msgstr`"),
            "\(broken.stdout)")
    }

    @Test("`run` shows the flow's texts in --locale, else in LANG's language, and the flow's own without one")
    func runInTheTerminalLanguage() throws {
        let folder = try FlowFolder()
        try folder.write("flows/hello.yaml", Flows.helloYAML)
        try folder.write("flows/translations/fr.po", Self.french)
        let arguments = ["run", "flows/hello.yaml", "--state-dir", "state", "--input", "email=a@b.co"]
        let option = try Flowrun.run(arguments + ["--locale", "fr-CA"], in: folder.url)
        #expect(option.status == 0 && option.stdout.contains("Bonjour a@b.co"), "\(option.stdout)\(option.stderr)")

        var environment = Flowrun.cleanEnvironment()
        environment["LC_ALL"] = nil
        environment["LC_MESSAGES"] = nil
        environment["LANG"] = "fr_FR.UTF-8"
        let lang = try Flowrun.run(arguments, in: folder.url, environment: environment)
        #expect(lang.stdout.contains("Bonjour a@b.co"), "\(lang.stdout)\(lang.stderr)")
        environment["LANG"] = "ja_JP.UTF-8"
        let other = try Flowrun.run(arguments, in: folder.url, environment: environment)
        #expect(other.stdout.contains("Hello a@b.co"), "\(other.stdout)\(other.stderr)")
        // The library's translations, and the catalog's text of a refused password, in French.
        let library = try Flowrun.run(
            [
                "run", FlowLibrary.flow("sign-up-password"), "--locale", "fr", "--state-dir", "state",
                "--input", "email=zed@contoso.com", "--input", "password=short",
            ], in: folder.url)
        #expect(
            library.stdout.contains(
                "Inscription impossible. Le mot de passe est trop court. Choisissez un autre mot de passe."),
            "\(library.stdout)\(library.stderr)")
        let refused = try Flowrun.run(arguments + ["--locale", "fr!"], in: folder.url)
        #expect(refused.status == 2 && refused.stderr.contains("--locale `fr!` is not a language tag"))
    }

    @Test("validating one flow of a folder checks its texts; entries of flows not given are not extra")
    func oneFlowOfAFolder() throws {
        let folder = try FlowFolder()
        try folder.write("flows/hello.yaml", Flows.helloYAML)
        try folder.write("flows/bye.yaml", Flows.helloYAML.replacingOccurrences(of: "id: hello", with: "id: bye"))
        let bye = Self.french.replacingOccurrences(of: "hello.", with: "bye.")
        try folder.write(
            "flows/translations/fr.po",
            Self.french + "\n" + bye + "\nmsgctxt \"gone.title\"\nmsgid \"Gone\"\nmsgstr \"Parti\"\n")
        let one = try folder.run("validate", "--strict", "flows/hello.yaml")
        #expect(one.status == 0, "\(one.stdout)")
        let all = try folder.run("validate", "flows")
        #expect(all.stdout.contains("warning FR136: `fr` translates `gone.title`, which no flow has"), "\(all.stdout)")
        #expect(!all.stdout.contains("FR135"), "\(all.stdout)")
    }
}
