import Foundation

/// Language tags (BCP 47, as `Accept-Language`, `?lang=` and `--locale` give them) and POSIX locale names
/// (`LANG=fr_CA.UTF-8`): read, normalized to lowercase with `-`, and their fallbacks.
public enum LanguageTag {
    /// `tag` lowercased with `_` as `-` and any `.charset` or `@modifier` dropped; nil when it is not a
    /// language tag (letters, digits and `-` only, starting with 2–8 letters), or is `*`, `C` or `POSIX`.
    public static func normalized(_ tag: String) -> String? {
        var text = Substring(tag.trimmingCharacters(in: .whitespaces))
        if let cut = text.firstIndex(where: { $0 == "." || $0 == "@" }) { text = text[..<cut] }
        let lowered = text.lowercased().replacingOccurrences(of: "_", with: "-")
        guard lowered != "c", lowered != "posix", !lowered.isEmpty, lowered.count <= 35 else { return nil }
        let subtags = lowered.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = subtags.first, (2...8).contains(language.count),
            language.allSatisfy({ $0.isASCII && $0.isLetter }),
            subtags.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return nil }
        return lowered
    }

    /// The tag, then each shorter prefix of it: `fr-ca` → `fr-ca`, `fr`.
    public static func fallbacks(of tag: String) -> [String] {
        guard let normalized = normalized(tag) else { return [] }
        var subtags = normalized.split(separator: "-").map(String.init)
        var result: [String] = []
        while !subtags.isEmpty {
            result.append(subtags.joined(separator: "-"))
            subtags.removeLast()
        }
        return result
    }

    /// The languages of an `Accept-Language` header, most wanted first (by `q`, then by order); tags with
    /// `q=0` and malformed ones are left out.
    public static func accepted(_ header: String) -> [String] {
        var weighted: [(tag: String, weight: Double, order: Int)] = []
        for (order, item) in header.split(separator: ",").prefix(32).enumerated() {
            let pieces = item.split(separator: ";")
            guard let first = pieces.first, let tag = normalized(String(first)) else { continue }
            var weight = 1.0
            for parameter in pieces.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if pair.count == 2, pair[0] == "q", let value = Double(pair[1]), (0...1).contains(value) {
                    weight = value
                }
            }
            if weight > 0 { weighted.append((tag, weight, order)) }
        }
        return weighted.sorted { ($0.weight, -$0.order) > ($1.weight, -$1.order) }.map(\.tag)
    }

    /// The language of the POSIX environment, as a terminal program reads it: `LC_ALL`, else `LC_MESSAGES`,
    /// else `LANG` (the first that is set and not empty).
    public static func fromEnvironment(_ environment: [String: String]) -> String? {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty { return normalized(value) }
        }
        return nil
    }

    /// Whether the language is written right to left (Arabic, Hebrew, Persian, Urdu and a few others).
    public static func isRightToLeft(_ tag: String) -> Bool {
        let language = fallbacks(of: tag).last ?? ""
        return ["ar", "arc", "ckb", "dv", "fa", "he", "ps", "sd", "syr", "ug", "ur", "yi"].contains(language)
    }
}
