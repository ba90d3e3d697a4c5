import Foundation

/// ``FlowDiff``s as text, Markdown (for a pull-request comment) or JSON.
public enum DiffReport {
    /// One block per changed flow, stranding changes first, and a closing count.
    public static func text(_ diffs: [FlowDiff]) -> String {
        var lines: [String] = []
        for diff in diffs where !diff.isEmpty {
            lines.append("\(diff.file) (\(diff.flow)): \(summary(diff))")
            for change in diff.changes {
                let place = change.step.map { " at `\($0)`" } ?? ""
                let mark = change.strandsSessions ? "! " : "  "
                lines.append("  \(mark)\(change.kind.title)\(place): \(change.detail)")
            }
            lines.append("")
        }
        lines.append(total(diffs))
        return lines.joined(separator: "\n") + "\n"
    }

    /// A heading per changed flow, a warning with the changes that strand saved sessions, then a table.
    public static func markdown(_ diffs: [FlowDiff]) -> String {
        var lines = ["## flowrun diff", ""]
        for diff in diffs where !diff.isEmpty {
            lines.append("### `\(cell(diff.flow))` (`\(cell(diff.file))`)")
            lines.append("")
            let stranding = diff.changes.filter(\.strandsSessions)
            if !stranding.isEmpty {
                lines.append("> [!WARNING]")
                lines.append("> **Saved sessions stranded**: a session waiting in these asks cannot resume.")
                for change in stranding {
                    lines.append("> - \(change.step.map { "`\($0)`: " } ?? "")\(cell(change.detail))")
                }
                lines.append("")
            }
            lines.append("| change | step | what |")
            lines.append("|---|---|---|")
            for change in diff.changes {
                let step = change.step.map { "`\(cell($0))`" } ?? ""
                lines.append("| \(change.kind.title) | \(step) | \(cell(change.detail)) |")
            }
            lines.append("")
        }
        lines.append(total(diffs))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{"changed": Bool, "flows": [{"file", "flow", "changes": [{"kind", "step", "detail", "strandsSessions"}]}]}`,
    /// keys sorted; flows without changes are left out.
    public static func json(_ diffs: [FlowDiff]) throws -> String {
        struct Flow: Encodable {
            var file: String
            var flow: String
            var changes: [FlowChange]
        }
        struct Document: Encodable {
            var changed: Bool
            var flows: [Flow]
        }
        let flows = diffs.filter { !$0.isEmpty }.map { Flow(file: $0.file, flow: $0.flow, changes: $0.changes) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = try encoder.encode(Document(changed: !flows.isEmpty, flows: flows))
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func summary(_ diff: FlowDiff) -> String {
        let stranding = diff.changes.filter(\.strandsSessions).count
        let count = diff.changes.count == 1 ? "1 change" : "\(diff.changes.count) changes"
        return stranding == 0 ? count : "\(count), \(stranding) stranding saved sessions"
    }

    private static func total(_ diffs: [FlowDiff]) -> String {
        let changed = diffs.filter { !$0.isEmpty }.count
        let flows = diffs.count == 1 ? "1 flow" : "\(diffs.count) flows"
        return changed == 0 ? "No change for users in \(flows)." : "\(changed) of \(flows) changed for users."
    }

    /// Text safe in a Markdown table cell or list item: no line break, `|` escaped, and no HTML, since the
    /// texts come from the flow files of the change under review.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "|", with: "\\|")
    }
}
