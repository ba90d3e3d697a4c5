import FlowCompiler
import FlowModel
import Testing

/// Findings are de-duplicated in one place, `[Diagnostic].deduplicated()`, which the loader and the compiler use.
@Suite("Diagnostics de-duplicated")
struct DiagnosticDeduplicationTests {
    let place = SourcePosition(line: 3, column: 5)

    @Test("the first of each file, position and code is kept, in order; two spellings of a file are one file")
    func firstOfEachKept() {
        let first = Diagnostic(.invalidUTF8, "first", file: "flow.yaml", at: place)
        let other = Diagnostic(.unreadableFile, "other code", file: "flow.yaml", at: place)
        let elsewhere = Diagnostic(.invalidUTF8, "other line", file: "flow.yaml", at: .start)
        let repeated = Diagnostic(.invalidUTF8, "same place, other words", file: "./flow.yaml", at: place)
        let whole = Diagnostic(.invalidUTF8, "the file as a whole", file: "flow.yaml", at: nil)
        let kept = [first, other, repeated, elsewhere, whole, whole].deduplicated()
        #expect(kept.map(\.message) == ["first", "other code", "other line", "the file as a whole"])
    }

    @Test("a compiled flow holds each finding once, whatever it was given")
    func compiledFlowKeepsEachOnce() {
        let finding = Diagnostic(.invalidUTF8, "twice", file: "flow.yaml", at: place)
        let compiled = CompiledFlow(program: nil, digest: nil, files: [], diagnostics: [finding, finding])
        #expect(compiled.diagnostics == [finding])
    }
}
