import FlowCompiler
import FlowLoader
import FlowModel
import Foundation
import NativeAuth

/// A scenario file with its flow loaded and checked: what ``ScenarioRunner`` runs.
public struct LoadedScenarios: Sendable {
    public var file: ScenarioFile
    public var program: Program
    /// Digest of the flow's files.
    public var digest: String
    /// The catalogs the flow was checked against: `answer` faults give the data their outcomes declare.
    public var catalogs: [ActionCatalog] = [NativeAuthClient.defaultCatalog]
}

/// Reads scenario files and checks them against their flow.
public struct ScenarioLoader: Sendable {
    public var limits: LoaderLimits
    public var catalogs: [ActionCatalog]
    /// The project's root folder, which every flow and sub-flow must lie in; nil: each flow's own folder.
    public var root: String?
    /// The folder a scenario's `flow` must really lie in (symbolic links followed) when there is no `root`; nil:
    /// the scenario file's own folder. A flow outside it is refused (FR016) without being read.
    public var projectFolder: String?

    public init(
        limits: LoaderLimits = LoaderLimits(), catalogs: [ActionCatalog] = [NativeAuthClient.defaultCatalog],
        root: String? = nil, projectFolder: String? = nil
    ) {
        self.limits = limits
        self.catalogs = catalogs
        self.root = root
        self.projectFolder = projectFolder
    }

    /// Loads a scenario file and its flow. Every problem of either is a diagnostic; the scenarios are `nil` when
    /// there is an error, and `unrun` then says what did not run.
    public func load(file: String) -> (scenarios: LoadedScenarios?, diagnostics: [Diagnostic], unrun: UnrunScenarios?) {
        let read = DataFileReader(limits: limits).read(file: file)
        guard let root = read.root else {
            return (
                nil,
                read.diagnostics.map { diagnostic in
                    var diagnostic = diagnostic
                    if diagnostic.code == .emptyFile {
                        diagnostic.hint = "a scenario file needs `flow` and `scenarios`"
                    }
                    return diagnostic
                },
                UnrunScenarios(file: file, scenarios: nil, flow: nil)
            )
        }
        // Not a scenario file at all: its name only, none of the reader's findings (they would quote its lines).
        if let finding = ScenarioDecoder.notAScenarioFile(root, file: file) {
            return (nil, [finding], UnrunScenarios(file: file, scenarios: nil, flow: nil))
        }
        var decoder = ScenarioDecoder(file: file, confinement: self.root ?? projectFolder)
        let decoded = decoder.decode(root)
        var diagnostics = read.diagnostics + decoder.diagnostics
        guard let decoded else {
            return (nil, diagnostics, UnrunScenarios(file: file, scenarios: Self.scenarioCount(root), flow: nil))
        }
        let unrun = UnrunScenarios(file: file, scenarios: decoded.scenarios.count, flow: decoded.flow.value)
        let flow = decoded.flow
        let compiled = FlowCompiler(catalogs: catalogs, limits: limits, root: self.root).compile(file: flow.value)
        let flowDiagnostics = compiled.diagnostics
        guard let program = compiled.program, let digest = compiled.digest, !flowDiagnostics.hasErrors else {
            diagnostics.append(
                Diagnostic(
                    RuleCode.scenarioFlowInvalid, "the flow `\(flow.value)` does not load or check", file: file,
                    at: flow.position))
            return (nil, diagnostics + flowDiagnostics.filter { $0.severity == .error }, unrun)
        }
        var checker = ScenarioChecker(file: file, program: program, catalogs: catalogs)
        for scenario in decoded.scenarios { checker.check(scenario) }
        diagnostics += checker.diagnostics
        guard !diagnostics.hasErrors else { return (nil, diagnostics, unrun) }
        var loaded = LoadedScenarios(file: decoded, program: program, digest: digest)
        loaded.catalogs = catalogs
        return (loaded, diagnostics, nil)
    }

    /// How many items the `scenarios` list of a scenario file's top-level map holds; nil when it has none.
    private static func scenarioCount(_ root: DataNode) -> Int? {
        guard case .map(let entries) = root.value,
            case .list(let items) = entries.first(where: { $0.key == "scenarios" })?.value.value
        else { return nil }
        return items.count
    }
}

/// Checks a scenario's names against the checked flow: steps of expected paths, inputs, faulted actions and
/// their outcomes.
struct ScenarioChecker {
    let file: String
    let program: Program
    let actions: [String: CatalogAction]
    private(set) var diagnostics: [Diagnostic] = []
    private let stepNames: [String]
    private let inputNames: Set<String>
    private let calledActions: Set<String>

    init(file: String, program: Program, catalogs: [ActionCatalog]) {
        self.file = file
        self.program = program
        actions = catalogs.first { $0.authority == program.authority }?.actions ?? [:]
        stepNames = Self.stepNames(program, prefix: "", depth: 0)
        let programs = Self.programs(program)
        inputNames = Set(programs.flatMap { $0.inputs.map(\.name.value) })
        calledActions = Set(
            programs.flatMap { program in
                program.steps.compactMap { step -> String? in
                    if case .action(let name, _, _) = step.kind { return name }
                    return nil
                }
            })
    }

    mutating func check(_ scenario: Scenario) {
        for name in scenario.inputs.keys.sorted() where !inputNames.contains(name) {
            report(
                RuleCode.scenarioUnknownInput,
                "scenario `\(scenario.name.value)` answers `\(name)`, an input the flow does not declare"
                    + suggestion(name, inputNames), at: scenario.name.position)
        }
        for fault in scenario.faults { check(fault) }
        let expect = scenario.expect
        for list in [expect.path, expect.pathIncludes, expect.pathExcludes].compactMap({ $0 }) {
            for name in list.value where !stepNames.contains(name) {
                report(
                    RuleCode.scenarioUnknownStep, "the flow has no step `\(name)`" + suggestion(name, stepNames),
                    at: list.position)
            }
        }
    }

    private mutating func check(_ fault: Fault) {
        let action = fault.action.value
        guard calledActions.contains(action) else {
            report(
                RuleCode.scenarioImpossibleFault,
                "the flow never calls `\(action)`" + suggestion(action, calledActions),
                at: fault.action.position)
            return
        }
        if case .answer(let outcome, let data) = fault.kind {
            guard let declared = actions[action]?.outcomes[outcome.value] else {
                let outcomes = actions[action]?.outcomes.keys.sorted() ?? []
                report(
                    RuleCode.scenarioImpossibleFault,
                    "`\(action)` has no outcome `\(outcome.value)`" + suggestion(outcome.value, outcomes),
                    at: outcome.position)
                return
            }
            for key in data.keys.sorted() where declared.data[key] == nil {
                report(
                    RuleCode.scenarioImpossibleFault,
                    "the outcome `\(outcome.value)` of `\(action)` has no data `\(key)`; it has "
                        + (declared.data.isEmpty ? "none" : declared.data.keys.sorted().joined(separator: ", ")),
                    at: outcome.position)
            }
        }
    }

    private func suggestion(_ name: String, _ candidates: some Sequence<String>) -> String {
        Spelling.suggestion(for: name, among: candidates).map { "; did you mean `\($0)`?" } ?? ""
    }

    private mutating func report(_ code: RuleCode, _ message: String, at position: SourcePosition) {
        diagnostics.append(Diagnostic(code, message, file: file, at: position))
    }

    /// Every step name a path may hold: the flow's, and each sub-flow's as `useStep/subStep`.
    static func stepNames(_ program: Program, prefix: String, depth: Int) -> [String] {
        var names: [String] = []
        for step in program.steps {
            names.append(prefix + step.name.value)
            if depth < 16, case .use(let file, _, _) = step.kind, let subflow = program.subflows[file] {
                names += stepNames(subflow, prefix: prefix + step.name.value + "/", depth: depth + 1)
            }
        }
        return names
    }

    /// The program and every sub-program, each once.
    static func programs(_ program: Program) -> [Program] {
        program.withSubflows
    }
}
