import FlowChecker
import FlowLoader
import FlowModel

/// From flow files to checked programs: loads a flow and every sub-flow it uses, checks them against action
/// catalogs and gives the program with its digest, its files and every finding. The one way the CLI, the
/// scenario runner, the benchmarks and an app embedding flowrun turn a flow file into something to run.
public struct FlowCompiler: Sendable {
    /// The loader's size, depth and step limits.
    public var limits: LoaderLimits
    /// The action catalogs flows may name as their `authority`.
    public var catalogs: [ActionCatalog]
    /// Rules whose findings are dropped (for tests that must run flows the security lint rejects).
    public var disabledRules: Set<RuleCode>
    /// The project's root folder (`root:` of `flowrun.yaml`): every flow file and sub-flow must lie inside it.
    /// Without one, each flow's own folder is the root of its sub-flows.
    public var root: String?

    public init(
        catalogs: [ActionCatalog], limits: LoaderLimits = LoaderLimits(), disabledRules: Set<RuleCode> = [],
        root: String? = nil
    ) {
        self.catalogs = catalogs
        self.limits = limits
        self.disabledRules = disabledRules
        self.root = root
    }

    /// Compiles a flow file. Its sub-flows must stay inside `root`, by default the compiler's ``root`` or else
    /// the file's own folder. Never throws, never crashes: every problem is a diagnostic.
    public func compile(file: String, root: String? = nil) -> CompiledFlow {
        let root = root ?? self.root
        if let root, !FlowPath.isInside(file, root: root) {
            let diagnostic = Diagnostic(
                .pathEscapesRoot, "`\(file)` is outside the project's root folder `\(root)`", file: file, at: nil,
                hint: "move the flow under the root, or set `root:` in flowrun.yaml to a folder that holds it")
            return CompiledFlow(program: nil, digest: nil, files: [], diagnostics: [diagnostic])
        }
        let loaded = FlowLoader(limits: limits, rootDirectory: root).load(file: file)
        guard let flows = loaded.flows else {
            return CompiledFlow(program: nil, digest: nil, files: [], diagnostics: loaded.diagnostics)
        }
        let checked = checker.check(flows)
        return CompiledFlow(
            program: checked.program, digest: loaded.digest, files: Self.files(of: flows),
            diagnostics: loaded.diagnostics + checked.diagnostics)
    }

    /// Compiles a flow held in memory (bytes of YAML or JSON) under the name `file`, whose extension picks the
    /// syntax. Its `use` steps are not followed: a sub-flow it names is reported missing.
    public func compile(bytes: [UInt8], file: String) -> CompiledFlow {
        let parsed = FlowLoader(limits: limits).parse(bytes, file: file)
        guard let document = parsed.document else {
            return CompiledFlow(program: nil, digest: nil, files: [], diagnostics: parsed.diagnostics)
        }
        let checked = checker.check(FlowSet(root: file, documents: [file: document]))
        return CompiledFlow(
            program: checked.program, digest: nil, files: [file],
            diagnostics: parsed.diagnostics + checked.diagnostics)
    }

    /// ``compile(bytes:file:)`` for text.
    public func compile(text: String, file: String) -> CompiledFlow {
        compile(bytes: Array(text.utf8), file: file)
    }

    /// Checks many flow files, each with the compiler's ``root`` or else its own folder as root. A finding reported
    /// through several files (a shared sub-flow) is kept once, and a finding about one of `files` names it as `files`
    /// spells it, however a `use` path spelled it.
    public func diagnostics(files: [String]) -> [Diagnostic] {
        let spellings = Dictionary(
            files.map { (FlowPath.identity(of: $0), $0) }, uniquingKeysWith: { first, _ in first })
        let diagnostics = files.flatMap { compile(file: $0).diagnostics }.map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.file = spellings[FlowPath.identity(of: diagnostic.file)] ?? diagnostic.file
            return diagnostic
        }
        return diagnostics.deduplicated()
    }

    private var checker: FlowChecker { FlowChecker(catalogs: catalogs, disabledRules: disabledRules) }

    /// The root file, then every sub-flow file in name order.
    private static func files(of flows: FlowSet) -> [String] {
        [flows.root] + flows.documents.keys.filter { $0 != flows.root }.sorted()
    }
}
