/// A checked flow: every name resolved to an index, every outcome of every action routed to an edge, every
/// sub-flow loaded and checked. Immutable; the engine runs it and reporters draw it.
public struct Program: Sendable, Hashable {
    public typealias StepIndex = Int
    public typealias EdgeIndex = Int

    public var file: String
    public var id: String
    public var title: String?
    public var description: String?
    /// The flow file's `serve:`: whether `flowrun serve --flows` offers it to people; nil when the file does not
    /// say (then it is offered unless it has params or another flow uses it).
    public var serve: Bool?
    public var authority: String
    public var params: [ParamDeclaration]
    public var inputs: [InputDeclaration]
    public var start: StepIndex
    /// Steps in source order.
    public var steps: [ProgramStep]
    /// Every way from one step to the next or to an end, in source order.
    public var edges: [ProgramEdge]
    /// Checked sub-programs by resolved file.
    public var subflows: [String: Program]
    /// The ends a run can reach, with the variables every such end outputs.
    public var ends: [EndKind: Set<String>]
    /// The type of each output any end gives, when the checker knows it (a sub-flow's outputs keep their types
    /// in the flows that use it).
    public var outputTypes: [String: ValueType]
    /// The params no step sets again: a value a `use` gives one holds for the whole run of the sub-flow.
    public var constantParams: Set<String>
    /// What the catalog declares about each action the program calls, by action name: the engine masks and
    /// shows outcome data by it, never by the catalog an authority supplies when it runs.
    public var actions: [String: ProgramAction]
    /// ``ActionCatalog/digest`` of the catalog the program was checked against; a runner refuses an authority
    /// whose catalog has another.
    public var catalogDigest: String

    public init(
        file: String, id: String, title: String?, description: String?, authority: String,
        params: [ParamDeclaration], inputs: [InputDeclaration], start: StepIndex, steps: [ProgramStep],
        edges: [ProgramEdge], subflows: [String: Program], ends: [EndKind: Set<String>],
        outputTypes: [String: ValueType] = [:], constantParams: Set<String> = [],
        actions: [String: ProgramAction] = [:], catalogDigest: String = "", serve: Bool? = nil
    ) {
        self.serve = serve
        self.outputTypes = outputTypes
        self.constantParams = constantParams
        self.actions = actions
        self.catalogDigest = catalogDigest
        self.file = file
        self.id = id
        self.title = title
        self.description = description
        self.authority = authority
        self.params = params
        self.inputs = inputs
        self.start = start
        self.steps = steps
        self.edges = edges
        self.subflows = subflows
        self.ends = ends
    }

    /// The step with this name.
    public func step(named name: String) -> ProgramStep? {
        steps.first { $0.name.value == name }
    }

    /// The program and every sub-program it uses, however deep, each once (the program first).
    public var withSubflows: [Program] {
        var seen: Set<String> = [file]
        var result = [self]
        var queue = [self]
        while let next = queue.popLast() {
            for (file, subflow) in next.subflows.sorted(by: { $0.key < $1.key }) where seen.insert(file).inserted {
                result.append(subflow)
                queue.append(subflow)
            }
        }
        return result
    }

    /// The input declaration with this name.
    public func input(named name: String) -> InputDeclaration? {
        inputs.first { $0.name.value == name }
    }
}

/// What the catalog a program was checked against declares about one action it calls.
public struct ProgramAction: Sendable, Hashable {
    /// The data each outcome sets, by outcome name, then by datum name (with its type and `secret` flag).
    public var outcomeData: [String: [String: CatalogValue]]
    /// The outcomes that are errors (a refused code or password, an expired session), not progress.
    public var errorOutcomes: Set<String>

    public init(outcomeData: [String: [String: CatalogValue]], errorOutcomes: Set<String> = []) {
        self.outcomeData = outcomeData
        self.errorOutcomes = errorOutcomes
    }

    /// What a catalog declares about an action.
    public init(_ action: CatalogAction) {
        self.outcomeData = action.outcomes.mapValues(\.data)
        self.errorOutcomes = Set(action.outcomes.filter(\.value.error).keys)
    }

    /// Whether datum `name` of `outcome` is secret; data the catalog does not declare count as secret.
    public func isSecret(_ name: String, of outcome: String) -> Bool {
        outcomeData[outcome]?[name]?.secret ?? true
    }
}

/// A resolved step.
public struct ProgramStep: Sendable, Hashable {
    public var name: Located<String>
    public var message: Template?
    public var kind: Kind

    public init(name: Located<String>, message: Template?, kind: Kind) {
        self.name = name
        self.message = message
        self.kind = kind
    }

    /// What the step does, with its ways out as edge indices.
    public enum Kind: Sendable, Hashable {
        case ask(inputs: [String], hint: Template?, choices: [String: Program.EdgeIndex], next: Program.EdgeIndex)
        /// `outcomes` maps every outcome the catalog declares (explicit entries and `otherwise`) to its edge.
        case action(name: String, arguments: [NamedValue], outcomes: [String: Program.EdgeIndex])
        case choose(branches: [ResolvedBranch], otherwise: Program.EdgeIndex)
        case set(assignments: [NamedValue], next: Program.EdgeIndex)
        /// `ends` maps every end the sub-flow can reach to its edge.
        case use(file: String, arguments: [NamedValue], ends: [String: Program.EdgeIndex])
        case end(EndSpec)
    }

    /// The step kind's keyword.
    public var keyword: String {
        switch kind {
        case .ask: return "ask"
        case .action: return "action"
        case .choose: return "choose"
        case .set: return "set"
        case .use: return "use"
        case .end: return "end"
        }
    }
}

/// A `choose` branch with its edge.
public struct ResolvedBranch: Sendable, Hashable {
    public var condition: Condition
    public var edge: Program.EdgeIndex

    public init(condition: Condition, edge: Program.EdgeIndex) {
        self.condition = condition
        self.edge = edge
    }
}

/// One way out of a step. Edges are what transition coverage counts.
public struct ProgramEdge: Sendable, Hashable {
    /// Why the edge is taken.
    public enum Label: Sendable, Hashable, CustomStringConvertible {
        case next
        case choice(String)
        case outcome(String)
        case branch(Int)
        case otherwise
        /// Taken when the edge `of` has used up its attempts.
        case exhausted(of: Program.EdgeIndex)

        public var description: String {
            switch self {
            case .next: return "next"
            case .choice(let name): return "choice \(name)"
            case .outcome(let name): return name
            case .branch(let index): return "if #\(index + 1)"
            case .otherwise: return "otherwise"
            case .exhausted: return "exhausted"
            }
        }
    }

    /// Where the edge leads.
    public enum Target: Sendable, Hashable {
        case step(Program.StepIndex)
        case end(EndSpec)
    }

    public var from: Program.StepIndex
    public var label: Label
    public var target: Target
    public var message: Template?
    public var attempts: Int?
    /// The edge taken instead once `attempts` are used up.
    public var exhausted: Program.EdgeIndex?
    /// Why no scenario is expected to take the edge (the transition's `untested:`); coverage leaves it out.
    public var untested: String?
    public var position: SourcePosition {
        get { mark.position }
        set { mark = SourceMark(newValue) }
    }
    private var mark: SourceMark

    public init(
        from: Program.StepIndex, label: Label, target: Target, message: Template?, attempts: Int?,
        exhausted: Program.EdgeIndex?, position: SourcePosition
    ) {
        self.from = from
        self.label = label
        self.target = target
        self.message = message
        self.attempts = attempts
        self.exhausted = exhausted
        self.mark = SourceMark(position)
    }
}
