import FlowModel
import Foundation
import Testing

@testable import NativeAuth

/// A token answer issued elsewhere becomes the client's signed-in account, checked as a sign-in's is.
@Suite struct AdoptTests {
    static func client() -> NativeAuthClient {
        NativeAuthClient(
            configuration: .test, transport: CannedTransport(), accounts: MemoryAccountStore(),
            catalog: nativeAuthCatalog)
    }

    @Test func keepsTheAccountOfATokenAnswer() async throws {
        let client = Self.client()
        try await client.adopt(tokens: try #require(Canned.tokens().body), username: "ann@contoso.com")
        let account = try #require(try await client.signedInAccount())
        #expect(account.username == "ann@contoso.com")
        #expect(account.accountID == Canned.oid)
        #expect(account.refreshToken == plantedRefreshToken)
    }

    @Test func refusesAnAnswerASignInWouldRefuse() async throws {
        let client = Self.client()
        let body = try #require(Canned.tokens(clientInfo: nil).body)
        await #expect {
            try await client.adopt(tokens: body, username: "ann@contoso.com")
        } throws: { error in
            (error as? AdoptedTokensError)?.description == "Client info was not returned"
        }
        #expect(try await client.signedInAccount() == nil)
    }
}
