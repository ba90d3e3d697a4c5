import FlowModel
import NativeAuth
import Testing

@testable import FlowServer

/// The pages' words compiled in: each language's file parses, translates every English word from its current
/// English with the same `${…}` placeholders, and has no word the pages do not use.
@Suite struct PageWordsTests {
    @Test(arguments: ["fr", "de", "ar"])
    func everyWordIsTranslatedFromItsEnglish(locale: String) throws {
        let file = try #require(PageWords.translated[locale], "the \(locale) words do not parse")
        let pageEntries = file.entries.filter { $0.key.hasPrefix("page.") }
        #expect(Set(pageEntries.map { String($0.key.dropFirst(5)) }) == Set(PageWords.english.keys))
        for entry in pageEntries {
            let name = String(entry.key.dropFirst(5))
            #expect(entry.source == PageWords.english[name], "\(locale) \(name) is translated from older English")
            let translation = try #require(entry.translation, "\(locale) \(name) is not translated")
            let english = try #require(PageWords.english[name])
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
        let file = try #require(PageWords.translated[locale], "the \(locale) words do not parse")
        let entries = file.entries.filter { $0.key.hasPrefix("catalog.") }
        #expect(Set(entries.map { String($0.key.dropFirst(8)) }) == Set(OutcomeWords.english.keys))
        for entry in entries {
            let code = String(entry.key.dropFirst(8))
            #expect(entry.source == OutcomeWords.english[code], "\(locale) \(code) is translated from older English")
            let translation = try #require(entry.translation, "\(locale) \(code) is not translated")
            #expect(translation.variables.isEmpty, "\(locale) \(code)")
            #expect(translation.source != entry.source, "\(locale) \(code) is the English")
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
