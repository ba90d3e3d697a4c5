import ArgumentParser
import FlowCompiler
import FlowLoader
import FlowModel
import Foundation

/// `flowrun translations FOLDER --locale LOCALE`: the translation file of a folder's flows, for translators.
struct TranslationsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "translations",
        abstract: "Print the translation file (.po) of a folder's flows for one language.",
        discussion: """
            Prints a gettext file with an entry for every text people see in the flows of FOLDER (and the \
            sub-flows they use): `msgctxt` the text's key, `msgid` the flow's text, `msgstr` its translation, kept \
            from FOLDER/translations/LOCALE.po when there is one (marked `#, fuzzy` where the text changed since). \
            Save it as that file, translate the empty entries, and `flowrun validate FOLDER` checks it \
            (docs/translations.md).

            Exit codes: 0, 1 when a flow has errors, 2 for a usage error or an unreadable folder.
            """)

    @Argument(help: ArgumentHelp("The folder of flows.", valueName: "folder"), completion: .directory)
    var folder: String

    @Option(help: ArgumentHelp("The language of the file, e.g. fr or pt-BR.", valueName: "locale"))
    var locale: String

    @OptionGroup var catalogOptions: CatalogOptions

    func run() throws {
        guard let tag = LanguageTag.normalized(locale) else {
            throw UsageError("`\(locale)` is not a language tag, such as fr or pt-BR")
        }
        let found = FlowFiles(paths: [folder])
        for problem in found.problems { Terminal.error(problem) }
        guard found.problems.isEmpty else { throw ExitCode.usage }
        let direct = found.files.filter { ($0 as NSString).deletingLastPathComponent == folder }
        let validation = try FlowValidation(catalogs: catalogOptions, project: try Project.current())
        var texts: [FlowText] = []
        var seenKeys: Set<String> = []
        var ids: Set<String> = []
        for file in direct {
            let compiled = validation.load(file: file)
            guard let program = compiled.program else {
                FlowValidation.printToStandardError(compiled.diagnostics, file: file)
                throw ExitCode.flowFailed
            }
            for flow in program.withSubflows where ids.insert(flow.id).inserted {
                texts += flow.texts.filter { seenKeys.insert($0.key).inserted }
            }
        }
        let (translations, _) = validation.compiler.translations(folder: folder)
        Terminal.writeFormatted(POWriter.file(locale: tag, texts: texts, existing: translations.files[tag]))
    }
}
