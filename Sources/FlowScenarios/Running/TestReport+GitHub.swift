import FlowReporting
import Foundation

extension TestReport {
    /// GitHub Actions workflow commands: an `::error` annotation at each problem of a scenario or flow file that
    /// did not load, at each failed scenario's first failed expectation (its failures as the message), a
    /// `::warning` at each uncovered edge of a flow below the minimum coverage, then the summary.
    public func github() -> String {
        var lines: [String] = []
        let loadErrors = DiagnosticFormatter.github(errors)
        if !loadErrors.isEmpty { lines.append(String(loadErrors.dropLast())) }
        for result in results where !result.passed {
            // At the first failed expectation's line, else at the scenario's.
            let place = result.failures.compactMap(\.position).first ?? result.position
            lines.append(
                "::error file=\(Self.property(result.file)),line=\(place.line),"
                    + "col=\(place.column),title=\(Self.property("scenario failed: \(result.name)"))::"
                    + Self.data(result.failures.map(\.message).joined(separator: "\n")))
        }
        for flow in flowsBelowMinimum {
            for edge in flow.uncovered {
                lines.append(
                    "::warning file=\(Self.property(flow.file)),line=\(edge.position.line),"
                        + "col=\(edge.position.column),title=uncovered edge::" + Self.data(edge.text))
            }
        }
        lines.append(summary())
        return lines.joined(separator: "\n") + "\n"
    }

    /// A workflow command's message: `%`, CR and LF escaped.
    private static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A workflow command's property value: as a message, plus `:` and `,`.
    private static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
