import FlowEngine

/// MFA and just-in-time strong-auth registration (docs/native-auth.md).
extension NativeAuthClient {
    /// `mfa.requestChallenge`: `/oauth2/v2.0/challenge` with `id` = `methodId`, or the first method of the
    /// `mfaRequired` introspect answer (kept in the continuation; introspected again only when none is kept)
    /// ⇒ `codeRequired`.
    func mfaRequestChallenge(_ call: ActionCall) async throws -> ActionResult {
        guard var state = call.state(in: .mfa) else { return call.missingState("a second factor to verify") }
        var methodID = call.string("methodId") ?? state.methods.first?.id
        if methodID == nil {
            let answer = try await exchange(.signInIntrospect, ["continuation_token": state.token ?? ""])
            guard case .success(let body, let correlationID) = answer else {
                return call.otherwise(answer, at: .signInIntrospect)
            }
            switch IntrospectAnswer.read(body) {
            case .success(let introspect):
                state.token = introspect.token
                state.methods = introspect.stateMethods
                methodID = introspect.methods.first?.id
            case .failure(let problem): return call.invalidBody(problem.message, correlationID: correlationID)
            }
        }
        return try await challenge(
            call, .signInChallenge,
            [
                "continuation_token": state.token ?? "", "challenge_type": configuration.challengeTypeParameter,
                "id": methodID ?? "",
            ]
        ) { call.codeRequired($0, moving: state) }
    }

    /// `mfa.submitCode`: `/token grant_type=mfa_oob` ⇒ `completed`; a wrong code keeps the continuation.
    func mfaSubmitCode(_ call: ActionCall) async throws -> ActionResult {
        try await codeGrant(call, "mfa_oob", in: .mfa, needing: "a second factor to verify")
    }

    /// `registration.requestChallenge`: `/register/v1.0/challenge` (`challenge_type=oob`, `challenge_target`,
    /// `challenge_channel` = the chosen method's channel, `email` by default) ⇒ `codeRequired`; `preverified`
    /// ⇒ `/register/v1.0/continue grant_type=continuation_token` and `/token grant_type=continuation_token` ⇒
    /// `completed`. An empty target ⇒ `invalidInput` before any request.
    func registrationRequestChallenge(_ call: ActionCall) async throws -> ActionResult {
        guard let state = call.state(in: .register) else { return call.missingState("a method registration") }
        guard let target = call.string("target")?.trimmingCharacters(in: .whitespacesAndNewlines), !target.isEmpty
        else { return call.outcome("invalidInput") }
        let methodID = call.string("methodId")
        let method = state.methods.first { $0.id == methodID } ?? state.methods.first
        return try await challenge(
            call, .registerChallenge,
            [
                "continuation_token": state.token ?? "", "challenge_type": "oob", "challenge_target": target,
                "challenge_channel": method?.channel ?? "email",
            ]
        ) { answer in
            guard case .preverified(let token) = answer else { return call.codeRequired(answer, moving: state) }
            return try await registrationContinue(
                call, state, ["grant_type": "continuation_token", "continuation_token": token])
        }
    }

    /// `registration.submitCode`: `/register/v1.0/continue grant_type=oob`, then `/token
    /// grant_type=continuation_token` ⇒ `completed`; a wrong code keeps the continuation.
    func registrationSubmitCode(_ call: ActionCall) async throws -> ActionResult {
        guard let state = call.state(in: .register), let token = state.token else {
            return call.missingState("a method registration")
        }
        return try await registrationContinue(
            call, state, ["grant_type": "oob", "continuation_token": token, "oob": call.string("code") ?? ""])
    }

    /// `/register/v1.0/continue`, then the token grant (without `username`, as after JIT registration).
    private func registrationContinue(_ call: ActionCall, _ state: ContinuationState, _ grant: [String: String])
        async throws -> ActionResult
    {
        let answer = try await exchange(.registerContinue, grant)
        guard case .success(let body, let correlationID) = answer else {
            return call.otherwise(answer, at: .registerContinue)
        }
        guard let token = body.string("continuation_token") else {
            return call.invalidBody("continuation_token is missing", correlationID: correlationID)
        }
        return try await requestTokens(
            call,
            [
                "grant_type": "continuation_token", "continuation_token": token,
                "challenge_type": configuration.challengeTypeParameter,
            ], username: state.username, scopes: state.scopes)
    }
}
