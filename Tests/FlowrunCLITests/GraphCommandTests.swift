import Foundation
import Testing

@Suite struct GraphCommandTests {
    @Test func mermaidIsTheDefault() throws {
        let folder = try FlowFolder()
        try folder.write("guess.yaml", Flows.guess)
        let result = try folder.run("graph", "guess.yaml")
        #expect(result.status == 0, "\(result.stderr)")
        let graph = result.stdout
        #expect(graph.hasPrefix("flowchart TD\n"))
        #expect(graph.contains("    s0[/\"ask_code<br/>ask: code\"/]\n"))
        #expect(graph.contains("    s1{\"check<br/>choose\"}\n"))
        #expect(graph.contains("    s2([\"done<br/>end: success\"])\n"))
        #expect(graph.contains("([\"end: failure (too_many_attempts)\"])\n"))
        #expect(graph.contains("    start --> s0\n"))
        #expect(graph.contains("    s0 -->|\"next\"| s1\n"))
        #expect(graph.contains("    s1 -->|\"if #35;1: code == 1234\"| s2\n"))
        #expect(graph.contains("    s1 -->|\"otherwise ≤3\"| s0\n"))
        #expect(graph.contains("    s1 -.->|\"exhausted\"| e"))
    }

    @Test func dotFormat() throws {
        let folder = try FlowFolder()
        try folder.write("guess.yaml", Flows.guess)
        let result = try folder.run("graph", "--format", "dot", "guess.yaml")
        #expect(result.status == 0, "\(result.stderr)")
        let graph = result.stdout
        #expect(graph.hasPrefix("digraph \"guess\" {\n"))
        #expect(graph.contains("    s0 [label=\"ask_code\\nask: code\", shape=parallelogram];\n"))
        #expect(graph.contains("    s1 [label=\"check\\nchoose\", shape=diamond];\n"))
        #expect(graph.contains("    s0 -> s1 [label=\"next\"];\n"))
        #expect(graph.contains("    s1 -> s0 [label=\"otherwise ≤3\"];\n"))
        #expect(graph.contains("[label=\"exhausted\", style=dashed];\n"))
        #expect(graph.hasSuffix("}\n"))
    }

    @Test func outputFile() throws {
        let folder = try FlowFolder()
        try folder.write("hello.yaml", Flows.helloYAML)
        let result = try folder.run("graph", "hello.yaml", "--output", "hello.mmd")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let written = try String(contentsOf: folder.url.appendingPathComponent("hello.mmd"), encoding: .utf8)
        #expect(written.hasPrefix("flowchart TD\n"))
        #expect(written.contains("s0 -->|\"next\"| s1"))
    }

    @Test("`-` is standard input for the flow and standard output for --output, as everywhere else")
    func dashIsStandardInputAndOutput() throws {
        let folder = try FlowFolder()
        let piped = try Flowrun.run(["graph", "-", "-o", "-"], in: folder.url, standardInput: Flows.helloYAML)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.hasPrefix("flowchart TD\n"), "\(piped.stdout)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("-").path))
        let broken = try Flowrun.run(["graph", "-"], in: folder.url, standardInput: "flowrun: 1\nid: x\n")
        #expect(broken.status != 0)
        #expect(broken.stderr.hasPrefix("-:1:1: error "), "\(broken.stderr)")
        #expect(!broken.stderr.contains("flowrun-stdin-"), "the temporary file is not named: \(broken.stderr)")
    }

    @Test func flowWithErrorsPrintsDiagnosticsAndExitsOne() throws {
        let folder = try FlowFolder()
        try folder.write("unknown.yaml", Flows.unknownKey)
        let result = try folder.run("graph", "unknown.yaml")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("unknown.yaml:2:1: error FR009: "))
    }

    @Test func checkerErrorsAlsoStopTheGraph() throws {
        let folder = try FlowFolder()
        try folder.write("undefined.yaml", Flows.undefinedStep)
        let result = try folder.run("graph", "--format", "dot", "undefined.yaml")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("error FR101"))
    }

    @Test func missingFlowExitsTwo() throws {
        let folder = try FlowFolder()
        let result = try folder.run("graph", "missing.yaml")
        #expect(result.status == 2)
        #expect(result.stderr.contains("missing.yaml"))
    }

    @Test func folderIsAUsageError() throws {
        let folder = try FlowFolder()
        try folder.write("flows/hello.yaml", Flows.helloYAML)
        let result = try folder.run("graph", "flows")
        #expect(result.status == 2)
    }

    @Test func unknownFormatExitsTwo() throws {
        let folder = try FlowFolder()
        try folder.write("hello.yaml", Flows.helloYAML)
        let result = try folder.run("graph", "--format", "svg", "hello.yaml")
        #expect(result.status == 2)
        #expect(result.stderr.contains("svg"))
    }
}

/// Graphviz accepts the DOT output (only where `dot` is installed; CI need not have it).
@Suite struct GraphvizAcceptanceTests {
    static let dotPath = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(.enabled(if: dotPath != nil, "Graphviz is not installed"))
    func graphvizParsesTheDotOutput() throws {
        let folder = try FlowFolder()
        try folder.write("guess.yaml", Flows.guess)
        let result = try folder.run("graph", "--format", "dot", "guess.yaml", "--output", "guess.dot")
        #expect(result.status == 0, "\(result.stderr)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.dotPath))
        process.arguments = [
            "-Tsvg", "-o", folder.url.appendingPathComponent("guess.svg").path,
            folder.url.appendingPathComponent("guess.dot").path,
        ]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
