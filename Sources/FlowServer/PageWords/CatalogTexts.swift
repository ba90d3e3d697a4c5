import FlowEngine
import FlowModel
import FlowrunFoundation

/// The catalog's texts for people in the language of a request: an outcome datum `<name>Text` that gives a
/// code's words (`reasonText` for `reason: password_too_short`) is replaced by the translation keyed
/// `catalog.<code>` shipped with the pages' words, when there is one. The codes themselves stay as they are.
struct CatalogTextAuthority: Authority {
    let base: any Authority
    /// Translations by code.
    let texts: [String: String]

    var catalog: ActionCatalog { base.catalog }

    /// `authority`, with its texts in `locale` when the pages' words have them.
    static func wrapping(_ authority: any Authority, in locale: String?) -> any Authority {
        let texts = PageWords.catalogTexts(in: locale)
        return texts.isEmpty ? authority : CatalogTextAuthority(base: authority, texts: texts)
    }

    func perform(
        _ action: String, arguments: [String: Value], continuation: AuthorityContinuation?
    ) async throws -> ActionResult {
        var result = try await base.perform(action, arguments: arguments, continuation: continuation)
        for name in result.data.keys where name.hasSuffix("Text") {
            guard case .string(let code)? = result.data[String(name.dropLast(4))], let text = texts[code] else {
                continue
            }
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
    /// The catalog's texts in `locale` by code (`password_too_short`); empty for English or a language without
    /// them.
    static func catalogTexts(in locale: String?) -> [String: String] {
        guard let locale, let file = translated[locale] else { return [:] }
        var texts: [String: String] = [:]
        for entry in file.entries {
            guard entry.key.hasPrefix("catalog."), let translation = entry.translation else { continue }
            texts[String(entry.key.dropFirst(8))] = translation.source.replacingOccurrences(of: "$$", with: "$")
        }
        return texts
    }
}
