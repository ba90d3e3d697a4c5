import FlowLoader
import FlowModel
import Foundation
import Testing

/// What the libFuzzer target (`Fuzz/`, `scripts/fuzz.sh`) found, each with its input written out here.
@Suite struct FuzzRegressionTests {
    /// `count` steps `s0 … s{count-1}`, each `{ set: { a: x }, next: s{i+1} }`, named `s{i % names}`: every
    /// name from `names` on is a duplicate key of `steps`.
    private static func chain(count: Int, names: Int, startingWith head: String = "") -> String {
        var text = "flowrun: 1\nid: f\nstart: s0\nsteps:\n" + head
        for index in 0..<count {
            text += "  s\(index % names): { set: { a: x }, next: s\(index + 1) }\n"
        }
        return text
    }

    /// Finding 1 (about 20 minutes in, 64 KiB input, 6.3 s of CPU under ASan): a 1,700-step chain in which
    /// libFuzzer had copied a run of about 80 lines over later ones, so that `steps` had 80 duplicate keys.
    /// Each duplicate then cost another compose of the whole text. The YAML reader now finds every duplicate
    /// in its one pass over libyaml's events, so duplicates cost nothing extra.
    @Test func manyDuplicateStepNamesAreReportedInBoundedTime() {
        let fuzzed = Self.chain(count: 1_700, names: 1_620)
        let parsed = parse(fuzzed)
        #expect(parsed.document == nil)
        #expect(parsed.codes.contains(.duplicateKey), "\(parsed.diagnostics)")
        #expect(parsed.codes.allSatisfy { $0 == .duplicateKey }, "\(parsed.diagnostics)")
        #expect(parsed.elapsed < .seconds(2), "\(parsed.elapsed)")

        let larger = Self.chain(count: 6_000, names: 5_800)
        let clean = parse(Self.chain(count: 6_000, names: 6_000))
        let duplicated = parse(larger)
        #expect(clean.codes.allSatisfy { $0 != .duplicateKey })
        let duplicates = duplicated.diagnostics.filter { $0.code == .duplicateKey }
        #expect(duplicates.count == 200, "\(duplicates.count)")
        #expect(duplicates.allSatisfy { $0.message.contains("it is first defined on line") })
        #expect(duplicated.elapsed < clean.elapsed * 4 + .milliseconds(200), "\(duplicated.elapsed) \(clean.elapsed)")
    }

    /// Every duplicate is reported, each once, at its second occurrence.
    @Test func everyDuplicateIsReportedAtItsSecondOccurrence() {
        let parsed = parse(Self.chain(count: 1_600, names: 1_400))
        let duplicates = parsed.diagnostics.filter { $0.code == .duplicateKey }
        #expect(duplicates.count == 200, "\(parsed.diagnostics)")
        #expect(Set(duplicates.map(\.position)).count == duplicates.count, "\(duplicates)")
        // Step `s{i}` of the second run is on line 5 + 1,400 + i.
        #expect(duplicates.first?.position == SourcePosition(line: 5 + 1_400, column: 3))
    }
}
