import NativeAuthWire
import Testing

/// An answer echoes the `client-request-id` a request sent when it is a reasonable token, else a new UUID.
@Suite struct ClientRequestIDTests {
    static func isLowercaseUUID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false).map(\.count)
        return groups == [8, 4, 4, 4, 12] && text.allSatisfy { $0 == "-" || $0.isHexDigit && !$0.isUppercase }
    }

    @Test func aReasonableIdIsEchoedWithoutSurroundingSpaces() {
        #expect(ClientRequestID.value(sent: "  abc-DEF_1.2 ") == "abc-DEF_1.2")
        #expect(ClientRequestID.value(sent: String(repeating: "a", count: 128)) == String(repeating: "a", count: 128))
    }

    @Test(arguments: [nil, "", "   ", "a b", "id\u{e9}", "<script>", String(repeating: "a", count: 129)])
    func anythingElseGetsANewUUID(_ sent: String?) {
        let echoed = ClientRequestID.value(sent: sent)
        #expect(Self.isLowercaseUUID(echoed), "\(echoed)")
        #expect(echoed != sent)
    }

    @Test func theFirstReasonableCandidateWins() {
        #expect(ClientRequestID.value(sentIn: [nil, "bad id", "from-query"]) == "from-query")
        #expect(ClientRequestID.value(sentIn: ["header", "query"]) == "header")
    }

    @Test func theQueryStringIsReadAsAForm() {
        #expect(ClientRequestID.fromQuery("a=1&client-request-id=abc%2D1") == "abc-1")
        #expect(ClientRequestID.fromQuery("a=1") == nil)
        #expect(ClientRequestID.fromQuery("client-request-id=%zz") == nil)
        #expect(ClientRequestID.fromQuery("client-request-id=x&" + String(repeating: "a", count: 4096)) == nil)
    }
}
