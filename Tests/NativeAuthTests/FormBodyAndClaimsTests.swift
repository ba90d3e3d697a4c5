import FlowModel
import Foundation
import Testing

@testable import NativeAuth
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

@Suite struct ClaimsTests {
    @Test func readsIDTokenClaimsAndClientInfo() {
        let claims = IDTokenClaims.claims(ofJWT: Canned.idToken())
        #expect(claims?["preferred_username"] == "ann@contoso.com")
        #expect(claims?["iat"] == .integer(1_750_000_000))
        let info = IDTokenClaims.clientInfo(Canned.clientInfo())
        #expect(info?.uid == Canned.oid)
        #expect(info?.utid == Canned.tid)
    }

    @Test func refusesMalformedTokens() {
        #expect(IDTokenClaims.claims(ofJWT: "nodots") == nil)
        #expect(IDTokenClaims.claims(ofJWT: "a.%%%.c") == nil)
        #expect(IDTokenClaims.claims(ofJWT: "a.\(Canned.base64URL(Data("[1]".utf8))).c") == nil)
        #expect(IDTokenClaims.clientInfo("e30") == nil)
    }

    @Test("the payload is read between the first two dots, whatever follows the second")
    func readsThePayloadBetweenTheDots() {
        let payload = Canned.base64URL(Data(#"{"oid":"x"}"#.utf8))
        #expect(IDTokenClaims.claims(ofJWT: "h.\(payload).\u{301}signature")?["oid"] == "x")
        #expect(IDTokenClaims.claims(ofJWT: "h.\(payload)")?["oid"] == "x")
        #expect(IDTokenClaims.claims(ofJWT: ".\(payload).")?["oid"] == "x")
    }

    @Test func configurationDecodesWithDefaults() throws {
        let configuration = try JSONDecoder().decode(
            NativeAuthConfiguration.self, from: Data(#"{"clientID": "abc"}"#.utf8))
        #expect(configuration == NativeAuthConfiguration(clientID: "abc"))
        #expect(configuration.challengeTypes == ["oob", "password", "redirect"])
        #expect(configuration.scopes == ["openid", "profile", "offline_access"])
        #expect(configuration.capabilities.isEmpty)
    }

    @Test func unknownActionsThrow() async {
        let client = NativeAuthClient(
            configuration: .test, transport: CannedTransport(), accounts: MemoryAccountStore(),
            catalog: nativeAuthCatalog)
        await #expect(throws: NativeAuthClientError.unknownAction("signUp.nope")) {
            try await client.perform("signUp.nope", arguments: [:], continuation: nil)
        }
    }

    @Test func everyCatalogActionIsImplemented() async throws {
        let client = NativeAuthClient(
            configuration: .test, transport: CannedTransport(), accounts: MemoryAccountStore(),
            catalog: nativeAuthCatalog, sleep: { _ in })
        #expect(nativeAuthCatalog.actions.count == 22)
        for action in nativeAuthCatalog.actions.keys.sorted() {
            let result = try await client.perform(action, arguments: [:], continuation: nil)
            expectDeclared(result, of: action)
        }
    }
}
