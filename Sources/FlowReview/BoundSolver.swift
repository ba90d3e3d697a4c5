import FlowModel
import FlowrunFoundation

/// Computes ``FlowBounds``: each sub-flow once per end it is left by, then the flow that uses it.
final class BoundSolver {
    /// The most run states searched before a flow's bounds fall back to a coarser upper bound.
    static let stateLimit = 50_000
    /// The most ways out of states looked at before the same fallback: states in large groups of steps cost more.
    static let workLimit = 4_000_000

    let catalogs: [ActionCatalog]
    /// Sub-flow files several `use` steps name (``FlowBounds/subflowsUsedMoreThanOnce(_:)``).
    let sharedSubflows: Set<String>
    private var cache: [String: [String: [BoundMeasure: Bound]]] = [:]

    init(catalogs: [ActionCatalog], sharedSubflows: Set<String>) {
        self.catalogs = catalogs
        self.sharedSubflows = sharedSubflows
    }

    /// The bounds of runs of `program` that reach the end named `end`, or any end when nil, when the params of
    /// `known` that no step sets again hold those values.
    func bounds(of program: Program, toEnd end: String?, given known: [String: Value] = [:]) -> [BoundMeasure: Bound] {
        let constants = known.filter { program.constantParams.contains($0.key) }
        let key =
            (end.map { "end:" + $0 } ?? "any")
            + constants.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        if let cached = cache[program.file]?[key] { return cached }
        let catalog = catalogs.first { $0.authority == program.authority }
        var search = BoundSearch(graph: RunGraph(program: program, catalog: catalog, known: constants), end: end)
        search.known = constants
        search.addSubflows(solver: self)
        let result = search.run()
        cache[program.file, default: [:]][key] = result
        return result
    }
}
