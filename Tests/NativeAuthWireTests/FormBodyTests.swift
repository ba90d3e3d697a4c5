import Testing

@testable import NativeAuthWire

@Suite struct FormBodyTests {
    @Test func encodesSpacesAsPlusAndEscapesReservedCharacters() {
        let body = FormBody.encode([
            "challenge_type": "oob password redirect", "username": "ann+1@contoso.com", "attributes": #"{"a":"é/&="}"#,
        ])
        #expect(
            body
                == "attributes=%7B%22a%22%3A%22%C3%A9%2F%26%3D%22%7D&challenge_type=oob+password+redirect"
                + "&username=ann%2B1%40contoso.com")
    }

    @Test func decodesPlusAndPercent20() {
        #expect(FormBody.decode("a=b+c&d=e%20f&g=&h") == ["a": "b c", "d": "e f", "g": "", "h": ""])
        #expect(FormBody.decode("u=ann%2B1%40contoso.com") == ["u": "ann+1@contoso.com"])
        #expect(FormBody.decode("") == [:])
    }

    @Test func roundTrips() {
        let fields = ["scope": "openid profile", "password": "p@ss w+rd%&=", "x": "ünïcödé ✓"]
        #expect(FormBody.decode(FormBody.encode(fields)) == fields)
    }

    @Test func refusesMalformedBodies() {
        #expect(FormBody.decode("a=%zz") == nil)
        #expect(FormBody.decode("a=%4") == nil)
        #expect(FormBody.decode("a=%FF") == nil)
        #expect(FormBody.decode("a=1&a=2") == nil)
        #expect(FormBody.decodePairs("a=1&a=2")?.count == 2)
    }

    @Test("fields are split on the bytes & and =, even where a combining mark follows, and kept as sent")
    func splitsOnBytes() throws {
        let pairs = try #require(FormBody.decodePairs("a=1&\u{301}b=2&x=\u{fc}n\u{ef}&y=c=d&&z"))
        #expect(pairs.map(\.name) == ["a", "\u{301}b", "x", "y", "z"])
        #expect(pairs.map(\.value) == ["1", "2", "\u{fc}n\u{ef}", "c=d", ""])
    }
}
