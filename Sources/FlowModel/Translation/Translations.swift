/// One translated text of a translation file: its key, the source text it was translated from and the
/// translation, with where the translation is written.
public struct TranslatedText: Sendable, Hashable {
    public var key: String
    /// The text as it was when it was translated (a `.po` file's `msgid`).
    public var source: String
    /// The translation; nil when the file leaves it empty or marks it fuzzy (a translator's draft, not shown).
    public var translation: Template?
    public var position: SourcePosition

    public init(key: String, source: String, translation: Template?, position: SourcePosition) {
        self.key = key
        self.source = source
        self.translation = translation
        self.position = position
    }
}

/// The texts of one language: a translation file (`translations/<locale>.po`) read.
public struct TranslationFile: Sendable, Hashable {
    public var file: String
    /// The language tag, lowercased (`fr`, `pt-br`).
    public var locale: String
    /// The entries in file order.
    public var entries: [TranslatedText]
    /// The usable translations by key.
    public let byKey: [String: Template]

    public init(file: String, locale: String, entries: [TranslatedText]) {
        self.file = file
        self.locale = locale
        self.entries = entries
        var byKey: [String: Template] = [:]
        for entry in entries where byKey[entry.key] == nil { byKey[entry.key] = entry.translation }
        self.byKey = byKey
    }
}

/// The translation files of a folder, by locale.
public struct Translations: Sendable, Hashable {
    public var files: [String: TranslationFile]

    public init(_ files: [TranslationFile] = []) {
        self.files = Dictionary(files.map { ($0.locale, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The locales there are files for, sorted.
    public var locales: [String] { files.keys.sorted() }

    /// The first of `preferred` (language tags, most wanted first) that a file or English serves, after each
    /// tag's fallbacks (`fr-ca`, then `fr`); nil for English, the flows' own language, or when none is served.
    public func locale(for preferred: [String]) -> String? {
        for tag in preferred {
            for candidate in LanguageTag.fallbacks(of: tag) {
                if files[candidate] != nil { return candidate }
                if candidate == "en" { return nil }
            }
        }
        return nil
    }

    /// `program` in `locale` (unchanged for nil or a locale without a file). A translation that reads a variable
    /// its text does not (FR137) is not used: the flow's own text is shown instead.
    public func program(_ program: Program, in locale: String?) -> Program {
        guard let locale, let file = files[locale] else { return program }
        return program.translated { key, source in
            guard let translation = file.byKey[key] else { return nil }
            let known = Set(source.variables.map(\.path))
            return translation.variables.allSatisfy { known.contains($0.path) } ? translation : nil
        }
    }
}
