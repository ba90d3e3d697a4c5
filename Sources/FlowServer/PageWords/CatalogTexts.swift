import FlowEngine
import FlowModel
import FlowrunFoundation

/// The catalog's texts for people in the language of a request: an outcome datum `<name>Text` that gives a
/// code's words (`reasonText` for `reason: password_too_short`) is replaced by the translation keyed
/// `catalog.<code>` shipped with the pages' words, when there is one; a text whose code has no entry of its own
/// (the generic sentence for an unknown `error`, a browser fallback's) is translated by its English. The codes
/// themselves stay as they are.
struct CatalogTextAuthority: Authority {
    let base: any Authority
    /// Translations by code.
    let texts: [String: String]
    /// Translations by their English.
    let textsByEnglish: [String: String]

    var catalog: ActionCatalog { base.catalog }

    /// `authority`, with its texts in `locale` when the pages' words have them.
    static func wrapping(_ authority: any Authority, in locale: String?) -> any Authority {
        let texts = PageWords.catalogTexts(in: locale)
        guard !texts.byCode.isEmpty else { return authority }
        return CatalogTextAuthority(base: authority, texts: texts.byCode, textsByEnglish: texts.byEnglish)
    }

    func perform(
        _ action: String, arguments: [String: Value], continuation: AuthorityContinuation?
    ) async throws -> ActionResult {
        var result = try await base.perform(action, arguments: arguments, continuation: continuation)
        for name in result.data.keys where name.hasSuffix("Text") {
            guard case .string(let english)? = result.data[name] else { continue }
            var translation: String?
            if case .string(let code)? = result.data[String(name.dropLast(4))] { translation = texts[code] }
            guard let text = translation ?? textsByEnglish[english] else { continue }
            result.data[name] = .string(text)
        }
        return result
    }
}

/// The catalog's texts for people (a password refusal's `reasonText`) in another language, for runners other than
/// the flow server's, such as the terminal's.
public enum CatalogTexts {
    /// `authority` with its texts for people in the first of `languages` (language tags, after their fallbacks)
    /// they are translated to; `authority` itself when none is.
    public static func authority(_ authority: any Authority, languages: [String]) -> any Authority {
        for tag in languages {
            for candidate in LanguageTag.fallbacks(of: tag) {
                if candidate == "en" { return authority }
                if PageWords.translated[candidate] != nil {
                    return CatalogTextAuthority.wrapping(authority, in: candidate)
                }
            }
        }
        return authority
    }
}

extension PageWords {
    /// The catalog's texts in `locale` by code (`password_too_short`) and by their English; empty for English or a
    /// language without them.
    static func catalogTexts(in locale: String?) -> (byCode: [String: String], byEnglish: [String: String]) {
        guard let locale, let file = translated[locale] else { return ([:], [:]) }
        var byCode: [String: String] = [:]
        var byEnglish: [String: String] = [:]
        for entry in file.entries {
            guard entry.key.hasPrefix("catalog."), let translation = entry.translation else { continue }
            let text = translation.source.replacingOccurrences(of: "$$", with: "$")
            byCode[String(entry.key.dropFirst(8))] = text
            byEnglish[entry.source] = text
        }
        return (byCode, byEnglish)
    }
}
