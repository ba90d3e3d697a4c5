import FlowEngine
import FlowModel
import FlowReporting
import Foundation

/// The results of a `flowrun test` run and the transition coverage they give, in the formats it prints.
public struct TestReport: Sendable {
    public var results: [ScenarioResult]
    public var coverage: [FlowCoverage]
    /// The coverage a run must reach, in percent; `nil` for none.
    public var minimumCoverage: Double?
    /// The errors of scenario files that could not be loaded (their scenarios did not run).
    public var errors: [Diagnostic]
    /// The scenario files that could not be loaded: their scenarios count as not run, and the flows they test
    /// as not measured.
    public var unrun: [UnrunScenarios]

    public init(
        results: [ScenarioResult], coverage: [FlowCoverage], minimumCoverage: Double? = nil, errors: [Diagnostic] = [],
        unrun: [UnrunScenarios] = []
    ) {
        self.results = results
        self.coverage = coverage
        self.minimumCoverage = minimumCoverage
        self.errors = errors
        self.unrun = unrun
    }

    public var failedCount: Int { results.filter { !$0.passed }.count }

    /// The scenarios of the files that could not be loaded (those that parse far enough to be counted).
    public var notRunCount: Int { unrun.reduce(0) { $0 + ($1.scenarios ?? 0) } }

    /// The flows tested by files that could not be loaded, when no loaded file measured them; sorted.
    public var unmeasuredFlows: [String] {
        let measured = Set(coverage.map(\.file))
        return Set(unrun.compactMap(\.flow)).subtracting(measured).sorted()
    }

    /// The flows whose coverage is below the minimum.
    public var flowsBelowMinimum: [FlowCoverage] {
        guard let minimumCoverage else { return [] }
        return coverage.filter { $0.percent + 1e-9 < minimumCoverage }
    }

    /// Whether every scenario passed and every flow reached the minimum coverage.
    public var passed: Bool { failedCount == 0 && flowsBelowMinimum.isEmpty && errors.isEmpty }

    // MARK: Text

    /// A line per scenario, the failures under each failed one, the coverage table with uncovered edges by
    /// `file:line:column`, and a summary line.
    /// `scenarios: false` leaves out the scenario lines (printed one by one as each scenario finished).
    public func text(scenarios: Bool = true) -> String {
        var lines: [String] = []
        if scenarios {
            for result in results { lines += Self.lines(of: result) }
        }
        if !coverage.isEmpty || !unmeasuredFlows.isEmpty {
            lines.append("")
            lines.append("Transition coverage")
            let width = max(4, (coverage.map(\.file) + unmeasuredFlows).map(\.count).max() ?? 0)
            lines.append("  " + "flow".padding(toLength: width, withPad: " ", startingAt: 0) + "   edges  covered")
            for flow in coverage {
                let edges = "\(flow.covered.count)/\(flow.total)"
                lines.append(
                    "  " + flow.file.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                        + String(repeating: " ", count: max(0, 6 - edges.count)) + edges + "  "
                        + String(format: "%6.1f%%", flow.percent))
            }
            for flow in unmeasuredFlows {
                lines.append(
                    "  " + flow.padding(toLength: width, withPad: " ", startingAt: 0)
                        + "       ?  not measured: it, or a scenario file of it, does not load")
            }
            let uncovered = coverage.flatMap { flow in flow.uncovered.map { (flow.file, $0) } }
            if !uncovered.isEmpty {
                lines.append("")
                lines.append("Uncovered edges")
                for (file, edge) in uncovered {
                    lines.append(
                        "  \(file):\(edge.position.line):\(edge.position.column): \(edge.text)"
                            + (edge.unreachedReason.map { " — not reached: \($0)" } ?? ""))
                }
            }
            let untested = coverage.flatMap { flow in flow.untested.map { (flow.file, $0) } }
            if !untested.isEmpty {
                lines.append("")
                lines.append("Edges marked untested (not counted)")
                for (file, edge) in untested {
                    lines.append(
                        "  \(file):\(edge.position.line):\(edge.position.column): \(edge.text) — "
                            + (edge.untestedReason ?? ""))
                }
            }
        }
        lines.append("")
        for error in errors { lines.append("ERROR \(error.description)") }
        lines.append(summary())
        for flow in flowsBelowMinimum {
            lines.append(
                String(
                    format: "coverage of %@ is %.1f%%, below the minimum of %.1f%%", flow.file, flow.percent,
                    minimumCoverage ?? 0))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The text lines of one scenario: `PASS file:line:column name (0.12 s)`, then each failure under it.
    public static func lines(of result: ScenarioResult) -> [String] {
        let place = "\(result.file):\(result.position.line):\(result.position.column)"
        let time = String(format: "%.2f s", result.seconds)
        var lines = ["\(result.passed ? "PASS" : "FAIL") \(place) \(result.name) (\(time))"]
        for failure in result.failures {
            let at = failure.position.map { "\(result.file):\($0.line):\($0.column): " } ?? ""
            lines.append(
                contentsOf: failure.message.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
                    ($0.offset == 0 ? "  ✗ \(at)" : "    ") + $0.element
                })
        }
        return lines
    }

    /// A failure as `file:line:column: message` when it has a place.
    static func located(in result: ScenarioResult) -> (ExpectationFailure) -> String {
        { failure in
            failure.position.map { "\(result.file):\($0.line):\($0.column): " + failure.message } ?? failure.message
        }
    }

    /// `12 scenarios: 11 passed, 1 failed; transition coverage 95.2% (120 of 126 edges)`. Scenario files that
    /// did not load add `, 3 not run (1 file did not load)` and the flows they leave unmeasured
    /// `; not measured: flows/reset.yaml`.
    public func summary() -> String {
        let totals = CoverageCounter.totals(coverage)
        let total = results.count + notRunCount
        let count = total == 1 ? "1 scenario" : "\(total) scenarios"
        var text = "\(count): \(results.count - failedCount) passed, \(failedCount) failed"
        if !unrun.isEmpty {
            let files = unrun.count == 1 ? "1 file" : "\(unrun.count) files"
            text += ", \(notRunCount) not run (\(files) did not load)"
        }
        let unmeasured = unmeasuredFlows
        if coverage.isEmpty, !unmeasured.isEmpty {
            return text + "; transition coverage not measured: " + unmeasured.joined(separator: ", ")
        }
        text += String(
            format: "; transition coverage %.1f%% (%d of %d edges)", totals.percent, totals.covered, totals.total)
        if !unmeasured.isEmpty { text += "; not measured: " + unmeasured.joined(separator: ", ") }
        return text
    }

    // MARK: JSON

    /// One JSON document: `scenarios`, `coverage` and `summary`.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(JSONReport(self)), as: UTF8.self) + "\n"
    }

    // MARK: JUnit

    /// JUnit XML: a test suite per scenario file, a test case per scenario, a `<failure>` per failed one; a
    /// suite `transition coverage` with a case per flow that fails below the minimum.
    public func junit() -> String {
        var files: [String] = []
        var byFile: [String: [ScenarioResult]] = [:]
        for result in results {
            if byFile[result.file] == nil { files.append(result.file) }
            byFile[result.file, default: []].append(result)
        }
        let time = { (seconds: Double) in String(format: "%.3f", seconds) }
        var suites: [String] = []
        for file in files {
            let cases = byFile[file] ?? []
            let name = DiagnosticFormatter.xmlAttribute(file)
            var lines = [
                "  <testsuite name=\"\(name)\" tests=\"\(cases.count)\" "
                    + "failures=\"\(cases.filter { !$0.passed }.count)\" "
                    + "errors=\"0\" time=\"\(time(cases.reduce(0) { $0 + $1.seconds }))\">"
            ]
            for result in cases {
                let head =
                    "    <testcase classname=\"\(name)\" name=\"\(DiagnosticFormatter.xmlAttribute(result.name))\" "
                    + "time=\"\(time(result.seconds))\""
                guard !result.passed else {
                    lines.append(head + "/>")
                    continue
                }
                let message = DiagnosticFormatter.xmlAttribute(result.failures.first?.message ?? "failed")
                lines.append(head + ">")
                lines.append(
                    "      <failure message=\"\(message)\">"
                        + DiagnosticFormatter.xmlText(
                            result.failures.map(Self.located(in: result)).joined(separator: "\n"))
                        + "</failure>")
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
            suites.append(lines.joined(separator: "\n"))
        }
        let unmeasured = unmeasuredFlows
        if !coverage.isEmpty || !unmeasured.isEmpty {
            var lines = [
                "  <testsuite name=\"transition coverage\" tests=\"\(coverage.count + unmeasured.count)\" "
                    + "failures=\"\(flowsBelowMinimum.count)\" errors=\"\(unmeasured.count)\" time=\"0.000\">"
            ]
            let below = Set(flowsBelowMinimum.map(\.file))
            for flow in coverage {
                let head =
                    "    <testcase classname=\"transition coverage\" "
                    + "name=\"\(DiagnosticFormatter.xmlAttribute(flow.file))\" time=\"0.000\""
                guard below.contains(flow.file) else {
                    lines.append(head + "/>")
                    continue
                }
                let text = String(
                    format: "%.1f%% of %d edges, below %.1f%%", flow.percent, flow.total, minimumCoverage ?? 0)
                let detail = flow.uncovered.map { "\(flow.file):\($0.position.line):\($0.position.column): \($0.text)" }
                lines.append(head + ">")
                lines.append(
                    "      <failure message=\"\(DiagnosticFormatter.xmlAttribute(text))\">"
                        + DiagnosticFormatter.xmlText(detail.joined(separator: "\n")) + "</failure>")
                lines.append("    </testcase>")
            }
            for flow in unmeasured {
                lines.append(
                    "    <testcase classname=\"transition coverage\" "
                        + "name=\"\(DiagnosticFormatter.xmlAttribute(flow))\" time=\"0.000\">")
                lines.append(
                    "      <error type=\"not measured\" message=\"not measured: it, or a scenario file of it, "
                        + "does not load\"/>")
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
            suites.append(lines.joined(separator: "\n"))
        }
        suites += junitErrorSuites()
        let tests = results.count + coverage.count + unmeasured.count + errors.count
        let failures = failedCount + flowsBelowMinimum.count
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"flowrun test\" tests=\"\(tests)\" failures=\"\(failures)\" "
            + "errors=\"\(errors.count + unmeasured.count)\">\n"
            + suites.joined(separator: "\n") + "\n</testsuites>\n"
    }
}

extension TestReport {
    /// A suite per scenario file that could not be loaded, with an `<error>` per problem.
    fileprivate func junitErrorSuites() -> [String] {
        var files: [String] = []
        for error in errors where !files.contains(error.file) { files.append(error.file) }
        return files.map { file in
            let problems = errors.filter { $0.file == file }
            let name = DiagnosticFormatter.xmlAttribute(file)
            var lines = [
                "  <testsuite name=\"\(name)\" tests=\"\(problems.count)\" failures=\"0\" errors=\"\(problems.count)\" "
                    + "time=\"0.000\">"
            ]
            for problem in problems {
                let place = problem.position.map { "\(file):\($0.line):\($0.column)" } ?? file
                lines.append(
                    "    <testcase classname=\"\(name)\" name=\"\(DiagnosticFormatter.xmlAttribute(place))\" "
                        + "time=\"0.000\">"
                )
                lines.append(
                    "      <error type=\"\(problem.code.rawValue)\" "
                        + "message=\"\(DiagnosticFormatter.xmlAttribute(problem.message))\">"
                        + DiagnosticFormatter.xmlText(problem.description) + "</error>")
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
            return lines.joined(separator: "\n")
        }
    }
}

/// The JSON shape of a ``TestReport``.
private struct JSONReport: Encodable {
    struct Failure: Encodable {
        var message: String
        var line: Int?
        var column: Int?
        var expected: String?
        var actual: String?
    }

    struct Scenario: Encodable {
        var file: String
        var line: Int
        var column: Int
        var name: String
        var passed: Bool
        var failures: [Failure]
        var path: [String]
        var stop: String
        var reason: String?
        var messages: [String]
        var seconds: Double
    }

    struct Edge: Encodable {
        var line: Int
        var column: Int
        var edge: String
        /// The `untested:` reason of a marked edge; why `test --explore` did not take an uncovered one.
        var reason: String?

        init(_ edge: EdgeDescription) {
            line = edge.position.line
            column = edge.position.column
            self.edge = edge.text
            reason = edge.untestedReason ?? edge.unreachedReason
        }
    }

    struct Coverage: Encodable {
        var file: String
        var edges: Int
        var covered: Int
        var percent: Double
        var uncovered: [Edge]
        var untested: [Edge]
    }

    /// A problem of a scenario file that could not be loaded.
    struct LoadError: Encodable {
        var file: String
        var line: Int?
        var column: Int?
        var code: String
        var message: String
    }

    struct Summary: Encodable {
        var errors: Int
        var scenarios: Int
        var passed: Int
        var failed: Int
        /// The scenarios of files that did not load.
        var notRun: Int
        /// The flows whose coverage could not be measured: they, or their scenario files, do not load.
        var unmeasuredFlows: [String]
        var edges: Int
        var coveredEdges: Int
        var coveragePercent: Double
        var minimumCoverage: Double?
        var ok: Bool
    }

    var scenarios: [Scenario]
    var coverage: [Coverage]
    var errors: [LoadError]
    var summary: Summary

    init(_ report: TestReport) {
        errors = report.errors.map {
            LoadError(
                file: $0.file, line: $0.position?.line, column: $0.position?.column, code: $0.code.rawValue,
                message: $0.message)
        }
        scenarios = report.results.map {
            Scenario(
                file: $0.file, line: $0.position.line, column: $0.position.column, name: $0.name, passed: $0.passed,
                failures: $0.failures.map {
                    Failure(
                        message: $0.message, line: $0.position?.line, column: $0.position?.column,
                        expected: $0.expected, actual: $0.actual)
                }, path: $0.path, stop: $0.stop, reason: $0.reason, messages: $0.messages,
                seconds: ($0.seconds * 1000).rounded() / 1000)
        }
        coverage = report.coverage.map { flow in
            Coverage(
                file: flow.file, edges: flow.total, covered: flow.covered.count,
                percent: (flow.percent * 10).rounded() / 10,
                uncovered: flow.uncovered.map(Edge.init), untested: flow.untested.map(Edge.init))
        }
        let totals = CoverageCounter.totals(report.coverage)
        summary = Summary(
            errors: report.errors.count, scenarios: report.results.count + report.notRunCount,
            passed: report.results.count - report.failedCount,
            failed: report.failedCount, notRun: report.notRunCount, unmeasuredFlows: report.unmeasuredFlows,
            edges: totals.total, coveredEdges: totals.covered,
            coveragePercent: (totals.percent * 10).rounded() / 10, minimumCoverage: report.minimumCoverage,
            ok: report.passed)
    }
}
