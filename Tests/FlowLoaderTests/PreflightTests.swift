import FlowModel
import Foundation
import Testing

@testable import FlowLoader

/// The pre-scan's depth bound must never be below the real nesting, or libyaml could be asked to nest deeper
/// than the loader's hard limit. Random YAML-like texts are checked against the tree the YAML reader builds.
@Suite struct PreflightTests {
    /// A small deterministic generator (SplitMix64).
    private struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((value ^ (value >> 31)) % UInt64(bound))
        }
    }

    private static let pieces = [
        "[", "]", "{", "}", ", ", "- ", "a: ", "b:", "? ", ": ", "'x", "'", "\"", "\\\"", "x", " ", "  ", "\n",
        "\n  ", "\n    ", "\n- ", "# c", "|\n  ", ">-\n    ", "*a", "&a ", "!t ", "k", "--- ", "''", "\t", "é",
        "\na:", "\n  b:", "\n    c: ", "\n  - ", "\n    - d: ", " e: ", "\n      f:", "\n?", "\n:", "\n- - ", "- a: ",
    ]

    private func randomText(_ generator: inout Generator) -> String {
        var text = ""
        for _ in 0..<(generator.next(60) + 1) {
            text += Self.pieces[generator.next(Self.pieces.count)]
        }
        return text
    }

    @Test func depthBoundCoversTheComposedTree() {
        var generator = Generator(state: 42)
        var composed = 0
        for _ in 0..<3_000 {
            let text = randomText(&generator)
            let bytes = Array(text.utf8)
            let bound = Preflight.depthBound(of: bytes)
            guard bound < LoaderLimits.hardDepthLimit else { continue }
            // Scalars sit one level below the deepest collection.
            let limits = LoaderLimits(maxDepth: bound + 1, maxNodes: .max)
            let tree = YAMLReader(file: "x.yaml", limits: limits).read(
                SourceText(validUTF8: bytes, unicodeBreaks: true))
            if tree.root != nil { composed += 1 }
            let tooDeep = tree.diagnostics.contains { $0.code == .nestingTooDeep }
            #expect(!tooDeep, "bound \(bound) too small for \(text.debugDescription)")
        }
        #expect(composed > 100, "\(composed)")
    }

    @Test func boundOfKnownShapes() {
        #expect(Preflight.depthBound(of: Array("[[a], {b: [c]}]".utf8)) == 3)
        #expect(Preflight.depthBound(of: Array("a:\n  b:\n    - c\n".utf8)) == 3)
        #expect(Preflight.depthBound(of: Array("- - - x\n".utf8)) == 3)
        #expect(Preflight.depthBound(of: Array("a: '[[[['\nb: \"{{{\"\nc: |\n  [[[[\n# [[[\n".utf8)) == 1)
        #expect(Preflight.depthBound(of: Array("a: it's [\nb: [x]\n".utf8)) == 2)
    }
}

@Suite struct PathTests {
    @Test func normalize() {
        #expect(FlowPath.normalize("./a/./b/../c.yaml") == "a/c.yaml")
        #expect(FlowPath.normalize("../a.yaml") == "../a.yaml")
        #expect(FlowPath.normalize("/x/../../a.yaml") == "/a.yaml")
        #expect(FlowPath.normalize("a//b/") == "a/b")
        #expect(FlowPath.normalize("./") == ".")
    }

    @Test func directoryAndJoin() {
        #expect(FlowPath.directory(of: "flow.yaml") == ".")
        #expect(FlowPath.directory(of: "/flow.yaml") == "/")
        #expect(FlowPath.directory(of: "flows/sub/a.yaml") == "flows/sub")
        #expect(FlowPath.join(".", "./b.yaml") == "b.yaml")
        #expect(FlowPath.join("flows/sub", "../b.yaml") == "flows/b.yaml")
    }

    @Test func inside() {
        #expect(FlowPath.isInside("flows/a.yaml", root: "flows"))
        #expect(!FlowPath.isInside("flows2/a.yaml", root: "flows"))
        #expect(!FlowPath.isInside("../a.yaml", root: "."))
        #expect(FlowPath.isInside("a.yaml", root: "."))
        #expect(FlowPath.isInside("/r/flows/x.yaml", root: "/r"))
    }

    @Test func resolve() throws {
        #expect(try SubflowPath.resolve("./b.yaml", from: "flows/a.yaml", root: "flows").get() == "flows/b.yaml")
        #expect(throws: SubflowPath.Failure.self) {
            try SubflowPath.resolve("C:/x.yaml", from: "a.yaml", root: ".").get()
        }
        #expect(throws: SubflowPath.Failure.self) {
            try SubflowPath.resolve("~/x.yaml", from: "a.yaml", root: ".").get()
        }
        #expect(throws: SubflowPath.Failure.self) { try SubflowPath.resolve("", from: "a.yaml", root: ".").get() }
    }
}

/// Random text never crashes the loader and never takes long.
@Suite struct RobustnessTests {
    @Test func randomTextNeverCrashes() {
        var state: UInt64 = 2024
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet = Array(#"{}[]:,"'\ -?*&!|>#%@`abc01.eE+$\n\t"#.utf8) + [0x0A, 0x0D, 0xC3, 0xA9, 0xFF, 0x00]
        let (_, elapsed) = measuringWork {
            for index in 0..<2_000 {
                let bytes = (0..<(next(80) + 1)).map { _ in alphabet[next(alphabet.count)] }
                let file = index.isMultiple(of: 2) ? "x.yaml" : "x.json"
                let result = FlowLoader().parse(bytes, file: file)
                #expect(result.document == nil || result.diagnostics.isEmpty)
            }
        }
        #expect(elapsed < .seconds(10))
    }
}
