#if Running
    import ArgumentParser
    import FlowModel
    import FlowScenarios
    import Foundation
    import NativeAuthEmulator
    import NativeAuthTenant

    /// `flowrun test PATH...`
    struct Test: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run scenario tests of flows and report transition coverage.",
            discussion: """
                Each PATH is a scenario file or a folder searched recursively for scenario files (*.test.yaml, \
                *.test.yml, *.test.json). Every scenario runs against a fresh embedded authority of its own: the \
                users of its file, its faults, its answers. The report lists each scenario, the difference between \
                what was expected and what happened, and the edges of each flow the scenarios took.

                With --explore, each PATH is a flow file (or a folder of flows): flowrun derives scenarios that \
                together take every edge it can reach, forcing outcomes with injected faults, runs them, and with \
                --write saves them as scenario files for review.

                A scenario file that does not load, or whose flow does not, is an error in every --format at its \
                file:line:column; the other files still run, the summary counts its scenarios as not run and names \
                its flow as not measured.

                Exit codes: 0 when every scenario passed and coverage reached --min-coverage, 1 otherwise, 2 for a \
                usage error or an invalid scenario or flow file.
                """
        )

        @Argument(
            help: ArgumentHelp("Scenario files or folders (flow files with --explore).", valueName: "path"),
            completion: .flowFiles)
        var paths: [String]

        @Option(help: "The report format; github prints GitHub Actions annotations, junit a JUnit XML report.")
        var format: TestReportFormat = .text

        @Option(
            help: ArgumentHelp(
                "Write the report (in --format) to FILE; the text report still goes to the terminal.",
                valueName: "file"))
        var output: String?

        @Option(
            help: ArgumentHelp("Fail when a flow's transition coverage is below this percentage.", valueName: "pct"))
        var minCoverage: Double?

        @Option(
            help: ArgumentHelp("How many scenarios run at once (default: the number of CPU cores).", valueName: "n"))
        var jobs: Int?

        @Option(help: ArgumentHelp("Run only the scenarios whose name contains this text.", valueName: "text"))
        var filter: String?

        @Flag(help: "Derive scenarios from each flow instead of reading scenario files.")
        var explore = false

        @Option(help: ArgumentHelp("With --explore, write the derived scenarios to this folder.", valueName: "dir"))
        var write: String?

        @Option(
            help: ArgumentHelp(
                "With --explore, the tenant the runs meet (an authority.yaml); written into the scenario files.",
                valueName: "file"))
        var config: String?

        @OptionGroup var catalogOptions: CatalogOptions

        func validate() throws {
            if let minCoverage, !(0...100).contains(minCoverage) {
                throw ValidationError("--min-coverage takes a percentage from 0 to 100")
            }
            if let jobs, jobs < 1 { throw ValidationError("--jobs takes a number of at least 1") }
            if write != nil && !explore { throw ValidationError("--write goes with --explore") }
            if config != nil && !explore { throw ValidationError("--config goes with --explore") }
        }

        func run() async throws {
            let report: TestReport
            if explore {
                report = try await exploreFlows()
            } else {
                report = try await runScenarioFiles()
            }
            let streamed = format == .text || output != nil
            if let output {
                do {
                    try rendered(report, as: format).write(toFile: output, atomically: true, encoding: .utf8)
                } catch {
                    throw UsageError("cannot write the report to \(output): \(error.localizedDescription)")
                }
            }
            if streamed {
                Terminal.write(report.text(scenarios: false))
            } else if format == .text {
                Terminal.write(report.text())
            } else {
                Terminal.writeFormatted(try rendered(report, as: format))
            }
            if !report.errors.isEmpty { throw ExitCode.usage }
            if !report.passed { throw ExitCode.flowFailed }
        }

        /// The report in `format`.
        private func rendered(_ report: TestReport, as format: TestReportFormat) throws -> String {
            switch format {
            case .text: return report.text()
            case .json: return try report.json()
            case .junit: return report.junit()
            case .github: return report.github()
            }
        }

        /// Prints a scenario's text lines as it finishes, when the terminal gets the text report.
        private var progress: (@Sendable (ScenarioResult) -> Void)? {
            guard format == .text || output != nil else { return nil }
            return { result in Terminal.writeLine(TestReport.lines(of: result).joined(separator: "\n")) }
        }

        private func runScenarioFiles() async throws -> TestReport {
            let found = FlowFiles(paths: paths, scenarios: true)
            for problem in found.problems { Terminal.error(problem) }
            guard found.problems.isEmpty else { throw ExitCode.usage }
            guard !found.files.isEmpty else {
                Terminal.error(
                    "no scenario files (*.test.yaml, *.test.yml, *.test.json) found in \(paths.joined(separator: ", "))"
                )
                throw ExitCode.usage
            }
            let project = try Project.current()
            var loader = ScenarioLoader(
                catalogs: try catalogOptions.catalogs(project: project), root: try project.rootFolder())
            var loaded: [LoadedScenarios] = []
            var diagnostics: [Diagnostic] = []
            var unrun: [UnrunScenarios] = []
            for file in found.files {
                loader.projectFolder = Project.folder(of: file)
                let result = loader.load(file: file)
                diagnostics += result.diagnostics
                if let scenarios = result.scenarios { loaded.append(scenarios) }
                if let notRun = result.unrun { unrun.append(notRun) }
            }
            // GitHub annotations carry the problems themselves; the other formats also get them on standard error.
            if !diagnostics.isEmpty && (format != .github || output != nil) {
                FlowValidation.printToStandardError(diagnostics, file: found.files[0])
            }
            // The files that loaded still run; those that did not are errors in the report, their scenarios not
            // run and their flows not measured, so that no report leaves them out.
            let results = await ScenarioSuite.run(
                loaded, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, matching: filter, finished: progress
            )
            // With --filter, coverage (and its uncovered edges) is that of the flows whose scenarios ran.
            let ran = loaded.filter { file in
                file.file.scenarios.contains { scenario in filter.map { scenario.name.value.contains($0) } ?? true }
            }
            let coverage = CoverageCounter.coverage(of: ran.map(\.program), results: results)
            return TestReport(
                results: results, coverage: coverage, minimumCoverage: minCoverage,
                errors: diagnostics.filter { $0.severity == .error }, unrun: unrun)
        }

        private func exploreFlows() async throws -> TestReport {
            let found = FlowFiles(paths: paths)
            for problem in found.problems { Terminal.error(problem) }
            guard found.problems.isEmpty else { throw ExitCode.usage }
            guard !found.files.isEmpty else {
                Terminal.error("no flow files (.yaml, .yml, .json) found in \(paths.joined(separator: ", "))")
                throw ExitCode.usage
            }
            let tenant = try config.map(TenantConfiguration.option)
            let project = try Project.current()
            let catalogs = try catalogOptions.catalogs(project: project)
            let validation = try FlowValidation(catalogs: catalogOptions, project: project)
            var results: [ScenarioResult] = []
            var programs: [Program] = []
            var explorations: [Exploration] = []
            for file in found.files {
                let loaded = validation.load(file: file)
                guard let program = loaded.program, let digest = loaded.digest else {
                    FlowValidation.printToStandardError(loaded.diagnostics, file: file)
                    throw ExitCode.usage
                }
                var explorer = Explorer(program: program, digest: digest, file: file)
                if let tenant { explorer.tenant = tenant }
                explorer.catalogs = catalogs
                let exploration = await explorer.explore()
                explorations.append(exploration)
                results += exploration.results
                if let progress { exploration.results.forEach(progress) }
                programs.append(program)
                if let write {
                    let target = try ExploreOutput.write(exploration, flow: file, folder: write)
                    Terminal.writeError(
                        "flowrun: wrote \(exploration.scenarios.file.scenarios.count) scenarios to \(target)")
                }
            }
            let coverage = Exploration.explain(
                CoverageCounter.coverage(of: programs, results: results), by: explorations)
            return TestReport(results: results, coverage: coverage, minimumCoverage: minCoverage)
        }
    }

    /// The values of `test --format`.
    enum TestReportFormat: String, CaseIterable, ExpressibleByArgument {
        case text
        case json
        case junit
        case github
    }
#endif
