import FlowModel
import Testing

/// "Did you mean" hints: the nearest known name, only when it is close enough to be a typo.
@Suite struct SpellingTests {
    @Test func editDistanceCountsASwapOfNeighboursAsOneEditAndIgnoresCase() {
        #expect(Spelling.editDistance("email", "emial") == 1)
        #expect(Spelling.editDistance("Email", "email") == 0)
        #expect(Spelling.editDistance("", "abc") == 3)
        #expect(Spelling.editDistance("kitten", "sitting") == 3)
    }

    @Test func suggestsTheNearestCandidateWithinTheAllowance() {
        let steps = ["ask_email", "ask_code", "done"]
        #expect(Spelling.suggestion(for: "ask_emial", among: steps) == "ask_email")
        #expect(Spelling.suggestion(for: "dne", among: steps) == "done")
        #expect(Spelling.suggestion(for: "finish", among: steps) == nil)
        #expect(Spelling.suggestion(for: "x", among: [String]()) == nil)
    }

    @Test("short names are allowed one edit, longer ones two")
    func allowanceGrowsWithLength() {
        #expect(Spelling.suggestion(for: "ab", among: ["cd"]) == nil)
        #expect(Spelling.suggestion(for: "ab", among: ["ac"]) == "ac")
        #expect(Spelling.suggestion(for: "password", among: ["passwrd2"]) == "passwrd2")
        #expect(Spelling.suggestion(for: "password", among: ["pasword12"]) == nil)
    }
}
