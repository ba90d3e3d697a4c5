import Testing

@testable import FlowServer

/// Session ids are 32 lower-case hex digits from the system's generator, and only that shape is looked up.
@Suite struct SessionIDTests {
    @Test func madeIdsAreWellFormedAndDistinct() {
        let ids = (0..<200).map { _ in SessionID.make() }
        #expect(ids.allSatisfy { SessionID.isWellFormed($0) })
        #expect(Set(ids).count == ids.count)
    }

    @Test(arguments: [
        "", "0123456789abcdef0123456789abcde", "0123456789abcdef0123456789abcdef0", "0123456789ABCDEF0123456789abcdef",
        "0123456789abcdef0123456789abcdeg", "../../etc/passwd/0123456789abcdef", "0123456789abcdef0123456789abcd\u{e9}",
    ])
    func otherShapesAreRefused(_ text: String) {
        #expect(!SessionID.isWellFormed(text))
    }

    @Test func thirtyTwoLowerCaseHexDigitsPass() {
        #expect(SessionID.isWellFormed("0123456789abcdef0123456789abcdef"))
    }
}
