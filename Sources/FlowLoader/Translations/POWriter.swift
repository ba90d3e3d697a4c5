import FlowModel

/// Writes gettext `.po` text: a file for translators with one entry per text (`msgctxt` its key, `msgid` its
/// source, `msgstr` its translation), in the order of the texts given.
public enum POWriter {
    /// The file for `locale` with an entry for each of `texts`; the translations `existing` has for a key are
    /// kept, and marked `#, fuzzy` (to check again) when their source text has changed since.
    public static func file(locale: String, texts: [FlowText], existing: TranslationFile?) -> String {
        var lines = [
            "msgid \"\"", "msgstr \"\"", "\"Language: \(locale)\\n\"", "\"MIME-Version: 1.0\\n\"",
            "\"Content-Type: text/plain; charset=UTF-8\\n\"", "",
        ]
        let previous = Dictionary(
            (existing?.entries ?? []).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        for text in texts {
            let source = text.source.source
            let old = previous[text.key]
            if let old, old.source != source, old.translation != nil { lines.append("#, fuzzy") }
            lines.append("msgctxt \(quoted(text.key))")
            lines.append("msgid \(quoted(source))")
            lines.append("msgstr \(quoted(old?.translation?.source ?? ""))")
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// `text` as a `.po` string in double quotes.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
