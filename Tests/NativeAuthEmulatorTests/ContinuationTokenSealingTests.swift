import Crypto
import FlowrunFoundation
import Foundation
import NativeAuthWire
import Testing

@testable import NativeAuthEmulator

@Suite("Continuation tokens: sealing and opening")
struct ContinuationTokenSealingTests {
    private let tokens = ContinuationTokens(secret: Data(repeating: 9, count: 32))

    @Test("a sealed payload opens to the same payload, with any username the JSON writer escapes")
    func sealedPayloadsOpen() throws {
        for username in ["ann@contoso.com", "zoë@contoso.com", "a\"b\\c@contoso.com", "tab\there@contoso.com"] {
            let payload = ContinuationPayload(
                tenant: "tenant-1", flow: "signIn", steps: ["start", "challenge"], username: username, id: "id-1",
                expires: 1_800_000_000)
            #expect(tokens.open(try tokens.seal(payload)) == payload, "\(username)")
        }
    }

    @Test("each MAC is HMAC-SHA256 of its own payload under the secret, however many were made before")
    func macsAreIndependentHMACs() throws {
        let secret = SymmetricKey(data: Data(repeating: 9, count: 32))
        for username in ["ann@contoso.com", "bob@contoso.com", "ann@contoso.com"] {
            let payload = ContinuationPayload(
                tenant: "t", flow: "signIn", steps: ["start"], username: username, id: "i", expires: 1_800_000_000)
            let token = try tokens.seal(payload)
            let json = ContinuationTokens.json(payload)
            let expected = HMAC<SHA256>.authenticationCode(for: json, using: secret)
            #expect(token == Base64URL.encode(json) + "." + Base64URL.encode(Data(expected)))
        }
        let digest = HMAC<SHA256>.authenticationCode(for: Array("row-1:123456".utf8), using: secret)
        #expect(
            tokens.codeDigest("123456", id: "row-1") == "hmac$" + digest.map { String(format: "%02x", $0) }.joined())
    }

    @Test("the payload reader takes keys in any order and refuses a missing key or a key of another type")
    func payloadReader() {
        let reordered = #"{"username":"u","tenant":"t","steps":["a"],"id":"i","flow":"f","expires":5}"#
        #expect(
            ContinuationPayload(json: Array(reordered.utf8))
                == ContinuationPayload(tenant: "t", flow: "f", steps: ["a"], username: "u", id: "i", expires: 5))
        let missing = #"{"username":"u","tenant":"t","steps":["a"],"id":"i","flow":"f"}"#
        let wrongType = #"{"username":"u","tenant":"t","steps":[1],"id":"i","flow":"f","expires":5}"#
        #expect(ContinuationPayload(json: Array(missing.utf8)) == nil)
        #expect(ContinuationPayload(json: Array(wrongType.utf8)) == nil)
    }

    @Test("a token whose MAC does not match its payload does not open")
    func tamperedTokensDoNotOpen() throws {
        let payload = ContinuationPayload(
            tenant: "t", flow: "signUp", steps: [], username: "ann@contoso.com", id: "i", expires: 1_800_000_000)
        let token = try tokens.seal(payload)
        let other = ContinuationTokens(secret: Data(repeating: 8, count: 32))
        #expect(other.open(token) == nil)
        #expect(tokens.open(String(token.dropLast(2)) + "AA") == nil)
    }

    @Test("a token opens only as payload, one dot and MAC: a second dot, a missing part or a mark on the dot refuse it")
    func malformedTokensDoNotOpen() throws {
        let payload = ContinuationPayload(
            tenant: "t", flow: "signUp", steps: [], username: "ann@contoso.com", id: "i", expires: 1_800_000_000)
        let token = try tokens.seal(payload)
        let dot = try #require(token.firstIndex(of: "."))
        let (data, mac) = (token[..<dot], token[token.index(after: dot)...])
        #expect(tokens.open("\(data).\(mac)") == payload)
        for malformed in [
            "\(data).\(mac).", "\(data)..\(mac)", ".\(data).\(mac)", "\(data)\(mac)", "\(data).", ".\(mac)",
            "\(data).\u{301}\(mac)", "\(data)\u{301}.\(mac)", "",
        ] {
            #expect(tokens.open(malformed) == nil, "\(malformed)")
        }
    }
}
