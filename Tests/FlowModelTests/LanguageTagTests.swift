import FlowModel
import Testing

/// Language tags as requests and terminals give them: normalized, ordered by `q`, with fallbacks.
@Suite struct LanguageTagTests {
    @Test func normalizesTagsAndPOSIXNamesAndRefusesOthers() {
        #expect(LanguageTag.normalized("fr-CA") == "fr-ca")
        #expect(LanguageTag.normalized("pt_BR.UTF-8") == "pt-br")
        #expect(LanguageTag.normalized("de_DE@euro") == "de-de")
        #expect(LanguageTag.normalized("C.UTF-8") == nil)
        #expect(LanguageTag.normalized("POSIX") == nil)
        #expect(LanguageTag.normalized("*") == nil)
        #expect(LanguageTag.normalized("fr;q=1") == nil)
        #expect(LanguageTag.normalized("") == nil)
        #expect(LanguageTag.normalized("x") == nil)
    }

    @Test func fallsBackToShorterTags() {
        #expect(LanguageTag.fallbacks(of: "zh-Hant-TW") == ["zh-hant-tw", "zh-hant", "zh"])
        #expect(LanguageTag.fallbacks(of: "fr") == ["fr"])
        #expect(LanguageTag.fallbacks(of: "not a tag").isEmpty)
    }

    @Test func acceptLanguageIsOrderedByWeightThenOrderWithoutRefusedOnes() {
        #expect(LanguageTag.accepted("de;q=0.5, ar, fr-CA;q=0.9, en;q=0, *;q=0.1") == ["ar", "fr-ca", "de"])
        #expect(LanguageTag.accepted("fr, de") == ["fr", "de"])
        #expect(LanguageTag.accepted("fr;q=2, de;q=abc") == ["fr", "de"])
        #expect(LanguageTag.accepted("").isEmpty)
    }

    @Test func theEnvironmentIsReadAsATerminalProgramReadsIt() {
        #expect(LanguageTag.fromEnvironment(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]) == "fr-fr")
        #expect(LanguageTag.fromEnvironment(["LANG": "de_DE.UTF-8", "LC_ALL": "ar_EG.UTF-8"]) == "ar-eg")
        #expect(LanguageTag.fromEnvironment(["LANG": "de", "LC_ALL": ""]) == "de")
        #expect(LanguageTag.fromEnvironment(["LANG": "C.UTF-8"]) == nil)
        #expect(LanguageTag.fromEnvironment([:]) == nil)
    }

    @Test func rightToLeftLanguages() {
        #expect(LanguageTag.isRightToLeft("ar"))
        #expect(LanguageTag.isRightToLeft("he-IL"))
        #expect(!LanguageTag.isRightToLeft("fr"))
        #expect(!LanguageTag.isRightToLeft("arn"))
    }
}
