#if Running
    import ArgumentParser
    import FlowEngine
    import FlowModel
    import FlowServer
    import FlowrunFoundation
    import Foundation
    import NativeAuth

    /// `flowrun run FLOW` (also `flowrun FLOW`): runs a flow against the embedded authority, or over HTTP against
    /// `flowrun serve` or a real tenant (`--authority`, `--tenant`, `flowrun.yaml`).
    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Run a flow against an authority (the default command: `flowrun FLOW`).",
            discussion: """
                The authority is the embedded emulator unless --authority URL or --tenant SUBDOMAIN (or \
                `authority:` / `tenant:` in ./flowrun.yaml, which may also set clientId, challengeTypes, \
                capabilities and stateDir) points at `flowrun serve` or a real tenant; the account cache stays in \
                the state folder either way.

                Answers come from the terminal, or from --input and --answers. --format json (or --json) streams \
                the run's events as JSON lines. In a terminal, the codes the \
                embedded authority "sends" are shown on standard error, marked as its outbox.

                Exit codes: 0 success end, 1 failure end (or any end other than success and browser_required, or \
                a run that could not go on, or a state folder that cannot be written: disk full, read-only), \
                2 usage error or invalid flow, 3 cancelled, 4 browser required, 5 suspended and saved with --save.
                """)

        @Argument(help: "The flow file to run.", completion: .flowFiles)
        var flow: String

        @Option(
            name: .customLong("input"),
            help: ArgumentHelp(
                "An answer, NAME=VALUE; repeat for an input asked several times. `@outbox` is "
                    + "the code the authority sent last (embedded, or `flowrun serve --dev-outbox`). An attributes "
                    + "input takes NAME.FIELD=VALUE (one option a field) or NAME='{\"FIELD\": \"VALUE\"}'.",
                valueName: "name=value"))
        var inputs: [String] = []

        @Option(
            help: ArgumentHelp(
                "A YAML or JSON file of answers (`-`: standard input): NAME: "
                    + "VALUE or NAME: [VALUE, …]; `{choose: NAME}` picks a choice.",
                valueName: "file"), completion: .flowFiles)
        var answers: String?

        @Option(
            name: .customLong("param"), help: ArgumentHelp("A param of the flow, NAME=VALUE.", valueName: "name=value"))
        var params: [String] = []

        @OptionGroup var stateOption: StateOption

        @Option(
            help: ArgumentHelp(
                "The embedded authority's tenant configuration (default: ./authority.yaml when present).",
                valueName: "file"
            ))
        var config: String?

        @OptionGroup var catalogOptions: CatalogOptions

        @OptionGroup var client: ClientOptions

        @OptionGroup var output: OutputFormatOptions

        /// Whether JSON is printed (`--format json` or `--json`).
        var json: Bool { output.json }

        @Option(
            help: ArgumentHelp(
                "When scripted answers run out, save the session to FILE (mode 0600) and exit 5.", valueName: "file"))
        var save: String?

        @Option(
            help: ArgumentHelp(
                "Continue the session saved in FILE, of the same FLOW: `flowrun run FLOW --resume FILE`.",
                valueName: "file"))
        var resume: String?

        @Option(
            help: ArgumentHelp(
                "The language of the flow's texts, from translations/LOCALE.po beside it (default: LC_ALL, "
                    + "LC_MESSAGES or LANG; the flow's own words where there is no translation).",
                valueName: "locale"))
        var locale: String?

        func run() async throws {
            let project = try Project.current()
            let validation = try FlowValidation(catalogs: catalogOptions, project: project)
            let loaded = validation.load(file: flow)
            guard let checked = loaded.program, let digest = loaded.digest else {
                FlowValidation.printToStandardError(loaded.diagnostics, file: flow)
                throw ExitCode.usage
            }
            let language = try TerminalLanguage(option: locale)
            let program = language.program(checked, of: flow, compiler: validation.compiler)
            if let other = program.withSubflows.first(where: {
                $0.authority != NativeAuthClient.defaultCatalog.authority
            }) {
                throw UsageError(
                    "`\(other.file.isEmpty ? flow : other.file)` runs against `\(other.authority)`, "
                        + "which flowrun cannot call: it runs native-auth flows. Check this flow with validate, "
                        + "graph and test (scenarios answer its actions with `answer` faults), and run it in "
                        + "your app with your own Authority (docs/embedding.md)."
                )
            }
            let scripted = !inputs.isEmpty || answers != nil
            let script =
                scripted
                ? try AnswerScript.answers(
                    options: inputs, file: answers, attributeInputs: RunArguments.attributeInputNames(of: program))
                : [:]
            let given = Dictionary(
                try AnswerScript.pairs(params, option: "--param").map { ($0, Value.string($1)) },
                uniquingKeysWith: { _, last in last })
            try RunArguments.check(params: resume == nil ? given : nil, answers: script, program: program)
            let saved: SealedSession?
            do {
                saved = try resume.map(SessionFile.load)
            } catch {
                throw UsageError("--resume: \(error)")
            }
            let authority: RunAuthority
            let state = StateDirectory(option: stateOption.stateDir, project: project)
            let seal = SessionFileSeal(state: state)
            do {
                authority = try await RunAuthority.choose(
                    options: client, project: project, stateDir: stateOption.stateDir, config: config,
                    showingCodes: !scripted && isatty(0) == 1)
            } catch {
                if let failure = StateFailure.failure(error, folder: state.path) { throw failure }
                Terminal.error("\(error)")
                throw ExitCode.usage
            }
            let signals = authority.signals
            let source: any InputSource
            if scripted {
                let outbox = authority.outbox
                source = ScriptedInputs(
                    script, suspendWhenExhausted: save != nil,
                    resolve: { text, _ in try await Self.resolve(text, outbox: outbox, user: signals.username) })
            } else {
                source = TerminalInputs()
            }
            let reporter = RunReporter(json: json)
            let runner = FlowRunner(
                program: program, digest: digest,
                authority: CatalogTexts.authority(authority.client, languages: language.tag.map { [$0] } ?? []),
                inputs: source,
                observer: reporter.report)
            let outcome: RunOutcome
            if let saved, let resume {
                let session = try seal.open(saved, path: resume)
                signals.resume(session)
                outcome = await runner.resume(session)
            } else {
                outcome = await runner.start(params: given)
            }
            for problem in signals.problems {
                Terminal.writeError("flowrun: the authority did not answer: \(problem)")
            }
            if signals.storeFailed { Terminal.error(StateFailure.failure(writingIn: state.path).description) }
            try finish(outcome, reporter: reporter, seal: seal)
        }

        private func finish(_ outcome: RunOutcome, reporter: RunReporter, seal: SessionFileSeal) throws {
            switch outcome {
            case .ended(let result):
                reporter.finish(result)
                switch result.kind {
                case .success: return
                case .named("browser_required"): throw ExitCode(4)
                default: throw ExitCode(1)
                }
            case .cancelled:
                reporter.close(.cancelled, flow: flow)
                Terminal.writeError("flowrun: cancelled")
                throw ExitCode(3)
            case .suspended(let session):
                guard let save else {
                    let message = "the run stopped for an answer that was not given"
                    reporter.close(.error, flow: flow, message: message)
                    Terminal.error(message)
                    throw ExitCode.usage
                }
                do {
                    try SessionFile.save(try seal.seal(session), to: save)
                } catch {
                    reporter.close(.error, flow: flow, message: "cannot save the session to \(save): \(error)")
                    throw error
                }
                reporter.close(.suspended, flow: flow, session: save)
                Terminal.writeError(
                    "flowrun: session saved to \(save); continue with: \(resumeCommand(save)) --input …")
                throw ExitCode(5)
            case .failed(let error):
                reporter.close(.error, flow: flow, message: error.message)
                Terminal.error(error.message)
                throw ExitCode(1)
            }
        }

        /// The command that continues a session saved in `file`: the same flow, authority and state folder.
        func resumeCommand(_ file: String) -> String {
            var words = ["flowrun", "run", flow]
            let options: [(String, String?)] = [
                ("--state-dir", stateOption.stateDir), ("--config", config), ("--authority", client.authority),
                ("--tenant", client.tenant), ("--client-id", client.clientID),
                ("--challenge-types", client.challengeTypes), ("--capabilities", client.capabilities),
            ]
            for case (let option, let value?) in options { words += [option, value] }
            words += ["--resume", file]
            return words.map(ShellWord.quoted).joined(separator: " ")
        }

        /// `@outbox` is the code the authority sent last to `user`; `@@…` is a literal `@…`.
        static func resolve(_ text: String, outbox: OutboxSource, user: String?) async throws -> Value {
            if text == "@outbox" { return .string(try await outbox.code(for: user)) }
            if text.hasPrefix("@@") { return .string(String(text.dropFirst())) }
            return .string(text)
        }
    }
#endif
