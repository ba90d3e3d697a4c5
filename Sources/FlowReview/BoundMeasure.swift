import FlowModel

/// What ``FlowBounds`` counts in one run of a flow.
public enum BoundMeasure: String, Sendable, Hashable, Codable, CaseIterable {
    /// Outcomes that tell a code was sent: an outcome whose catalog data carries `sentTo` (`codeRequired` of
    /// `signUp.start`, `signIn.resendCode`, `mfa.requestChallenge`…).
    case codesSent
    /// Calls of an action that pass it a parameter the catalog types `password`.
    case passwordAttempts
    /// Calls of an action that pass it a parameter the catalog types `code`.
    case codeAttempts
    /// Calls of any action.
    case authorityCalls
    /// `ask` steps entered: each is a wait for the user.
    case asks
    /// Steps entered.
    case steps

    /// The measure in words, for reports.
    public var title: String {
        switch self {
        case .codesSent: return "codes sent"
        case .passwordAttempts: return "password attempts"
        case .codeAttempts: return "code attempts"
        case .authorityCalls: return "authority calls"
        case .asks: return "asks"
        case .steps: return "steps"
        }
    }

    /// The catalog datum whose presence in an outcome means the authority sent a code.
    static let codeSentDatum = "sentTo"
}

/// The worst case of one measure over every run of a flow.
public enum Bound: Sendable, Hashable {
    /// At most `count`, reached along `path`. `exact` is false when the count is a sound upper bound that no
    /// run may reach (a sub-flow run more than once, whose attempt limits the runs share; or a flow too large
    /// to search run by run, whose `path` is then empty).
    case bounded(count: Int, path: [BoundStep], exact: Bool)
    /// No limit: a run can go round `loop` (its first step again at the end) as often as the user or the
    /// authority wants, and every round adds to the count.
    case unbounded(loop: [BoundStep])

    /// The count, or nil when unbounded.
    public var count: Int? {
        if case .bounded(let count, _, _) = self { return count }
        return nil
    }
}

/// One step of a worst-case path or loop.
public struct BoundStep: Sendable, Hashable {
    /// The step's name; a sub-flow's steps as `useStep/subStep`, an inline end as `end: KIND`.
    public var name: String
    /// The file that declares it, and where.
    public var file: String
    public var position: SourcePosition
    /// The measure's count once the run has got here.
    public var total: Int

    public init(name: String, file: String, position: SourcePosition, total: Int) {
        self.name = name
        self.file = file
        self.position = position
        self.total = total
    }
}

/// The worst case of one run of a flow, per measure.
public struct FlowBounds: Sendable, Hashable {
    /// The flow's file and id.
    public var file: String
    public var flow: String
    /// One bound per measure of ``BoundMeasure``.
    public var bounds: [BoundMeasure: Bound]

    /// The bounds of `program`, whose actions' parameter types come from the catalog among `catalogs` its
    /// `authority` names. Every outcome of an action, every `choose` branch and every choice of an ask counts
    /// as possible at every step: the bounds hold whatever the authority answers and the user does.
    public init(program: Program, catalogs: [ActionCatalog]) {
        let solver = BoundSolver(catalogs: catalogs, sharedSubflows: Self.subflowsUsedMoreThanOnce(program))
        self.file = program.file
        self.flow = program.id
        self.bounds = solver.bounds(of: program, toEnd: nil)
    }

    /// Sub-flow files that several `use` steps of the whole tree name: their attempt limits are shared by
    /// every run of them, which the search does not model, so counts through them are upper bounds.
    static func subflowsUsedMoreThanOnce(_ program: Program) -> Set<String> {
        var uses: [String: Int] = [:]
        for each in program.withSubflows {
            for step in each.steps {
                if case .use(let file, _, _) = step.kind { uses[file, default: 0] += 1 }
            }
        }
        return Set(uses.filter { $0.value > 1 }.keys)
    }
}
