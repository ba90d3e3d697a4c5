import FlowModel

/// The graph languages a program can be drawn in.
public enum GraphFormat: String, Sendable, Hashable, CaseIterable {
    /// A Mermaid `flowchart TD` (renders in GitHub Markdown).
    case mermaid
    /// Graphviz DOT.
    case dot
}

/// Draws a checked `Program` as a graph: every step a node labelled with its name and kind, every edge
/// labelled with why it is taken (and `≤N` when it has an attempt limit), every inline end a node of its own,
/// exhausted edges dashed so attempt loops stand out. Node identifiers are generated (`s0` for step 0, `e3` for
/// the inline end of edge 3, `start`), so any step name renders; labels are escaped. The output depends only on
/// the program.
///
/// Shapes: `ask` a parallelogram, `action` a box, `choose` a diamond, `set` a rounded box, `use` a subroutine
/// (Mermaid) or component (DOT), ends a stadium (Mermaid) or a rounded double box (DOT).
public enum GraphRenderer {
    public static func render(_ program: Program, as format: GraphFormat) -> String {
        switch format {
        case .mermaid: return mermaid(program)
        case .dot: return dot(program)
        }
    }

    /// A Mermaid flowchart.
    public static func mermaid(_ program: Program) -> String {
        let graph = FlowGraph(program)
        var lines = ["flowchart TD"]
        lines.append("    %% flow \(singleLine(program.id)) (\(singleLine(program.file)))")
        for node in graph.nodes {
            let label = node.lines.map(mermaidEscape).joined(separator: "<br/>")
            let (open, close) = mermaidShape(node.shape)
            lines.append("    \(node.id)\(open)\"\(label)\"\(close)")
        }
        for edge in graph.edges {
            let arrow = edge.dashed ? "-.->" : "-->"
            if let label = edge.label {
                lines.append("    \(edge.from) \(arrow)|\"\(mermaidEscape(label))\"| \(edge.to)")
            } else {
                lines.append("    \(edge.from) \(arrow) \(edge.to)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A Graphviz digraph.
    public static func dot(_ program: Program) -> String {
        let graph = FlowGraph(program)
        var lines = [
            "digraph \(dotString(program.id)) {",
            "    label=\(dotString(program.title ?? program.id));",
            "    labelloc=t;",
            "    rankdir=TB;",
            "    node [fontname=\"Helvetica\", fontsize=11];",
            "    edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        for node in graph.nodes {
            if node.shape == .start {
                lines.append("    \(node.id) [\(dotShape(node.shape))];")
                continue
            }
            let label = node.lines.map(dotEscape).joined(separator: "\\n")
            lines.append("    \(node.id) [label=\"\(label)\", \(dotShape(node.shape))];")
        }
        for edge in graph.edges {
            var attributes: [String] = []
            if let label = edge.label { attributes.append("label=\(dotString(label))") }
            if edge.dashed { attributes.append("style=dashed") }
            let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
            lines.append("    \(edge.from) -> \(edge.to)\(suffix);")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Mermaid syntax

    private static func mermaidShape(_ shape: FlowGraph.Shape) -> (String, String) {
        switch shape {
        case .start: return ("((", "))")
        case .ask: return ("[/", "/]")
        case .action: return ("[", "]")
        case .choose: return ("{", "}")
        case .set: return ("(", ")")
        case .use: return ("[[", "]]")
        case .end, .inlineEnd: return ("([", "])")
        }
    }

    /// Text inside a quoted Mermaid label: characters Mermaid gives a meaning become `#N;` entity codes.
    static func mermaidEscape(_ text: String) -> String {
        var escaped = ""
        for scalar in singleLine(text).unicodeScalars {
            switch scalar {
            case "\"", "#", "&", "<", ">", "`", "|", "\\":
                escaped += "#\(scalar.value);"
            default:
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    // MARK: DOT syntax

    private static func dotShape(_ shape: FlowGraph.Shape) -> String {
        switch shape {
        case .start: return "shape=point, width=0.15"
        case .ask: return "shape=parallelogram"
        case .action: return "shape=box"
        case .choose: return "shape=diamond"
        case .set: return "shape=box, style=rounded"
        case .use: return "shape=component"
        case .end: return "shape=box, style=rounded, peripheries=2"
        case .inlineEnd: return "shape=box, style=rounded, peripheries=2, fontsize=9"
        }
    }

    /// A DOT double-quoted string.
    static func dotString(_ text: String) -> String {
        "\"" + dotEscape(text) + "\""
    }

    /// Text inside a DOT double-quoted string: backslashes and quotes escaped, so no `\n`/`\l` sneaks in.
    static func dotEscape(_ text: String) -> String {
        var escaped = ""
        for scalar in singleLine(text).unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Control characters (newlines included) become spaces: every label part is one line.
    static func singleLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        return String(
            String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }
}

/// A program as plain nodes and edges, shared by the renderers.
struct FlowGraph {
    enum Shape {
        case start
        case ask
        case action
        case choose
        case set
        case use
        case end
        case inlineEnd
    }

    struct Node {
        var id: String
        var lines: [String]
        var shape: Shape
    }

    struct Edge {
        var from: String
        var to: String
        var label: String?
        var dashed: Bool
    }

    var nodes: [Node] = []
    var edges: [Edge] = []

    init(_ program: Program) {
        nodes.append(Node(id: "start", lines: ["start"], shape: .start))
        edges.append(Edge(from: "start", to: Self.stepID(program.start), label: nil, dashed: false))
        for (index, step) in program.steps.enumerated() {
            nodes.append(
                Node(
                    id: Self.stepID(index), lines: [step.name.value, Self.kindLine(step.kind)],
                    shape: Self.shape(step.kind)))
        }
        for (index, edge) in program.edges.enumerated() {
            let target: String
            switch edge.target {
            case .step(let step):
                target = Self.stepID(step)
            case .end(let end):
                target = "e\(index)"
                nodes.append(Node(id: target, lines: [Self.endLine(end)], shape: .inlineEnd))
            }
            var dashed = false
            if case .exhausted = edge.label { dashed = true }
            edges.append(
                Edge(from: Self.stepID(edge.from), to: target, label: Self.edgeLabel(edge, in: program), dashed: dashed)
            )
        }
    }

    static func stepID(_ index: Program.StepIndex) -> String { "s\(index)" }

    static func shape(_ kind: ProgramStep.Kind) -> Shape {
        switch kind {
        case .ask: return .ask
        case .action: return .action
        case .choose: return .choose
        case .set: return .set
        case .use: return .use
        case .end: return .end
        }
    }

    /// The second line of a step's label: its kind and what it works on.
    static func kindLine(_ kind: ProgramStep.Kind) -> String {
        switch kind {
        case .ask(let inputs, _, _, _): return "ask: " + inputs.joined(separator: ", ")
        case .action(let name, _, _): return "action: " + name
        case .choose: return "choose"
        case .set(let assignments, _): return "set: " + assignments.map(\.name.value).joined(separator: ", ")
        case .use(let file, _, _): return "use: " + file
        case .end(let end): return endLine(end)
        }
    }

    /// `end: success`, `end: failure (reason)`, `end: browser_required`.
    static func endLine(_ end: EndSpec) -> String {
        var line = "end: " + end.kind.value.name
        if let reason = end.reason { line += " (\(reason.value))" }
        return line
    }

    /// The edge's label, its condition for a `choose` branch, and `≤N` when it has an attempt limit.
    static func edgeLabel(_ edge: ProgramEdge, in program: Program) -> String {
        var label = edge.label.description
        if case .branch(let number) = edge.label, edge.from >= 0, edge.from < program.steps.count,
            case .choose(let branches, _) = program.steps[edge.from].kind, number >= 0, number < branches.count
        {
            label += ": " + conditionText(branches[number].condition)
        }
        if let attempts = edge.attempts {
            label += " ≤\(attempts)"
        }
        return label
    }

    /// `channel == sms`, `channel != sms`, `channel in [sms, email]`, `code present`, `code matches /[0-9]+/`.
    static func conditionText(_ condition: Condition) -> String {
        let name = condition.variable.value
        switch condition.test {
        case .equals(let value): return "\(name) == \(value)"
        case .notEquals(let value): return "\(name) != \(value)"
        case .oneOf(let values): return "\(name) in [\(values.map(\.description).joined(separator: ", "))]"
        case .present(let present): return present ? "\(name) present" : "\(name) absent"
        case .matches(let pattern): return "\(name) matches /\(pattern.value)/"
        }
    }
}
