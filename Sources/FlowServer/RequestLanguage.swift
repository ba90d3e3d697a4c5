import FlowModel
import NativeAuthServer
import NativeAuthWire

extension MountedRequest {
    /// The languages the request asks for, most wanted first: `?lang=`, then `Accept-Language` by `q`.
    var languages: [String] {
        let asked = query.flatMap { FormBody.decodePairs($0)?.last { $0.name == "lang" }?.value }
        return (asked.flatMap(LanguageTag.normalized).map { [$0] } ?? [])
            + LanguageTag.accepted(acceptLanguage ?? "")
    }

    /// `?lang=` as given (normalized), to carry on in the links and redirects of the pages; nil without one.
    var askedLanguage: String? {
        query.flatMap { FormBody.decodePairs($0)?.last { $0.name == "lang" }?.value }.flatMap(LanguageTag.normalized)
    }
}

extension ServedFlows {
    /// The locale to answer `languages` in: the first (after its fallbacks, `fr-ca` then `fr`) that the flows'
    /// translations or the pages' words are in; nil for English, the flows' own language, or when none is.
    func locale(for languages: [String]) -> String? {
        for tag in languages {
            for candidate in LanguageTag.fallbacks(of: tag) {
                if candidate == "en" { return nil }
                if translations.files[candidate] != nil || PageWords.translated[candidate] != nil { return candidate }
            }
        }
        return nil
    }
}
