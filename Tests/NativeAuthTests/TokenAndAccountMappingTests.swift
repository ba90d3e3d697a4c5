import FlowEngine
import FlowModel
import FlowrunFoundation
import NativeAuth
import NativeAuthWire
import Testing

private let refreshCall = MappingCase.Call(
    .token,
    [
        "grant_type": "refresh_token", "refresh_token": plantedRefreshToken, "scope": defaultScope,
        "client_info": "true",
    ], absent: ["challenge_type", "continuation_token", "username"])
private let refreshed = Canned.tokens(accessToken: "fresh-access", refreshToken: rotatedRefreshToken, expiresIn: 4141)

@Suite struct TokenAndAccountMapping {
    static let cases: [MappingCase] = [
        // token.get
        MappingCase.local(
            action: "token.get", outcome: "completed", note: "cached", account: Canned.account(),
            expecting: [
                "accessToken": .string(plantedAccessToken), "refreshToken": "", "expiresOn": "2025-06-15T16:06:40Z",
                "scopes": ["openid", "profile", "offline_access", "api://x/read"],
            ]),
        MappingCase.local(
            action: "token.get", outcome: "completed", note: "cached, scope covered, refresh token included",
            arguments: ["scopes": ["API://x/read"], "includeRefreshToken": true], account: Canned.account(),
            expecting: ["refreshToken": .string(plantedRefreshToken)]),
        MappingCase.local(
            action: "token.get", outcome: "completed", note: "forced refresh, rotation",
            arguments: ["forceRefresh": true, "includeRefreshToken": true], answers: [.token: [refreshed]],
            calls: [refreshCall], account: Canned.account(),
            expecting: [
                "accessToken": "fresh-access", "refreshToken": .string(rotatedRefreshToken),
                "expiresOn": "2025-06-15T16:15:41Z",
            ]),
        MappingCase.local(
            action: "token.get", outcome: "completed", note: "expires within 5 minutes", answers: [.token: [refreshed]],
            calls: [refreshCall], account: Canned.account(expiresOn: fixedNow.addingTimeInterval(299)),
            expecting: ["accessToken": "fresh-access", "refreshToken": ""]),
        MappingCase.local(
            action: "token.get", outcome: "completed", note: "scope not covered",
            arguments: ["scopes": ["api://y/write"]], answers: [.token: [refreshed]],
            calls: [
                MappingCase.Call(
                    .token, ["grant_type": "refresh_token", "scope": "api://y/write openid profile offline_access"])
            ], account: Canned.account(), expecting: ["accessToken": "fresh-access"]),
        MappingCase.local(action: "token.get", outcome: "noAccount"),
        MappingCase.local(
            action: "token.get", outcome: "refreshTokenExpired", arguments: ["forceRefresh": true],
            answers: [.token: [Canned.error("expired_refresh_token", codes: [700082])]], calls: [refreshCall],
            account: Canned.account()),
        MappingCase.local(
            action: "token.get", outcome: "refreshTokenExpired", note: "no refresh token cached",
            account: Canned.account(expiresOn: fixedNow, refreshToken: nil)),
        MappingCase.local(
            action: "token.get", outcome: "browserRequired", arguments: ["forceRefresh": true],
            answers: [.token: [Canned.redirect()]], calls: [refreshCall], account: Canned.account()),
        MappingCase.local(
            action: "token.get", outcome: "unexpected", note: "reused refresh token",
            arguments: ["forceRefresh": true], answers: [.token: [Canned.error("invalid_grant", codes: [70000])]],
            calls: [refreshCall], account: Canned.account(), expecting: ["error": "invalid_grant"]),
        MappingCase.local(
            action: "token.get", outcome: "unexpected", note: "store fails", failingStore: true,
            expecting: ["error": "account_store_error"]),

        // account.current
        MappingCase.local(
            action: "account.current", outcome: "completed", account: Canned.account(),
            expecting: [
                "username": .string(user),
                "account": [
                    "username": .string(user), "accountId": .string(Canned.oid), "tenantId": .string(Canned.tid),
                ],
                "claims": [
                    "oid": .string(Canned.oid), "tid": .string(Canned.tid), "preferred_username": .string(user),
                ],
            ]),
        MappingCase.local(action: "account.current", outcome: "noAccount"),
        MappingCase.local(
            action: "account.current", outcome: "unexpected", failingStore: true,
            expecting: ["error": "account_store_error", "correlationId": ""]),

        // account.signOut
        MappingCase.local(action: "account.signOut", outcome: "completed", account: Canned.account()),
        MappingCase.local(action: "account.signOut", outcome: "noAccount"),
        MappingCase.local(
            action: "account.signOut", outcome: "unexpected", failingStore: true,
            expecting: ["error": "account_store_error"]),
    ]

    @Test(arguments: cases) func mapping(_ row: MappingCase) async throws {
        try await row.check()
    }

    @Test func refreshRotatesTheStoredRefreshToken() async throws {
        let store = MemoryAccountStore(account: Canned.account())
        let client = NativeAuthClient(
            configuration: .test, transport: CannedTransport([.token: [refreshed]]), accounts: store,
            catalog: nativeAuthCatalog, now: { fixedNow }, sleep: { _ in })
        let result = try await client.perform("token.get", arguments: ["forceRefresh": true], continuation: nil)
        #expect(result.outcome == "completed")
        let saved = try #require(try await store.load())
        #expect(saved.refreshToken == rotatedRefreshToken)
        #expect(saved.accessToken == "fresh-access")
        #expect(saved.accessTokenExpiresOn == fixedNow.addingTimeInterval(4141))
        #expect(saved.username == user)
    }

    @Test func signOutRemovesTheAccount() async throws {
        let store = MemoryAccountStore(account: Canned.account())
        let client = NativeAuthClient(
            configuration: .test, transport: CannedTransport(), accounts: store, catalog: nativeAuthCatalog)
        _ = try await client.perform("account.signOut", arguments: [:], continuation: nil)
        #expect(try await store.load() == nil)
        let again = try await client.perform("account.signOut", arguments: [:], continuation: nil)
        #expect(again.outcome == "noAccount")
    }

    @Test func signInSavesTheAccount() async throws {
        let store = MemoryAccountStore()
        let client = NativeAuthClient(
            configuration: .test, transport: CannedTransport([.token: [Canned.tokens()]]), accounts: store,
            catalog: nativeAuthCatalog, now: { fixedNow })
        let result = try await client.perform(
            "signIn.submitCode", arguments: codeArguments,
            continuation: AuthorityContinuation(flowState("signin", "code", token: "ct")))
        #expect(result.outcome == "completed")
        let saved = try #require(try await store.load())
        #expect(saved.username == user)
        #expect(saved.accountID == Canned.oid)
        #expect(saved.tenantID == Canned.tid)
        #expect(saved.accessToken == plantedAccessToken)
        #expect(saved.refreshToken == plantedRefreshToken)
        #expect(saved.idToken == Canned.idToken())
        #expect(saved.claims["city"] == "Oslo")
        #expect(saved.scopes == ["openid", "profile", "offline_access", "api://x/read"])
        #expect(saved.accessTokenExpiresOn == fixedNow.addingTimeInterval(3600))
        #expect(result.data["claims"]?[field: "preferred_username"] == .string(user))
    }
}

extension MappingCase {
    /// A row without a continuation (token and account actions).
    static func local(
        action: String, outcome: String, note: String = "", arguments: [String: Value] = [:],
        answers: [NativeAuthEndpoint: [WireResponse]] = [:], calls: [Call] = [], account: CachedAccount? = nil,
        failingStore: Bool = false, expecting data: [String: Value] = [:]
    ) -> MappingCase {
        MappingCase(
            action: action, outcome: outcome, note: note, arguments: arguments, state: nil, answers: answers,
            calls: calls, data: data, account: account, failingStore: failingStore)
    }
}
