import FlowModel
import NativeAuth
import Testing

@testable import FlowServer

/// The pages' words compiled in: each language's file parses, translates every English word from its current
/// English with the same `${…}` placeholders, and has no word the pages do not use.
@Suite struct PageWordsTests {
    @Test(arguments: ["fr", "de", "ar"])
    func everyWordIsTranslatedFromItsEnglish(locale: String) throws {
        for (name, english, translation) in try Self.translations(in: locale, prefix: "page.", of: PageWords.english) {
            let placeholders = Set(english.split(separator: "$").dropFirst().map { $0.prefix { $0 != "}" } })
            #expect(Set(translation.variables.map { Substring("{" + $0.path) }) == placeholders, "\(locale) \(name)")
        }
        let words = PageWords.words(in: locale)
        #expect(words.locale == locale)
        #expect(words.rightToLeft == (locale == "ar"))
        #expect(words("wait_message", ["seconds": "7"]).contains("7"))
        #expect(!PageWords.catalogTexts(in: locale).byCode.isEmpty)
    }

    @Test(arguments: ["fr", "de", "ar"])
    func everyCatalogTextIsTranslatedFromItsEnglish(locale: String) throws {
        let translations = try Self.translations(in: locale, prefix: "catalog.", of: OutcomeWords.english)
        for (code, english, translation) in translations {
            #expect(translation.variables.isEmpty, "\(locale) \(code)")
            #expect(translation.source != english, "\(locale) \(code) is the English")
        }
    }

    /// The entries of `locale`'s words under `prefix`: each name, its English and its translation, once checked
    /// that they are exactly `english`'s names, each translated from its current English.
    static func translations(
        in locale: String, prefix: String, of english: [String: String]
    ) throws -> [(name: String, english: String, translation: Template)] {
        let file = try #require(PageWords.translated[locale], "the \(locale) words do not parse")
        let entries = file.entries.filter { $0.key.hasPrefix(prefix) }
        #expect(Set(entries.map { String($0.key.dropFirst(prefix.count)) }) == Set(english.keys))
        return try entries.map { entry in
            let name = String(entry.key.dropFirst(prefix.count))
            #expect(entry.source == english[name], "\(locale) \(name) is translated from older English")
            let translation = try #require(entry.translation, "\(locale) \(name) is not translated")
            return (name, try #require(english[name]), translation)
        }
    }

    @Test func englishIsTheWordsThemselves() {
        let words = PageWords.words(in: nil)
        #expect(words.locale == "en" && !words.rightToLeft)
        #expect(words("wait_message", ["seconds": "7"]) == "Wait 7 seconds, then try again.")
        #expect(PageWords.words(in: "ja").locale == "en")
        #expect(PageWords.catalogTexts(in: nil).byCode.isEmpty)
    }
}
