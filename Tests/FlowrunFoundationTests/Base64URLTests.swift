import FlowrunFoundation
import Foundation
import Testing

@Suite("Base64url without padding")
struct Base64URLTests {
    @Test("encoding uses - and _ without padding, and decoding gives the bytes back, for every length")
    func roundTrip() {
        #expect(Base64URL.encode(Data([0xFB, 0xFF])) == "-_8")
        #expect(Base64URL.encode(Data("flowrun".utf8)) == "Zmxvd3J1bg")
        for length in 0...9 {
            let bytes = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 * 37 + 250) })
            let text = Base64URL.encode(bytes)
            #expect(!text.contains("=") && !text.contains("+") && !text.contains("/"), "\(text)")
            #expect(Base64URL.decode(text) == bytes, "length \(length)")
        }
    }

    @Test("decoding refuses foreign characters, impossible lengths and non-zero unused bits")
    func refusesNonCanonicalText() {
        #expect(Base64URL.decode("Zm9v+") == nil)
        #expect(Base64URL.decode("Zm9v=") == nil)
        #expect(Base64URL.decode("Zm9vY") == nil)
        #expect(Base64URL.decode("Zg") == Data("f".utf8))
        #expect(Base64URL.decode("Zh") == nil)
    }

    @Test("lenient decoding also reads plain base64, with or without padding")
    func lenientDecoding() {
        #expect(Base64URL.decodeLeniently("-_8") == Data([0xFB, 0xFF]))
        #expect(Base64URL.decodeLeniently("+/8=") == Data([0xFB, 0xFF]))
        #expect(Base64URL.decodeLeniently("+/8") == Data([0xFB, 0xFF]))
        #expect(Base64URL.decodeLeniently("Zm9vY") == nil)
    }
}
