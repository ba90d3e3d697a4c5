import FlowCompiler
import FlowModel
import Foundation

/// The language of a run's texts in the terminal: `--locale`, else the POSIX environment (`LC_ALL`,
/// `LC_MESSAGES`, `LANG`), from the translations beside the flow (`translations/<locale>.po`).
struct TerminalLanguage {
    /// The language asked for, normalized; nil when none is.
    var tag: String?

    init(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        if let option {
            guard let tag = LanguageTag.normalized(option) else {
                throw UsageError("--locale `\(option)` is not a language tag, such as fr or pt-BR")
            }
            self.tag = tag
        } else {
            tag = LanguageTag.fromEnvironment(environment)
        }
    }

    /// `program` (of the flow file `file`) in the language asked for, when the flow's folder has its translation.
    func program(_ program: Program, of file: String, compiler: FlowCompiler) -> Program {
        guard let tag else { return program }
        let folder = (file as NSString).deletingLastPathComponent
        let (translations, _) = compiler.translations(folder: folder.isEmpty ? "." : folder)
        return translations.program(program, in: translations.locale(for: [tag]))
    }
}
