import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation

/// Access tokens for the signed-in account (getAccessToken).
extension NativeAuthClient {
    /// A cached access token counts as valid until this long before it expires (MSAL's default buffer).
    static let expiryBuffer: TimeInterval = 300

    /// The scopes every access token is assumed to cover: the OpenID Connect ones, which the token endpoint
    /// may leave out of `scope`.
    static let reservedScopes: Set<String> = ["openid", "profile", "offline_access"]

    /// `token.get`: the cached access token when it covers the scopes, is valid for another five minutes and
    /// no refresh is forced; else `/token grant_type=refresh_token`, saving the rotated refresh token. No
    /// account ⇒ `noAccount`; no refresh token or `expired_refresh_token` ⇒ `refreshTokenExpired`.
    func tokenGet(_ call: ActionCall) async throws -> ActionResult {
        let account: CachedAccount
        switch await loadAccount(call) {
        case .success(.some(let loaded)): account = loaded
        case .success(.none): return call.outcome("noAccount")
        case .failure(let failure): return failure.result
        }
        let requested = call.stringList("scopes")
        let includeRefreshToken = call.flag("includeRefreshToken")
        let granted = Set(account.scopes.map { $0.lowercased() })
        let covered = requested.allSatisfy {
            Self.reservedScopes.contains($0.lowercased()) || granted.contains($0.lowercased())
        }
        if !call.flag("forceRefresh"), covered,
            account.accessTokenExpiresOn > now().addingTimeInterval(Self.expiryBuffer)
        {
            return tokenCompleted(call, account, includeRefreshToken: includeRefreshToken)
        }
        guard let refreshToken = account.refreshToken, !refreshToken.isEmpty else {
            return call.outcome("refreshTokenExpired")
        }
        let answer = try await exchange(
            .token,
            [
                "grant_type": "refresh_token", "refresh_token": refreshToken,
                "scope": configuration.scopeParameter(adding: requested), "client_info": "true",
            ])
        guard case .success(let body, let correlationID) = answer else {
            // A server has no reason to repeat the tokens in an error; should one, they are redacted.
            return call.redacting([refreshToken, account.accessToken], in: call.otherwise(answer, at: .token))
        }
        switch await savedAccount(
            call, body, correlationID: correlationID, username: account.username, scopes: requested,
            replacing: account, saving: "The refreshed tokens")
        {
        case .success(let refreshed): return tokenCompleted(call, refreshed, includeRefreshToken: includeRefreshToken)
        case .failure(let failure): return failure.result
        }
    }

    private func tokenCompleted(_ call: ActionCall, _ account: CachedAccount, includeRefreshToken: Bool) -> ActionResult
    {
        call.outcome(
            "completed",
            [
                "accessToken": .string(account.accessToken), "scopes": .list(account.scopes.map(Value.string)),
                "expiresOn": .string(account.accessTokenExpiresOn.ISO8601Format()),
                "refreshToken": .string(includeRefreshToken ? account.refreshToken ?? "" : ""),
            ])
    }
}
