import Foundation
import Testing

/// Every whole flow the README and the guides show (a YAML block that starts with `flowrun: 1`) is a flow that
/// `validate --strict` accepts; fragments of flows start elsewhere. docs/diagnostics.md has its own test.
@Suite struct DocumentationExampleTests {
    /// The whole flows of a Markdown page, with the line each block starts on.
    static func flows(in page: String) throws -> [(line: Int, text: String)] {
        let text = try String(contentsOf: FlowLibrary.root.appendingPathComponent(page), encoding: .utf8)
        var found: [(Int, String)] = []
        var block: [Substring]?
        var start = 0
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if block == nil, line == "```yaml" {
                block = []
                start = number + 1
            } else if let lines = block, line == "```" {
                let first = lines.first { !$0.isEmpty && !$0.hasPrefix("#") }
                if first == "flowrun: 1" { found.append((start, lines.joined(separator: "\n") + "\n")) }
                block = nil
            } else {
                block?.append(line)
            }
        }
        return found
    }

    @Test(
        "whole flows shown in the documentation validate clean",
        arguments: [
            "README.md", "docs/language.md", "docs/guides/mfa.md", "docs/guides/composition.md",
            "docs/guides/attributes.md",
        ])
    func wholeFlowsValidate(page: String) throws {
        for (line, flow) in try Self.flows(in: page) {
            let folder = try FlowFolder()
            let result = try Flowrun.run(["validate", "--strict", "-"], in: folder.url, standardInput: flow)
            #expect(result.status == 0, "\(page):\(line): \(result.stdout)\(result.stderr)")
        }
    }

    @Test("the README shows a whole flow")
    func readmeShowsAFlow() throws {
        #expect(try Self.flows(in: "README.md").count == 1)
        #expect(try Self.flows(in: "docs/language.md").count == 1)
    }

    @Test("the README tour's scripted run prints exactly what the README shows")
    func readmeRunOutput() throws {
        let readme = try String(
            contentsOf: FlowLibrary.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let command = try #require(lines.firstIndex { $0.hasPrefix("$ flowrun flows/sign-up-email-otp.yaml") })
        let end = try #require(lines[command...].firstIndex(of: "```"))
        let shown = Array(lines[(command + 1)..<end])
        let arguments = lines[command].dropFirst("$ flowrun ".count).split(separator: " ").map { word in
            word.hasPrefix("flows/") ? FlowLibrary.root.appendingPathComponent(String(word)).path : String(word)
        }
        let folder = try FlowFolder()
        let result = try Flowrun.run(arguments + ["--state-dir", "state"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let printed = (result.stdout + result.stderr).split(separator: "\n").map(String.init)
        #expect(printed == shown, "the README shows \(shown), the run printed \(printed)")
    }
}
