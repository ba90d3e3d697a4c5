import Foundation

/// ``FlowBounds`` as text or JSON.
public enum BoundsReport {
    /// Per flow, each measure's worst case with the path that reaches it, or the loop that leaves it unbounded.
    public static func text(_ flows: [FlowBounds]) -> String {
        var lines: [String] = []
        for flow in flows {
            lines.append("\(flow.file) (\(flow.flow)): the worst case of one run")
            for measure in BoundMeasure.allCases {
                switch flow.bounds[measure] {
                case .bounded(let count, let path, let exact):
                    lines.append("  \(measure.title): \(count)\(exact ? "" : " (an upper bound)")")
                    if count > 0 && !path.isEmpty {
                        lines.append("    path: " + path.map(\.name).joined(separator: " → "))
                    }
                case .unbounded(let loop):
                    lines.append("  \(measure.title): unbounded")
                    lines.append("    loop: " + loop.map(\.name).joined(separator: " → "))
                case nil:
                    break
                }
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// `{"flows": [{"file", "flow", "bounds": {"codesSent": {"count", "exact", "path"} | {"unbounded": true,
    /// "loop"}}}]}`, keys sorted; each path or loop step as `{"step", "file", "line", "column", "total"}`.
    public static func json(_ flows: [FlowBounds]) throws -> String {
        struct Step: Encodable {
            var step: String
            var file: String
            var line: Int
            var column: Int
            var total: Int
        }
        struct Measure: Encodable {
            var count: Int?
            var exact: Bool?
            var unbounded: Bool
            var path: [Step]?
            var loop: [Step]?
        }
        struct Flow: Encodable {
            var file: String
            var flow: String
            var bounds: [String: Measure]
        }
        func steps(_ path: [BoundStep]) -> [Step] {
            path.map {
                Step(step: $0.name, file: $0.file, line: $0.position.line, column: $0.position.column, total: $0.total)
            }
        }
        let document = flows.map { flow in
            var bounds: [String: Measure] = [:]
            for (measure, bound) in flow.bounds {
                switch bound {
                case .bounded(let count, let path, let exact):
                    bounds[measure.rawValue] = Measure(count: count, exact: exact, unbounded: false, path: steps(path))
                case .unbounded(let loop):
                    bounds[measure.rawValue] = Measure(unbounded: true, loop: steps(loop))
                }
            }
            return Flow(file: flow.file, flow: flow.flow, bounds: bounds)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(["flows": document]), as: UTF8.self) + "\n"
    }
}
