import FlowLoader
import FlowModel
import Testing

/// gettext files read strictly, with the place of every problem, and written back for translators.
@Suite struct POFileTests {
    static func parsed(_ text: String) throws -> [TranslatedText] {
        switch POFile.parse(text, file: "fr.po") {
        case .success(let parsed):
            #expect(parsed.problems.isEmpty, "\(parsed.problems)")
            return parsed.entries
        case .failure(let failure): throw failure
        }
    }

    static func failure(_ text: String) -> POFile.Failure? {
        if case .failure(let failure) = POFile.parse(text, file: "fr.po") { return failure }
        return nil
    }

    @Test func readsEntriesWithContinuedStringsEscapesCommentsAndTheHeader() throws {
        let entries = try Self.parsed(
            """
            # A translator's comment
            msgid ""
            msgstr ""
            "Language: fr\\n"

            msgctxt "greet.done.message"
            msgid "Hello ${email}"
            msgstr ""
            "Bonjour "
            "${email} \\"ami\\""

            #, fuzzy
            msgctxt "greet.input.email.label"
            msgid "Email"
            msgstr "Courriel"
            """)
        #expect(entries.map(\.key) == ["greet.done.message", "greet.input.email.label"])
        #expect(entries[0].source == "Hello ${email}")
        #expect(entries[0].translation?.source == "Bonjour ${email} \"ami\"")
        #expect(entries[0].translation?.variables.map(\.path) == ["email"])
        #expect(entries[1].translation == nil, "a fuzzy entry is a draft, not used")
    }

    @Test func malformedFilesFailAtTheirPlace() {
        let unquoted = Self.failure("msgctxt \"a.b\"\nmsgid \"A\"\nmsgstr A\n")
        #expect(unquoted?.position == SourcePosition(line: 3, column: 8))
        #expect(unquoted?.message == "expected a string in double quotes")
        let noContext = Self.failure("msgid \"A\"\nmsgstr \"B\"\n")
        #expect(noContext?.message.contains("no `msgctxt`") == true)
        #expect(noContext?.position == SourcePosition(line: 1, column: 1))
        let twice = Self.failure("msgctxt \"k\"\nmsgid \"A\"\nmsgstr \"B\"\nmsgctxt \"k\"\nmsgid \"A\"\nmsgstr \"C\"\n")
        #expect(twice?.message == "the key `k` has a second entry")
        #expect(twice?.position == SourcePosition(line: 4, column: 10))
        #expect(Self.failure("msgctxt \"k\"\nmsgstr \"B\"\n")?.message.contains("out of order") == true)
        #expect(Self.failure("msgctxt \"k\"\nmsgid \"A\"\n")?.message == "the last entry has no `msgstr`")
        #expect(Self.failure("msgctxt \"k\"\nmsgid \"A\"\nmsgid_plural \"As\"\n")?.message.contains("plural") == true)
        #expect(Self.failure("msgctxt \"k\nmsgid \"A\"\nmsgstr \"B\"\n")?.message == "the string has no closing quote")
        #expect(Self.failure("msgctxt \"k\" x\nmsgid \"A\"\nmsgstr \"B\"\n")?.message == "text after the closing quote")
        #expect(
            Self.failure("msgctxt \"\\q\"\nmsgid \"A\"\nmsgstr \"B\"\n")?.message.contains("unknown escape") == true)
        #expect(Self.failure("msgtxt \"k\"\n")?.message.contains("not a .po keyword") == true)
    }

    @Test func aMalformedPlaceholderIsATemplateErrorAndLeavesTheEntryUntranslated() throws {
        guard case .success(let parsed) = POFile.parse("msgctxt \"k\"\nmsgid \"A\"\nmsgstr \"B ${}\"\n", file: "fr.po")
        else {
            Issue.record("the file should parse")
            return
        }
        #expect(parsed.problems.map(\.code) == [.templateSyntax])
        #expect(parsed.problems.first?.position == SourcePosition(line: 3, column: 11))
        #expect(parsed.entries.first?.translation == nil)
    }

    @Test func writtenFilesReadBackAndKeepTranslations() throws {
        let texts = [
            FlowText(key: "greet.title", source: Template(literal: "Say \"hi\"\nnow")),
            FlowText(key: "greet.done.message", source: Template(literal: "Hello")),
        ]
        let old = TranslationFile(
            file: "fr.po", locale: "fr",
            entries: try Self.parsed("msgctxt \"greet.done.message\"\nmsgid \"Hi\"\nmsgstr \"Salut\"\n"))
        let written = POWriter.file(locale: "fr", texts: texts, existing: old)
        #expect(written.contains("#, fuzzy\nmsgctxt \"greet.done.message\"\nmsgid \"Hello\"\nmsgstr \"Salut\""))
        let entries = try Self.parsed(written)
        #expect(entries.map(\.key) == ["greet.title", "greet.done.message"])
        #expect(entries[0].source == "Say \"hi\"\nnow")
        #expect(entries[0].translation == nil)
        #expect(entries[1].translation == nil, "fuzzy until translated again")
    }
}
