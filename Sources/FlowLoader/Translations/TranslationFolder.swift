import FlowModel
import Foundation

/// The translations of a folder of flows: one gettext file per locale, `<folder>/translations/<locale>.po`.
public enum TranslationFolder {
    /// The translations folder of a flows folder.
    public static func path(of folder: String) -> String {
        (folder.isEmpty ? "." : folder) + "/translations"
    }

    /// Reads every `.po` file of `<folder>/translations` (none when there is no such folder); a file that
    /// cannot be read, or is not named for a language tag, is left out with a diagnostic.
    public static func load(folder: String, limits: LoaderLimits = LoaderLimits()) -> (Translations, [Diagnostic]) {
        let directory = path(of: folder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            return (Translations(), [])
        }
        var files: [TranslationFile] = []
        var problems: [Diagnostic] = []
        for name in names.sorted() where name.hasSuffix(".po") && !name.hasPrefix(".") {
            let file = directory + "/" + name
            guard let locale = LanguageTag.normalized(String(name.dropLast(3))) else {
                problems.append(
                    Diagnostic(
                        .translationUnreadable,
                        "`\(name)` is not named for a language tag, such as `fr.po` or "
                            + "`pt-BR.po`", file: file, at: nil))
                continue
            }
            switch FileReader.read(file, maxBytes: limits.maxFileBytes) {
            case .failure(.unreadable(let reason)):
                problems.append(Diagnostic(.translationUnreadable, "cannot read it: \(reason)", file: file, at: nil))
            case .failure(.tooLarge):
                problems.append(
                    Diagnostic(
                        .translationUnreadable, "it is larger than \(limits.maxFileBytes) bytes", file: file, at: nil))
            case .success(let bytes):
                // Decoded, then compared with the bytes: a byte that is not UTF-8 would have become U+FFFD.
                let text = String(decoding: bytes, as: UTF8.self)
                guard text.utf8.elementsEqual(bytes) else {
                    problems.append(Diagnostic(.translationUnreadable, "it is not UTF-8", file: file, at: nil))
                    continue
                }
                switch POFile.parse(text, file: file) {
                case .failure(let failure):
                    problems.append(
                        Diagnostic(.translationUnreadable, failure.message, file: file, at: failure.position))
                case .success(let parsed):
                    problems += parsed.problems
                    files.append(TranslationFile(file: file, locale: locale, entries: parsed.entries))
                }
            }
        }
        return (Translations(files), problems)
    }
}
