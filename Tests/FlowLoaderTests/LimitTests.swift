import FlowLoader
import FlowModel
import Foundation
import Testing

/// Hostile input is rejected with its own code, quickly, without crashing.
@Suite struct LimitTests {
    @Test func fileOverTheSizeLimit() {
        let text = minimalFlow + "# " + String(repeating: "x", count: 200) + "\n"
        let parsed = parse(text, limits: LoaderLimits(maxFileBytes: 100))
        expectFinding(parsed, .fileTooLarge, containing: "limit is 100 bytes")
        #expect(parsed.first(.fileTooLarge)?.position == nil)
    }

    @Test func fileOverTheSizeLimitIsNotReadWhole() throws {
        let folder = try TemporaryFolder()
        try folder.write("big.yaml", String(repeating: "# padding\n", count: 2_000))
        let (result, elapsed) = measuringWork {
            FlowLoader(limits: LoaderLimits(maxFileBytes: 1_000)).load(file: folder.file("big.yaml"))
        }
        #expect(elapsed < .seconds(1))
        #expect(result.flows == nil)
        #expect(result.diagnostics.map(\.code) == [.fileTooLarge])
        #expect(result.diagnostics.first?.message.contains("20000 bytes") == true)
    }

    @Test func billionLaughsAliasBomb() {
        var lines = [#"a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]"#]
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        for (previous, name) in zip(names, names.dropFirst()) {
            let aliases = Array(repeating: "*\(previous)", count: 9).joined(separator: ", ")
            lines.append("\(name): &\(name) [\(aliases)]")
        }
        let parsed = parse(lines.joined(separator: "\n") + "\n")
        expectFinding(parsed, .documentTooLarge, containing: "200000 nodes")
        #expect(parsed.codes == [.documentTooLarge])
    }

    @Test func aliasBombInsideAFlowIsRejected() {
        let text = """
            flowrun: 1
            id: bomb
            start: s
            steps:
              s:
                set:
                  a: &a [x, x, x, x, x, x, x, x, x, x]
                  b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
                  c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
                  d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
                  e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
                  f: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]
                next: s

            """
        expectFinding(parse(text), .documentTooLarge)
    }

    @Test func smallAliasesExpand() throws {
        let text = """
            flowrun: 1
            id: aliases
            start: s
            steps:
              s:
                set: &values { a: 1, b: [x, y] }
                next: t
              t:
                set: *values
                next: done
              done: { end: success }

            """
        let parsed = parse(text)
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        guard case .set(let first) = parsed.document?.steps[0].kind,
            case .set(let second) = parsed.document?.steps[1].kind
        else {
            Issue.record("expected two set steps")
            return
        }
        #expect(first.assignments == second.assignments)
        #expect(first.assignments.count == 2)
    }

    @Test func aliasUsedAsAMappingKeyIsRejectedBeforeComposing() {
        let text = "a: &a [x, y]\nb: { *a : 1 }\n"
        expectFinding(parse(text), .wrongType, at: at(2, 6), containing: "mapping keys must be plain strings")
        let complex = "a: &a [x, y]\nb:\n  [*a, *a]: 1\n"
        expectFinding(parse(complex), .wrongType, at: at(3, 3), containing: "mapping keys must be plain strings")
    }

    @Test func listAsAMappingKeyIsRejected() {
        expectFinding(parse("flowrun: 1\n? [a, b]\n: 1\n"), .wrongType, at: at(2, 3), containing: "found a list")
    }

    @Test func tenThousandNestedFlowSequences() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        expectFinding(parse(text), .nestingTooDeep, at: at(1, 65), containing: "deeper than 64")
    }

    @Test func tenThousandNestedFlowMappings() {
        let text = String(repeating: "{a: ", count: 10_000) + "1" + String(repeating: "}", count: 10_000)
        expectFinding(parse(text), .nestingTooDeep, at: at(1, 4 * 64 + 1))
    }

    @Test func tenThousandNestedJSONArrays() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        expectFinding(parse(text, file: "flow.json"), .nestingTooDeep, at: at(1, 65))
    }

    @Test func tenThousandNestedJSONObjects() {
        let text = String(repeating: #"{"a": "#, count: 10_000) + "1" + String(repeating: "}", count: 10_000)
        expectFinding(parse(text, file: "flow.json"), .nestingTooDeep, at: at(1, 6 * 64 + 1))
    }

    @Test func tenThousandCompactBlockSequences() {
        let text = String(repeating: "- ", count: 10_000) + "x\n"
        expectFinding(parse(text), .nestingTooDeep, at: at(1, 2 * 64 + 1))
    }

    @Test func deepBlockMappingsByIndentation() {
        // 300 levels: rejected by the pre-scan; 100 levels: rejected while building the tree. Same position.
        for levels in [300, 100] {
            let text = (0..<levels).map { String(repeating: " ", count: $0) + "k:" }.joined(separator: "\n") + " 1\n"
            expectFinding(parse(text), .nestingTooDeep, at: at(65, 65))
        }
    }

    @Test func deepBlockSequencesByIndentation() {
        let text = (0..<1_000).map { String(repeating: " ", count: $0) + "-" }.joined(separator: "\n") + " x\n"
        expectFinding(parse(text), .nestingTooDeep, at: at(65, 65))
    }

    @Test func indentlessSequencesCount() {
        // `k:` / `- ` at the same column nests a sequence in a mapping without indenting.
        var lines: [String] = []
        for level in 0..<150 {
            let indent = String(repeating: " ", count: 2 * level)
            lines.append(indent + "k:")
            lines.append(indent + "-")
        }
        let text = lines.joined(separator: "\n") + " x\n"
        let parsed = parse(text)
        #expect(parsed.codes == [.nestingTooDeep], "\(parsed.diagnostics)")
        #expect(parsed.elapsed < .seconds(1))
    }

    @Test func smallerDepthLimit() {
        let parsed = parse("a: [[1]]\n", limits: LoaderLimits(maxDepth: 3))
        expectFinding(parsed, .nestingTooDeep, at: at(1, 6), containing: "deeper than 3")
    }

    @Test func tooManyNodesWithoutAliases() {
        let text = "[" + Array(repeating: "1", count: 1_000).joined(separator: ",") + "]"
        expectFinding(parse(text, limits: LoaderLimits(maxNodes: 500)), .documentTooLarge)
        expectFinding(parse(text, file: "flow.json", limits: LoaderLimits(maxNodes: 500)), .documentTooLarge)
    }

    @Test func tooManySteps() {
        let text = """
            flowrun: 1
            id: many
            start: a
            steps:
              a: { set: { x: 1 }, next: b }
              b: { set: { x: 2 }, next: c }
              c: { end: success }

            """
        expectFinding(
            parse(text, limits: LoaderLimits(maxSteps: 2)), .tooManySteps, at: at(7, 3), containing: "limit is 2")
        #expect(parse(text, limits: LoaderLimits(maxSteps: 3)).diagnostics.isEmpty)
    }

    /// The deepest documents the loader accepts parse on a 512 KiB thread stack (a secondary thread's size on
    /// macOS), with room to spare.
    @Test func deepestAcceptedDocumentsFitASmallStack() {
        let depth = LoaderLimits.hardDepthLimit
        let limits = LoaderLimits(maxDepth: depth)
        let documents: [(String, String)] = [
            ("a.yaml", String(repeating: "[", count: depth) + String(repeating: "]", count: depth)),
            ("a.yaml", String(repeating: "{a: ", count: depth - 1) + "1" + String(repeating: "}", count: depth - 1)),
            ("a.yaml", (0..<depth - 1).map { String(repeating: " ", count: $0) + "a:" }.joined(separator: "\n") + "\n"),
            ("a.json", String(repeating: "[", count: depth) + String(repeating: "]", count: depth)),
            (
                "a.json",
                String(repeating: #"{"a": "#, count: depth - 1) + "1" + String(repeating: "}", count: depth - 1)
            ),
        ]
        for (file, text) in documents {
            let codes = onSmallStack { FlowLoader(limits: limits).parse(text, file: file).diagnostics.map(\.code) }
            // Everything parses; the top level is simply not a map (FR010) or a map of unknown keys (FR009).
            #expect(!codes.contains(.nestingTooDeep), "\(file): \(codes)")
        }
    }

    private func onSmallStack(_ work: @escaping @Sendable () -> [RuleCode]) -> [RuleCode] {
        let box = Box()
        let thread = Thread {
            box.set(work())
        }
        thread.stackSize = 512 * 1024
        thread.start()
        box.wait()
        return box.value
    }
}

private final class Box: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: [RuleCode]?

    func set(_ value: [RuleCode]) {
        condition.lock()
        result = value
        condition.signal()
        condition.unlock()
    }

    func wait() {
        condition.lock()
        while result == nil { condition.wait() }
        condition.unlock()
    }

    var value: [RuleCode] {
        condition.lock()
        defer { condition.unlock() }
        return result ?? []
    }
}

@Suite struct AliasChainTests {
    @Test func aliasChainDeeperThanTheLimit() {
        var lines = ["a0: &a0 [x]"]
        for index in 1..<500 { lines.append("a\(index): &a\(index) [*a\(index - 1)]") }
        let parsed = parse(lines.joined(separator: "\n") + "\n")
        expectFinding(parsed, .nestingTooDeep, containing: "deeper than 64")
        #expect(parsed.codes == [.nestingTooDeep])
    }
}

@Suite struct ManyErrorsTests {
    @Test func manyUnknownKeysAreCappedAndQuick() {
        let keys = (0..<20_000).map { "key\($0): 1" }.joined(separator: "\n")
        // A flow (`flowrun: 1`): a document that is not one is reported by its name only.
        let parsed = parse("flowrun: 1\n" + keys + "\n")
        #expect(parsed.elapsed < .seconds(1))
        #expect(parsed.diagnostics.count <= 1_000)
        #expect(parsed.codes.contains(.unknownKey))
    }
}

@Suite struct ExtremeLimitTests {
    @Test func unlimitedNodesStillTerminateOnAnAliasBomb() {
        var lines = ["flowrun: 1", "a: &a [x, x, x, x, x, x, x, x, x, x]"]
        for index in 1..<30 {
            lines.append(
                "a\(index): &a\(index) [*a\(index == 1 ? "" : String(index - 1)), *a\(index == 1 ? "" : String(index - 1))]"
            )
        }
        let limits = LoaderLimits(maxFileBytes: .max, maxDepth: .max, maxNodes: .max, maxSteps: .max)
        let parsed = parse(lines.joined(separator: "\n") + "\n", limits: limits)
        #expect(parsed.elapsed < .seconds(1))
        #expect(parsed.codes.contains(.unknownKey) || parsed.codes.contains(.documentTooLarge))
    }

    @Test func oddLimitsDoNotTrap() throws {
        let folder = try TemporaryFolder()
        try folder.write("f.yaml", minimalFlow)
        #expect(
            FlowLoader(limits: LoaderLimits(maxFileBytes: .max)).load(file: folder.file("f.yaml")).diagnostics.isEmpty)
        #expect(
            FlowLoader(limits: LoaderLimits(maxFileBytes: -1)).load(file: folder.file("f.yaml")).diagnostics.map(\.code)
                == [.fileTooLarge])
        #expect(parse(minimalFlow, limits: LoaderLimits(maxDepth: 0)).codes == [.nestingTooDeep])
        #expect(parse(minimalFlow, limits: LoaderLimits(maxNodes: 0)).codes == [.documentTooLarge])
    }
}
