import FlowEngine

/// Sign-in (docs/native-auth.md): `initiate` → `challenge` → `/token`, and the sign-ins that
/// follow a completed sign-up or password reset.
extension NativeAuthClient {
    /// `signIn.start`: `/oauth2/v2.0/initiate`, `/oauth2/v2.0/challenge`, then with a password challenge and
    /// a password `/token grant_type=password`. An oob challenge ⇒ `codeRequired` (a password given is
    /// ignored, as iOS does); a password challenge without a password ⇒ `passwordRequired`. After
    /// `invalidCredentials` the continuation allows `signIn.submitPassword`.
    func signInStart(_ call: ActionCall) async throws -> ActionResult {
        guard let username = call.username() else {
            return call.outcome("invalidUsername", continuation: AuthorityContinuation())
        }
        var result = try await signInInitiate(call, username: username)
        if result.continuation == nil { result.continuation = AuthorityContinuation() }
        return result
    }

    private func signInInitiate(_ call: ActionCall, username: String) async throws -> ActionResult {
        var parameters = ["username": username, "challenge_type": configuration.challengeTypeParameter]
        parameters["capabilities"] = configuration.capabilitiesParameter
        let answer = try await exchange(.signInInitiate, parameters)
        guard case .success(let body, let correlationID) = answer else {
            return call.otherwise(answer, at: .signInInitiate)
        }
        guard let token = body.string("continuation_token") else {
            return call.invalidBody("continuation_token is missing", correlationID: correlationID)
        }
        let state = ContinuationState(
            flow: .signIn, step: .code, token: token, username: username, scopes: call.stringList("scopes"))
        return try await signInChallenge(call, state, password: call.string("password"))
    }

    /// `signIn.resendCode`: `/oauth2/v2.0/challenge` again ⇒ `codeRequired`.
    func signInResendCode(_ call: ActionCall) async throws -> ActionResult {
        guard let state = call.state(in: .signIn) else { return call.missingState("a sign-in") }
        return try await signInChallenge(call, state, password: nil, resending: true)
    }

    /// `signIn.submitCode`: `/token grant_type=oob`.
    func signInSubmitCode(_ call: ActionCall) async throws -> ActionResult {
        try await codeGrant(call, "oob", in: .signIn, needing: "a sign-in")
    }

    /// `signIn.submitPassword`: `/token grant_type=password`.
    func signInSubmitPassword(_ call: ActionCall) async throws -> ActionResult {
        guard let state = call.state(in: .signIn), let token = state.token else {
            return call.missingState("a sign-in")
        }
        return try await requestTokens(
            call, passwordGrant(token: token, username: state.username, password: call.string("password") ?? ""),
            username: state.username, scopes: state.scopes)
    }

    /// `signIn.afterSignUp` / `signIn.afterResetPassword`: `/token grant_type=continuation_token` with the
    /// token the completed flow kept; none kept ⇒ `unexpected` "Sign in is not available" (as iOS).
    func signInAfterFlow(_ call: ActionCall, _ flow: ContinuationState.Flow) async throws -> ActionResult {
        guard let state = call.state, state.flow == flow, state.step == .completed, let token = state.token else {
            let completed = flow == .signUp ? "sign-up" : "password reset"
            return call.unexpected(
                "sign_in_not_available",
                "Sign in is not available: no completed \(completed) left a continuation token in this run.")
        }
        return try await requestTokens(
            call,
            [
                "grant_type": "continuation_token", "continuation_token": token, "username": state.username,
                "challenge_type": configuration.challengeTypeParameter,
            ], username: state.username, scopes: call.stringList("scopes"))
    }

    /// `/oauth2/v2.0/challenge`: oob ⇒ `codeRequired`; password ⇒ the password grant when a password is
    /// given, else `passwordRequired` (a resend expects a code: a password challenge there is unexpected).
    private func signInChallenge(
        _ call: ActionCall, _ state: ContinuationState, password: String?, resending: Bool = false
    )
        async throws -> ActionResult
    {
        try await challenge(
            call, .signInChallenge,
            ["continuation_token": state.token ?? "", "challenge_type": configuration.challengeTypeParameter]
        ) { answer in
            guard case .password(let token) = answer, !resending else {
                return call.codeRequired(answer, moving: state)
            }
            let passwordState = state.moving(to: .password, token: token)
            guard let password else { return call.outcome("passwordRequired", state: passwordState) }
            return try await requestTokens(
                call, passwordGrant(token: token, username: state.username, password: password),
                username: state.username, scopes: state.scopes, retryContinuation: passwordState.continuation)
        }
    }

    private func passwordGrant(token: String, username: String, password: String) -> [String: String] {
        [
            "grant_type": "password", "continuation_token": token, "username": username, "password": password,
            "challenge_type": configuration.challengeTypeParameter,
        ]
    }
}
