import Foundation
import Testing

/// `flowrun explain` and the diagnostics reference, through the real binary: every code explained once, every
/// example file validated (the broken one reports its code, the fixed one nothing), the page in sync.
@Suite struct ExplainTests {
    struct Explanation: Decodable {
        var code: String
        var severity: String?
        var meaning: String
        var broken: Example
        var fixed: Example
    }

    struct Example: Decodable {
        var situation: String?
        var files: [File]?
    }

    struct File: Decodable {
        var path: String
        var text: String
    }

    struct Report: Decodable {
        var diagnostics: [Finding]
    }

    struct Finding: Decodable {
        var code: String
    }

    static func explanations() throws -> [Explanation] {
        let result = try FlowFolder().run("explain", "--format", "json")
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode([Explanation].self, from: Data(result.stdout.utf8))
    }

    struct TestReport: Decodable {
        var errors: [Finding]
    }

    /// The codes an example reports, run as a reader would in a folder of its files: `validate --strict` for a
    /// flow, `test` for a scenario file (where a failed run counts as `failed`).
    static func codes(of files: [File]) throws -> [String] {
        let folder = try FlowFolder()
        for file in files { try folder.write(file.path, file.text) }
        if files[0].path.hasSuffix(".test.yaml") {
            let result = try folder.run("test", "--format", "json", files[0].path)
            let report = try JSONDecoder().decode(TestReport.self, from: Data(result.stdout.utf8))
            return report.errors.map(\.code) + (result.status == 0 ? [] : ["failed"])
        }
        var arguments = ["validate", "--strict", "--format", "json", files[0].path]
        if files.contains(where: { $0.path == "authority.yaml" }) { arguments += ["--config", "authority.yaml"] }
        let result = try Flowrun.run(arguments, in: folder.url)
        let report = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
        return report.diagnostics.map(\.code)
    }

    @Test("every code is explained once, listed in the same order, with its severity and meaning")
    func everyCodeExplainedOnce() throws {
        let explained = try Self.explanations().map(\.code)
        #expect(Set(explained).count == explained.count, "a code is explained twice: \(explained)")
        let listed = try FlowFolder().run("explain").stdout.split(separator: "\n").compactMap { line in
            line.hasPrefix("FR") ? String(line.prefix(5)) : nil
        }
        #expect(listed == explained)
        #expect(try Self.explanations().allSatisfy { $0.severity != nil && !$0.meaning.isEmpty })
    }

    @Test("each broken example reports its code, and the fixed one validates clean under --strict")
    func examplesHoldTrue() throws {
        var problems: [String] = []
        for explanation in try Self.explanations() {
            if let broken = explanation.broken.files {
                let codes = try Self.codes(of: broken)
                if !codes.contains(explanation.code) {
                    problems.append("\(explanation.code): the broken example reports \(codes)")
                }
            } else if explanation.broken.situation == nil {
                problems.append("\(explanation.code): the broken example is empty")
            }
            if let fixed = explanation.fixed.files {
                let codes = try Self.codes(of: fixed)
                if !codes.isEmpty { problems.append("\(explanation.code): the fixed example reports \(codes)") }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("docs/diagnostics.md is `flowrun explain --format markdown`")
    func referenceMatchesTheRules() throws {
        let result = try FlowFolder().run("explain", "--format", "markdown")
        #expect(result.status == 0)
        let committed = try String(
            contentsOf: FlowLibrary.root.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        #expect(
            committed == result.stdout,
            "docs/diagnostics.md drifted: run `swift run flowrun explain --format markdown > docs/diagnostics.md`")
    }

    @Test("`explain CODE` prints the rule, its hint and both examples; the code is case-insensitive")
    func oneCode() throws {
        let result = try FlowFolder().run("explain", "fr115")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("FR115 (error): an end the sub-flow can reach is not handled\n"))
        #expect(result.stdout.contains("hint: handle it in `on:` or add `otherwise`"))
        #expect(result.stdout.contains("Broken:\n\n  --- parent.yaml\n  flowrun: 1\n"))
        #expect(result.stdout.contains("Fixed:\n\n  --- parent.yaml\n"))
    }

    @Test("an unknown code is a usage error with the closest code")
    func unknownCode() throws {
        let result = try FlowFolder().run("explain", "FR1155")
        #expect(result.status == 2)
        #expect(result.stderr.contains("`FR1155` is not a diagnostic code; did you mean `FR115`?"), "\(result.stderr)")
    }
}
