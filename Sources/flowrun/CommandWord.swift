import FlowModel
import Foundation

/// The rule for the first word of a command line, since `flowrun FLOW` runs a flow: a word is a subcommand
/// when it names one; otherwise it is a flow file when it exists, contains a `/`, or ends in `.yaml`, `.yml` or
/// `.json`. Any other word is a mistyped subcommand, refused with the closest name (`flowrun vaildate flows/`
/// → did you mean `validate`?) instead of being run as a flow.
enum CommandWord {
    /// The subcommands and the words ArgumentParser itself understands first.
    static var commands: [String] {
        Flowrun.configuration.subcommands.map { $0._commandName } + ["help"]
    }

    /// The options flowrun itself takes before a command or flow (the flow's own options follow the flow).
    static let rootOptions = ["--help", "-h", "--version", "--generate-completion-script"]
    /// ArgumentParser's own options for tools (the docs generator reads the help as JSON).
    static let toolOptions = ["--experimental-dump-help"]

    static func check(_ arguments: [String], fileManager: FileManager = .default) throws(UsageError) {
        if let word = arguments.first, word.hasPrefix("-"), word != "-",
            !(rootOptions + toolOptions).contains(where: { word == $0 || word.hasPrefix($0 + "=") })
        {
            let name = String(word.prefix(while: { $0 != "=" }))
            let closest = name.lowercased() == "-v" ? "--version" : Spelling.suggestion(for: name, among: rootOptions)
            let hint = closest.map { "; did you mean `\($0)`?" } ?? "."
            throw UsageError(
                "unknown option `\(name)`\(hint) Options come after the command or flow: "
                    + "`flowrun COMMAND [OPTIONS]`, `flowrun FLOW [OPTIONS]`")
        }
        guard let word = arguments.first, !word.hasPrefix("-"), !commands.contains(word) else { return }
        let pathExtension = (word as NSString).pathExtension.lowercased()
        let isFlowFile =
            fileManager.fileExists(atPath: word) || word.contains("/") || FlowFiles.extensions.contains(pathExtension)
        #if Running
            if isFlowFile { return }
        #else
            if isFlowFile || Flowrun.runningCommands.contains(word) {
                let command = isFlowFile ? "run" : word
                throw UsageError(
                    "`flowrun \(command)` is not in this build: it was built without the `Running` trait "
                        + "(--disable-default-traits), so it only checks, draws and explains flows; "
                        + "build it with `swift build --product flowrun` to run them")
            }
        #endif
        let hint =
            Spelling.suggestion(for: word, among: commands).map { "did you mean `flowrun \($0)`?" }
            ?? "the commands are \(commands.joined(separator: ", "))"
        throw UsageError(
            "`\(word)` is neither a command nor a flow file (a flow file ends in .yaml, .yml or .json); \(hint)")
    }
}
