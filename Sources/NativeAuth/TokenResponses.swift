import FlowEngine
import Foundation
import NativeAuthWire

/// The token endpoint (docs/native-auth.md) as the sign-in, MFA and registration actions use
/// it: a grant, then tokens (saved as the signed-in account) or an error, including the MFA and JIT
/// registration branches (section 2.3).
extension NativeAuthClient {
    /// `POST /oauth2/v2.0/token` with `grant` plus `scope` and `client_info=true`. 200 ⇒ `completed` (the
    /// account saved); `invalid_grant`+`mfa_required` ⇒ `/oauth2/v2.0/introspect` ⇒ `mfaRequired`;
    /// `invalid_grant`+`registration_required` ⇒ `/register/v1.0/introspect` ⇒ `registrationRequired` (each
    /// only where the action declares it, else `unexpected`); other errors by category, with
    /// `retryContinuation` (`nil` keeps the previous continuation).
    func requestTokens(
        _ call: ActionCall, _ grant: [String: String], username: String, scopes: [String],
        retryContinuation: AuthorityContinuation? = nil
    ) async throws -> ActionResult {
        var parameters = grant
        parameters["scope"] = configuration.scopeParameter(adding: scopes)
        parameters["client_info"] = "true"
        let answer = try await exchange(.token, parameters)
        switch answer {
        case .success(let body, let correlationID):
            return await signedIn(call, body, correlationID: correlationID, username: username, scopes: scopes)
        case .failure(let error, let correlationID)
        where error.error == "invalid_grant" && error.suberror == "mfa_required":
            return try await strongAuthRequired(
                call, error, correlationID: correlationID,
                via: (.signInIntrospect, "mfaRequired", .mfa), username: username, scopes: scopes)
        case .failure(let error, let correlationID)
        where error.error == "invalid_grant" && error.suberror == "registration_required":
            return try await strongAuthRequired(
                call, error, correlationID: correlationID,
                via: (.registerIntrospect, "registrationRequired", .register), username: username, scopes: scopes)
        case .failure(let error, let correlationID):
            return call.failure(error, correlationID: correlationID, at: .token, continuation: retryContinuation)
        default:
            return call.otherwise(answer, at: .token)
        }
    }

    /// `/token grant_type=<grantType>` with the `code` argument as `oob` and the continuation token of the `flow`
    /// in progress ⇒ as ``requestTokens(_:_:username:scopes:retryContinuation:)``; a wrong code keeps the
    /// continuation. No such flow in progress ⇒ `unexpected` (the action needs `needed`).
    func codeGrant(_ call: ActionCall, _ grantType: String, in flow: ContinuationState.Flow, needing needed: String)
        async throws -> ActionResult
    {
        guard let state = call.state(in: flow), let token = state.token else { return call.missingState(needed) }
        return try await requestTokens(
            call, ["grant_type": grantType, "continuation_token": token, "oob": call.string("code") ?? ""],
            username: state.username, scopes: state.scopes)
    }

    /// A 200 token answer of a sign-in: checked, saved as the signed-in account ⇒ `completed{account,
    /// username, claims}`. The flow is over, so the continuation is emptied.
    func signedIn(_ call: ActionCall, _ body: WireBody, correlationID: String, username: String, scopes: [String])
        async -> ActionResult
    {
        switch await savedAccount(
            call, body, correlationID: correlationID, username: username, scopes: scopes, replacing: nil,
            saving: "The account")
        {
        case .success(let account):
            return call.outcome(
                "completed",
                ["account": account.summary, "username": .string(account.username), "claims": .object(account.claims)],
                continuation: AuthorityContinuation())
        case .failure(let failure): return failure.result
        }
    }

    /// The account of a 200 token answer (see ``account(from:username:scopes:replacing:)``), saved in the store.
    /// An answer it cannot read, or a store that fails (`saving` names what could not be saved), is already the
    /// `unexpected` result.
    func savedAccount(
        _ call: ActionCall, _ body: WireBody, correlationID: String, username: String, scopes: [String],
        replacing previous: CachedAccount?, saving what: String
    ) async -> Result<CachedAccount, UnexpectedResult> {
        let account: CachedAccount
        switch self.account(from: body, username: username, scopes: scopes, replacing: previous) {
        case .success(let read): account = read
        case .failure(let problem):
            return .failure(
                UnexpectedResult(
                    result: call.unexpected("invalid_response", problem.message, correlationID: correlationID)))
        }
        do {
            try await accounts.save(account)
        } catch {
            return .failure(
                UnexpectedResult(result: call.unexpected("account_store_error", "\(what) could not be saved: \(error)"))
            )
        }
        return .success(account)
    }

    /// The account of a 200 token answer, as MSAL checks it: a non-blank `access_token` and a `client_info`
    /// (else "Client info was not returned"); the ID token's claims (decoded, not verified), whose `oid` must
    /// agree with `client_info.uid`. A refresh answer without an ID token or refresh token keeps those of
    /// `previous`.
    func account(from body: WireBody, username: String, scopes: [String], replacing previous: CachedAccount?)
        -> Result<CachedAccount, ArgumentProblem>
    {
        guard let accessToken = body.string("access_token"),
            !accessToken.trimmingWhitespace().isEmpty
        else { return .failure(ArgumentProblem("Unexpected response body: access_token is missing")) }
        guard let encodedInfo = body.string("client_info"), let clientInfo = IDTokenClaims.clientInfo(encodedInfo)
        else { return .failure(ArgumentProblem("Client info was not returned")) }
        var claims = previous?.claims ?? [:]
        var idToken = previous?.idToken ?? ""
        if let token = body.string("id_token") {
            guard let read = IDTokenClaims.claims(ofJWT: token) else {
                return .failure(ArgumentProblem("Unexpected response body: the ID token cannot be read"))
            }
            claims = read
            idToken = token
        }
        if let oid = claims["oid"]?.stringValue, oid != clientInfo.uid {
            return .failure(ArgumentProblem("Unexpected response body: the ID token's oid does not match client_info"))
        }
        let granted = body.string("scope")?.split(separator: " ").map(String.init)
        let lifetime = max(0, body.integer("expires_in") ?? 3600)
        return .success(
            CachedAccount(
                username: claims["preferred_username"]?.stringValue ?? previous?.username ?? username,
                accountID: claims["oid"]?.stringValue ?? clientInfo.uid,
                tenantID: claims["tid"]?.stringValue ?? clientInfo.utid, claims: claims, idToken: idToken,
                accessToken: accessToken, accessTokenExpiresOn: now().addingTimeInterval(TimeInterval(lifetime)),
                refreshToken: body.string("refresh_token") ?? previous?.refreshToken,
                scopes: granted ?? configuration.scopeParameter(adding: scopes).split(separator: " ").map(String.init)))
    }

    /// MFA or JIT registration: the introspect call with the error's continuation token ⇒ the outcome with
    /// the methods, the flow moving to `flow` at its challenge step.
    private func strongAuthRequired(
        _ call: ActionCall, _ error: WireError, correlationID: String,
        via branch: (endpoint: NativeAuthEndpoint, outcome: String, flow: ContinuationState.Flow), username: String,
        scopes: [String]
    ) async throws -> ActionResult {
        guard call.declares(branch.outcome) else {
            return call.failure(error, correlationID: correlationID, at: .token)
        }
        guard let token = error.continuationToken else {
            return call.invalidBody(
                "\(error.suberror ?? error.error) without continuation_token", correlationID: correlationID)
        }
        let answer = try await exchange(branch.endpoint, ["continuation_token": token])
        guard case .success(let body, let introspectCorrelationID) = answer else {
            return call.otherwise(answer, at: branch.endpoint)
        }
        switch IntrospectAnswer.read(body) {
        case .success(let introspect):
            let state = ContinuationState(
                flow: branch.flow, step: .challenge, token: introspect.token, username: username, scopes: scopes,
                methods: introspect.stateMethods)
            return call.outcome(branch.outcome, ["methods": introspect.value], state: state)
        case .failure(let problem): return call.invalidBody(problem.message, correlationID: introspectCorrelationID)
        }
    }
}
