import FlowrunFoundation
import Testing

@Suite("Strict UTF-8 decoding")
struct UTF8TextTests {
    @Test("valid UTF-8 decodes to its text, and a literal replacement character stays valid")
    func validText() {
        #expect(UTF8Text.decode(Array("ada@example.com".utf8)) == "ada@example.com")
        #expect(UTF8Text.decode(Array("Zoë ✓ 🙂".utf8)) == "Zoë ✓ 🙂")
        #expect(UTF8Text.decode(Array("\u{FFFD}".utf8)) == "\u{FFFD}")
        #expect(UTF8Text.decode([UInt8]()) == "")
    }

    @Test(
        "invalid UTF-8 is refused",
        arguments: [
            [0xC3] as [UInt8],  // truncated two-byte sequence
            [0x80],  // lone continuation byte
            [0xC0, 0xAF],  // overlong "/"
            [0xED, 0xA0, 0x80],  // UTF-16 surrogate
            [0xF4, 0x90, 0x80, 0x80],  // beyond U+10FFFF
            [0x61, 0xFF, 0x62],  // a byte that never occurs
        ])
    func invalidText(bytes: [UInt8]) {
        #expect(UTF8Text.decode(bytes) == nil)
    }

    @Test("agrees with the standard library's validating decoder on random bytes")
    func agreesWithTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let count = Int.random(in: 0...12, using: &generator)
            // Bytes drawn mostly from the ranges where UTF-8 sequences start and continue.
            let bytes = (0..<count).map { _ in
                [UInt8.random(in: 0x00...0x7F), .random(in: 0x80...0xBF), .random(in: 0xC0...0xFF)]
                    .randomElement(using: &generator) ?? 0
            }
            #expect(UTF8Text.decode(bytes) == String(validating: bytes, as: UTF8.self), "\(bytes)")
        }
    }
}
