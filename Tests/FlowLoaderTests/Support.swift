import FlowLoader
import FlowModel
import Foundation
import Testing

/// Parses inline text with the real loader and times it.
struct Parsed {
    var document: FlowDocument?
    var diagnostics: [Diagnostic]
    var elapsed: Duration

    var codes: [RuleCode] { diagnostics.map(\.code) }

    /// The only diagnostic with this code, for exact-position checks.
    func first(_ code: RuleCode) -> Diagnostic? { diagnostics.first { $0.code == code } }
}

func parse(_ text: String, file: String = "flow.yaml", limits: LoaderLimits = LoaderLimits()) -> Parsed {
    parse(bytes: Array(text.utf8), file: file, limits: limits)
}

func parse(bytes: [UInt8], file: String = "flow.yaml", limits: LoaderLimits = LoaderLimits()) -> Parsed {
    let (result, elapsed) = measuringWork { FlowLoader(limits: limits).parse(bytes, file: file) }
    return Parsed(document: result.document, diagnostics: result.diagnostics, elapsed: elapsed)
}

/// Runs `work` and returns the CPU time this thread spent on it. The loader's "within a second" bounds are
/// about the work a hostile file can cause, so they are measured as this thread's CPU time, which other
/// processes and parallel tests on a loaded machine do not inflate (wall time would make the tests flaky).
func measuringWork<Result>(_ work: () throws -> Result) rethrows -> (Result, Duration) {
    func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
    let start = now()
    let result = try work()
    return (result, now() - start)
}

func at(_ line: Int, _ column: Int) -> SourcePosition { SourcePosition(line: line, column: column) }

/// Expects exactly one diagnostic with `code`, at `position` when given, within a second.
func expectFinding(
    _ parsed: Parsed, _ code: RuleCode, at position: SourcePosition? = nil, containing text: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(parsed.document == nil, sourceLocation: sourceLocation)
    #expect(parsed.elapsed < .seconds(1), sourceLocation: sourceLocation)
    guard let diagnostic = parsed.first(code) else {
        Issue.record("no \(code) in \(parsed.diagnostics.map(\.description))", sourceLocation: sourceLocation)
        return
    }
    if let position {
        #expect(diagnostic.position == position, "\(diagnostic)", sourceLocation: sourceLocation)
    }
    if let text {
        #expect(diagnostic.message.contains(text), "\(diagnostic.message)", sourceLocation: sourceLocation)
    }
}

/// A minimal valid flow with `body` appended under `steps:` (or replacing it).
let minimalFlow = """
    flowrun: 1
    id: minimal
    start: done
    steps:
      done: { end: success }

    """

/// A temporary folder removed when the value is released.
final class TemporaryFolder: Sendable {
    let path: String

    init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowloader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
    }

    func write(_ name: String, _ text: String) throws {
        try write(name, bytes: Array(text.utf8))
    }

    func write(_ name: String, bytes: [UInt8]) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func file(_ name: String) -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// Where the `occurrence`-th `needle` starts in `text`: 1-based line and column (in Unicode scalars).
func locate(_ needle: String, in text: String, occurrence: Int = 1) -> SourcePosition {
    var seen = 0
    for (lineIndex, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        var searchStart = line.startIndex
        while let range = line[searchStart...].range(of: needle) {
            seen += 1
            if seen == occurrence {
                let column = line.unicodeScalars.distance(from: line.startIndex, to: range.lowerBound) + 1
                return SourcePosition(line: lineIndex + 1, column: column)
            }
            searchStart = line.index(after: range.lowerBound)
        }
    }
    Issue.record("`\(needle)` (#\(occurrence)) not found")
    return SourcePosition(line: 0, column: 0)
}

/// Expects `code` at the `occurrence`-th `needle` of `text` when `text` is parsed.
func expectFinding(
    in text: String, file: String = "flow.yaml", _ code: RuleCode, atText needle: String, occurrence: Int = 1,
    containing message: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    expectFinding(
        parse(text, file: file), code, at: locate(needle, in: text, occurrence: occurrence), containing: message,
        sourceLocation: sourceLocation)
}
