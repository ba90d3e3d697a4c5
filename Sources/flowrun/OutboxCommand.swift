#if Running
    import ArgumentParser
    import FlowEngine
    import Foundation
    import NativeAuthEmulator
    import NativeAuthTenant

    /// `flowrun outbox`: the codes the embedded authority "sent", newest first.
    struct Outbox: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the codes the embedded authority sent (its outbox), newest first.",
            discussion: """
                The outbox of the embedded authority in the state folder (--state-dir, else $FLOWRUN_STATE_DIR, else \
                `stateDir` of ./flowrun.yaml, else .flowrun). For `flowrun serve --dev-outbox`, read it over HTTP \
                (`@outbox` in `run --authority URL`).

                Exit codes: 0, or 2 for a usage error or when there is no state folder yet.
                """)

        @Option(help: ArgumentHelp("Only codes sent to this address.", valueName: "email"))
        var to: String?

        @Option(help: "How many to list.")
        var limit = 10

        @OptionGroup var stateOption: StateOption

        @OptionGroup var output: OutputFormatOptions

        /// Whether JSON is printed (`--format json` or `--json`).
        var json: Bool { output.json }

        func run() async throws {
            let state = StateDirectory(option: stateOption.stateDir, project: try Project.load())
            guard FileManager.default.fileExists(atPath: state.path) else {
                Terminal.error("no state folder at \(state.path): run a flow first")
                throw ExitCode.usage
            }
            let emulator = NativeAuthEmulator(
                configuration: TenantConfiguration(), store: try EmulatorStore(directory: state.path))
            let messages = try await emulator.outbox(to: to, limit: limit)
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
                encoder.dateEncodingStrategy = .iso8601
                Terminal.writeFormatted(String(decoding: try encoder.encode(messages), as: UTF8.self) + "\n")
                return
            }
            let formatter = ISO8601DateFormatter()
            for message in messages {
                Terminal.write(
                    "\(formatter.string(from: message.sentAt))  \(message.to)  \(message.purpose)  \(message.code)\n")
            }
        }
    }
#endif
