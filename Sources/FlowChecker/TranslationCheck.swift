import FlowModel

/// FR135–FR138: the translation files of a folder against the texts of its flows. Each finding names the
/// translation file, the key and the locale: a text without a translation (FR135), a translation of a text no flow
/// has (FR136), one that reads other `${…}` variables than its text (FR137), one made from an older text (FR138).
public enum TranslationCheck {
    /// The findings about `translations` for `programs` (and the sub-flows they use). `complete` says every flow
    /// of the folder is among `programs`: only then is a key of a flow not among them extra.
    public static func diagnostics(
        programs: [Program], translations: Translations, complete: Bool
    ) -> [Diagnostic] {
        var texts: [String: FlowText] = [:]
        var order: [String] = []
        var ids: Set<String> = []
        for program in programs.flatMap(\.withSubflows) where ids.insert(program.id).inserted {
            for text in program.texts where texts[text.key] == nil {
                texts[text.key] = text
                order.append(text.key)
            }
        }
        var diagnostics: [Diagnostic] = []
        for locale in translations.locales {
            guard let file = translations.files[locale] else { continue }
            let entries = Dictionary(file.entries.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
            for key in order {
                guard let text = texts[key] else { continue }
                guard let entry = entries[key], let translation = entry.translation else {
                    diagnostics.append(
                        Diagnostic(
                            .translationMissing,
                            "`\(locale)` has no translation of `\(key)` (\"\(text.source.source)\")",
                            file: file.file, at: entries[key]?.position))
                    continue
                }
                let wanted = Set(text.source.variables.map(\.path))
                let given = Set(translation.variables.map(\.path))
                if wanted != given {
                    diagnostics.append(
                        Diagnostic(
                            .translationPlaceholders,
                            "the `\(locale)` translation of `\(key)` reads \(list(given)) where the text reads "
                                + list(wanted), file: file.file, at: entry.position))
                }
                if entry.source != text.source.source {
                    diagnostics.append(
                        Diagnostic(
                            .translationStale,
                            "the `\(locale)` translation of `\(key)` is of \"\(entry.source)\"; the text is now "
                                + "\"\(text.source.source)\"", file: file.file, at: entry.position))
                }
            }
            for entry in file.entries where texts[entry.key] == nil {
                let ofChecked = ids.contains { entry.key.hasPrefix($0 + ".") }
                guard complete || ofChecked else { continue }
                diagnostics.append(
                    Diagnostic(
                        .translationExtra, "`\(locale)` translates `\(entry.key)`, which no flow has",
                        file: file.file, at: entry.position))
            }
        }
        return diagnostics
    }

    private static func list(_ paths: Set<String>) -> String {
        paths.isEmpty ? "no variable" : paths.sorted().map { "`${\($0)}`" }.joined(separator: ", ")
    }
}
