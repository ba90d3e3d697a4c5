import FlowEngine

/// MFA and just-in-time strong-auth registration (protocol reference, section 2.3).
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
        let answer = try await exchange(
            .signInChallenge,
            [
                "continuation_token": state.token ?? "", "challenge_type": configuration.challengeTypeParameter,
                "id": methodID ?? "",
            ])
        guard case .success(let body, let correlationID) = answer else {
            return call.otherwise(answer, at: .signInChallenge)
        }
        switch ChallengeAnswer.read(body) {
        case .success(.oob(let challenge)):
            return call.codeRequired(challenge, state: state.moving(to: .code, token: challenge.token))
        case .success(let other):
            return call.invalidBody("unexpected challenge_type \(other.kind)", correlationID: correlationID)
        case .failure(let problem): return call.invalidBody(problem.message, correlationID: correlationID)
        }
    }

    /// `mfa.submitCode`: `/token grant_type=mfa_oob` ⇒ `completed`; a wrong code keeps the continuation.
    func mfaSubmitCode(_ call: ActionCall) async throws -> ActionResult {
        guard let state = call.state(in: .mfa), let token = state.token else {
            return call.missingState("a second factor to verify")
        }
        return try await requestTokens(
            call, ["grant_type": "mfa_oob", "continuation_token": token, "oob": call.string("code") ?? ""],
            username: state.username, scopes: state.scopes)
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
        let answer = try await exchange(
            .registerChallenge,
            [
                "continuation_token": state.token ?? "", "challenge_type": "oob", "challenge_target": target,
                "challenge_channel": method?.channel ?? "email",
            ])
        guard case .success(let body, let correlationID) = answer else {
            return call.otherwise(answer, at: .registerChallenge)
        }
        switch ChallengeAnswer.read(body) {
        case .success(.oob(let challenge)):
            return call.codeRequired(challenge, state: state.moving(to: .code, token: challenge.token))
        case .success(.preverified(let token)):
            return try await registrationContinue(
                call, state, ["grant_type": "continuation_token", "continuation_token": token])
        case .success(let other):
            return call.invalidBody("unexpected challenge_type \(other.kind)", correlationID: correlationID)
        case .failure(let problem): return call.invalidBody(problem.message, correlationID: correlationID)
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
    private func registrationContinue(_ call: ActionCall, _ state: FlowState, _ grant: [String: String])
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
