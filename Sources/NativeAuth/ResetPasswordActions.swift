import FlowEngine

/// Self-service password reset (docs/native-auth.md): `start` → `challenge` → `continue` →
/// `submit` → `poll_completion`.
extension NativeAuthClient {
    /// How many times `poll_completion` is asked before giving up: once, then up to five more times, as iOS.
    static let maximumPolls = 6

    /// `resetPassword.start`: `/resetpassword/v1.0/start` then `/resetpassword/v1.0/challenge` ⇒ `codeRequired`.
    func resetPasswordStart(_ call: ActionCall) async throws -> ActionResult {
        guard let username = call.username() else {
            return call.outcome("invalidUsername", continuation: AuthorityContinuation())
        }
        var parameters = ["username": username, "challenge_type": configuration.challengeTypeParameter]
        parameters["capabilities"] = configuration.capabilitiesParameter
        let answer = try await exchange(.resetPasswordStart, parameters)
        var result: ActionResult
        if case .success(let body, let correlationID) = answer {
            if let token = body.string("continuation_token") {
                result = try await resetPasswordChallenge(
                    call, ContinuationState(flow: .resetPassword, step: .code, token: token, username: username))
            } else {
                result = call.invalidBody("continuation_token is missing", correlationID: correlationID)
            }
        } else {
            result = call.otherwise(answer, at: .resetPasswordStart)
        }
        if result.continuation == nil { result.continuation = AuthorityContinuation() }
        return result
    }

    /// `resetPassword.resendCode`: `/resetpassword/v1.0/challenge` again ⇒ `codeRequired`.
    func resetPasswordResendCode(_ call: ActionCall) async throws -> ActionResult {
        guard let state = call.state(in: .resetPassword) else { return call.missingState("a password reset") }
        return try await resetPasswordChallenge(call, state)
    }

    /// `resetPassword.submitCode`: `/resetpassword/v1.0/continue grant_type=oob` ⇒ `passwordRequired`.
    func resetPasswordSubmitCode(_ call: ActionCall) async throws -> ActionResult {
        guard let state = call.state(in: .resetPassword), let token = state.token else {
            return call.missingState("a password reset")
        }
        let answer = try await exchange(
            .resetPasswordContinue,
            ["continuation_token": token, "grant_type": "oob", "oob": call.string("code") ?? ""])
        guard case .success(let body, let correlationID) = answer else {
            return call.otherwise(answer, at: .resetPasswordContinue)
        }
        guard let next = body.string("continuation_token") else {
            return call.invalidBody("continuation_token is missing", correlationID: correlationID)
        }
        return call.outcome("passwordRequired", state: state.moving(to: .password, token: next))
    }

    /// `resetPassword.submitPassword`: `/resetpassword/v1.0/submit`, then `/resetpassword/v1.0/poll_completion`
    /// with the submit's token while the status is `in_progress` or `not_started`, sleeping `poll_interval`
    /// seconds between polls, at most ``maximumPolls`` times ⇒ `completed`, keeping the final token for
    /// `signIn.afterResetPassword`. `failed` or too many polls ⇒ `unexpected`.
    func resetPasswordSubmitPassword(_ call: ActionCall) async throws -> ActionResult {
        guard let state = call.state(in: .resetPassword), let token = state.token else {
            return call.missingState("a password reset")
        }
        let answer = try await exchange(
            .resetPasswordSubmit, ["continuation_token": token, "new_password": call.string("password") ?? ""])
        guard case .success(let body, let correlationID) = answer else {
            return call.otherwise(answer, at: .resetPasswordSubmit)
        }
        guard let submitToken = body.string("continuation_token") else {
            return call.invalidBody("continuation_token is missing", correlationID: correlationID)
        }
        guard let interval = body.integer("poll_interval") else {
            return call.invalidBody("poll_interval is missing", correlationID: correlationID)
        }
        return try await pollCompletion(call, state.moving(to: .password, token: submitToken), interval: interval)
    }

    private func pollCompletion(_ call: ActionCall, _ state: ContinuationState, interval: Int) async throws
        -> ActionResult
    {
        for poll in 1...Self.maximumPolls {
            let answer = try await exchange(.resetPasswordPollCompletion, ["continuation_token": state.token ?? ""])
            switch answer {
            case .success(let body, let correlationID):
                switch body.string("status") {
                case "succeeded":
                    let completed = state.moving(to: .completed, token: body.string("continuation_token"))
                    return call.outcome("completed", ["username": .string(state.username)], state: completed)
                case "in_progress", "not_started":
                    if poll < Self.maximumPolls { try await sleep(.seconds(max(0, interval))) }
                case "failed":
                    return call.unexpected(
                        "password_reset_failed", "The password reset failed (poll_completion status failed).",
                        correlationID: correlationID)
                case let status:
                    return call.invalidBody(
                        status.map { "unknown status \($0)" } ?? "status is missing", correlationID: correlationID)
                }
            case .failure(let error, let correlationID):
                // A password error here leaves the new password to submit again, with the submit's token (iOS).
                return call.failure(
                    error, correlationID: correlationID, at: .resetPasswordPollCompletion,
                    continuation: state.continuation)
            default:
                return call.otherwise(answer, at: .resetPasswordPollCompletion)
            }
        }
        return call.unexpected(
            "password_reset_timeout",
            "The password reset did not complete after \(Self.maximumPolls) polls of poll_completion.")
    }

    /// `/resetpassword/v1.0/challenge`: oob ⇒ `codeRequired`; anything else (a password challenge is invalid
    /// here) ⇒ `unexpected`.
    private func resetPasswordChallenge(_ call: ActionCall, _ state: ContinuationState) async throws -> ActionResult {
        try await challenge(
            call, .resetPasswordChallenge,
            ["continuation_token": state.token ?? "", "challenge_type": configuration.challengeTypeParameter]
        ) { call.codeRequired($0, moving: state) }
    }
}
