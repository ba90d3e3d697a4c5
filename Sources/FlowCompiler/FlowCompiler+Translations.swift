import FlowChecker
import FlowLoader
import FlowModel
import Foundation

extension FlowCompiler {
    /// The translations of a folder of flows (`<folder>/translations/<locale>.po`), and the findings of reading
    /// them (FR134, FR019).
    public func translations(folder: String) -> (Translations, [Diagnostic]) {
        TranslationFolder.load(folder: folder, limits: limits)
    }

    /// FR134–FR138 for the folders of `files` that have translations: each folder's translation files against
    /// the texts of its flows among `files` (and their sub-flows). `folderFiles` gives the flow files of a folder:
    /// when `files` holds them all, a translation of a flow that is not among them is extra (FR136).
    public func translationDiagnostics(files: [String], folderFiles: (String) -> [String]) -> [Diagnostic] {
        let byFolder = Dictionary(grouping: files) { (($0 as NSString).deletingLastPathComponent) }
        var diagnostics: [Diagnostic] = []
        for (folder, files) in byFolder.sorted(by: { $0.key < $1.key }) {
            let (translations, problems) = translations(folder: folder.isEmpty ? "." : folder)
            diagnostics += problems
            guard !translations.files.isEmpty else { continue }
            let programs = files.compactMap { compile(file: $0).program }
            let complete = Set(folderFiles(folder)).isSubset(of: Set(files))
            diagnostics += TranslationCheck.diagnostics(
                programs: programs, translations: translations, complete: complete)
        }
        return diagnostics
    }
}

extension TranslationFile {
    /// A translation file read from text, such as translations shipped in code; a malformed file is an error
    /// naming `file`, line and column.
    public static func parse(_ text: String, file: String, locale: String) throws(FlowError) -> TranslationFile {
        switch POFile.parse(text, file: file) {
        case .failure(let failure):
            throw FlowError([Diagnostic(.translationUnreadable, failure.message, file: file, at: failure.position)])
        case .success(let parsed):
            guard parsed.problems.isEmpty else { throw FlowError(parsed.problems) }
            return TranslationFile(file: file, locale: locale, entries: parsed.entries)
        }
    }
}
