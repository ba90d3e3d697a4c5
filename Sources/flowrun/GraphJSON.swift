import FlowModel
import Foundation

/// `flowrun graph --format json`: the checked flow's steps and edges, for tools that draw or analyse flows.
///
/// ```json
/// { "flow": "hello", "start": "ask_email",
///   "steps": [{ "name": "ask_email", "kind": "ask", "line": 8 }],
///   "edges": [{ "from": "ask_email", "label": "next", "to": "done", "line": 9, "attempts": 3 }] }
/// ```
/// An edge to an inline end has `end` (and `reason`) instead of `to`; an exhausted edge has `exhaustedOf`, the
/// index of the edge whose attempts ran out.
struct GraphJSON: Encodable {
    struct Step: Encodable {
        var name: String
        var kind: String
        var line: Int
    }

    struct Edge: Encodable {
        var from: String
        var label: String
        var to: String?
        var end: String?
        var reason: String?
        var line: Int
        var attempts: Int?
        var exhaustedOf: Int?
    }

    var flow: String
    var start: String
    var steps: [Step]
    var edges: [Edge]

    init(_ program: Program) {
        flow = program.id
        start = program.steps[program.start].name.value
        steps = program.steps.map { Step(name: $0.name.value, kind: $0.keyword, line: $0.name.position.line) }
        edges = program.edges.map { edge in
            var item = Edge(
                from: program.steps[edge.from].name.value, label: edge.label.description, line: edge.position.line,
                attempts: edge.attempts)
            switch edge.target {
            case .step(let index): item.to = program.steps[index].name.value
            case .end(let end):
                item.end = end.kind.value.description
                item.reason = end.reason?.value
            }
            if case .exhausted(let of) = edge.label { item.exhaustedOf = of }
            return item
        }
    }

    /// The graph as pretty-printed JSON with sorted keys.
    static func render(_ program: Program) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(GraphJSON(program)), as: UTF8.self) + "\n"
    }
}
