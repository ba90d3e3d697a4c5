import FlowModel
import Foundation
import Testing

@testable import NativeAuth

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
