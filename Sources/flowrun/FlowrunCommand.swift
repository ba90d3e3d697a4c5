import ArgumentParser
import FlowrunFoundation
import Foundation

/// `flowrun`: run, check and draw native-authentication user flows.
struct Flowrun: AsyncParsableCommand {
    static let version = FlowrunVersion.current

    static let configuration = CommandConfiguration(
        commandName: "flowrun",
        abstract: "Run, check and draw native-authentication user flows written as YAML or JSON flow graphs.",
        discussion: buildNote + " " + """
            validate and graph exit 0 when everything is fine, 1 when a flow has errors (or warnings under \
            --strict), 2 for a usage error, an unreadable path or no flow files.
            """,
        version: "flowrun \(version)",
        subcommands: commands,
        defaultSubcommand: defaultCommand
    )

    #if Running
        static let commands: [any ParsableCommand.Type] = [
            Run.self, Validate.self, Test.self, Graph.self, Catalog.self, Schema.self, Explain.self, Diff.self,
            Bounds.self, Outbox.self, Serve.self, TranslationsCommand.self,
        ]
        static let defaultCommand: (any ParsableCommand.Type)? = Run.self
        static let buildNote = """
            `flowrun FLOW` runs a flow (the same as `flowrun run FLOW`); see `flowrun help run` for its exit \
            codes.
            """
    #else
        /// Built without the `Running` trait: only the commands that check, draw and explain flows.
        static let commands: [any ParsableCommand.Type] = [
            Validate.self, Graph.self, Catalog.self, Schema.self, Explain.self, Diff.self, Bounds.self,
            TranslationsCommand.self,
        ]
        static let defaultCommand: (any ParsableCommand.Type)? = nil
        static let buildNote = """
            This flowrun was built without its `Running` trait: it checks, draws and explains flows, and does not \
            run them.
            """
        /// The commands that need the `Running` trait.
        static let runningCommands = ["run", "test", "outbox", "serve"]
    #endif
}

/// Parses the command line, runs the chosen command, and exits with flowrun's exit codes.
enum FlowrunEntry {
    static func main(_ arguments: [String]) async -> Never {
        do {
            try CommandWord.check(arguments)
            var command = try Flowrun.parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            Flowrun.exit()
        } catch {
            exit(with: error)
        }
    }

    /// Like `Flowrun.exit(withError:)`, except that a usage error exits 2 instead of 64.
    static func exit(with error: any Error) -> Never {
        if let error = error as? UsageError {
            Terminal.error(error.description)
            Flowrun.exit(withError: ExitCode.usage)
        }
        if let error = error as? CommandFailure {
            Terminal.error(error.description)
            Flowrun.exit(withError: ExitCode.flowFailed)
        }
        if Flowrun.exitCode(for: error) == .validationFailure {
            Terminal.writeError(usageMessage(Flowrun.fullMessage(for: error)))
            Flowrun.exit(withError: ExitCode.usage)
        }
        Flowrun.exit(withError: error)
    }
}

/// ArgumentParser's usage error in flowrun's words: `Error: Unknown option …` becomes `flowrun: error: unknown
/// option …`, the prefix of every other error flowrun prints; its usage lines follow unchanged.
func usageMessage(_ message: String) -> String {
    guard message.hasPrefix("Error: ") else { return message }
    let rest = message.dropFirst("Error: ".count)
    return "flowrun: error: " + rest.prefix(1).lowercased() + rest.dropFirst()
}

extension ExitCode {
    /// A flow has errors, or warnings under `--strict`.
    static let flowFailed = ExitCode(1)
    /// A usage error, an unreadable path, or no flow files.
    static let usage = ExitCode(2)
}
