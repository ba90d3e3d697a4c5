import Testing

@testable import NativeAuthWire

@Suite("ASCII sets")
struct ASCIISetTests {
    @Test("holds exactly its ASCII characters, across both halves of the mask")
    func membership() {
        let set = ASCIISet("az09-~")
        for byte in UInt8(0)...UInt8(255) {
            let expected = "az09-~".utf8.contains(byte)
            #expect(set.contains(byte) == expected, "byte \(byte)")
        }
    }

    @Test("text is in it only when every character is, and a non-ASCII or combined character never is")
    func text() {
        let letters = ASCIISet("abcdefghijklmnopqrstuvwxyz")
        #expect(letters.containsAll(of: "contoso"))
        #expect(letters.containsAll(of: ""))
        #expect(!letters.containsAll(of: "contoso.com"))
        #expect(!letters.containsAll(of: "caf\u{e9}"))
        #expect(!letters.containsAll(of: "cafe\u{301}"))
        #expect(ASCIISet("\u{e9}abc").containsAll(of: "abc") && !ASCIISet("\u{e9}").containsAll(of: "\u{e9}"))
        #expect("contoso".isASCII && !"caf\u{e9}".isASCII)
    }
}
