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
    /// Each duplicate cost another compose of the whole text (up to 64, with a 16 MiB budget): 0.8 s in a
    /// release build for 64 KiB, 3.2 s for 600 KB. The budget is now 256 KiB of text composed again in all.
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
        #expect(duplicated.first(.duplicateKey)?.message.contains("more than once") == true)
        // One extra compose for 240 KB (the budget allows no more), where it was 64.
        #expect(duplicated.elapsed < clean.elapsed * 4 + .milliseconds(200), "\(duplicated.elapsed) \(clean.elapsed)")
    }

    /// The duplicates located before the rewrite budget ran out are reported too, not only the last one.
    @Test func duplicatesFoundBeforeTheBudgetRanOutAreKept() {
        // 200 duplicate names in a 64 KiB-scale file: more duplicates than rewrites allowed.
        let parsed = parse(Self.chain(count: 1_600, names: 1_400))
        let duplicates = parsed.diagnostics.filter { $0.code == .duplicateKey }
        #expect(duplicates.count > 1, "\(parsed.diagnostics)")
        #expect(Set(duplicates.map(\.position)).count == duplicates.count, "\(duplicates)")
    }
}
