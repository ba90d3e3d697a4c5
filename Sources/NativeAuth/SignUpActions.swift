import FlowEngine
import FlowModel
import FlowrunFoundation
import NativeAuthWire

/// Sign-up (docs/native-auth.md): `start` → `challenge` → `continue` (oob, then password or
/// attributes as the server asks).
extension NativeAuthClient {
    /// `signUp.start`: `/signup/v1.0/start` then `/signup/v1.0/challenge` ⇒ `codeRequired`.
    /// Every answer but `codeRequired` leaves no flow in the continuation.
    func signUpStart(_ call: ActionCall) async throws -> ActionResult {
        var result = try await signUpStarting(call)
        if result.continuation == nil { result.continuation = AuthorityContinuation() }
        return result
    }

    private func signUpStarting(_ call: ActionCall) async throws -> ActionResult {
        guard let username = call.username() else { return call.outcome("invalidUsername") }
        var parameters = ["username": username, "challenge_type": configuration.challengeTypeParameter]
        if let password = call.string("password") { parameters["password"] = password }
        switch call.attributesJSON("attributes") {
        case .success(let attributes): parameters["attributes"] = attributes
        case .failure(let problem): return call.unexpected("invalid_argument", problem.message)
        }
        parameters["capabilities"] = configuration.capabilitiesParameter
        let answer = try await exchange(.signUpStart, parameters)
        guard case .success(let body, let correlationID) = answer else {
            return call.otherwise(answer, at: .signUpStart)
        }
        guard let token = body.string("continuation_token") else {
            return call.invalidBody("continuation_token is missing", correlationID: correlationID)
        }
        return try await signUpChallenge(
            call, ContinuationState(flow: .signUp, step: .code, token: token, username: username))
    }

    /// `signUp.resendCode`: `/signup/v1.0/challenge` again ⇒ `codeRequired`.
    func signUpResendCode(_ call: ActionCall) async throws -> ActionResult {
        guard let state = call.state(in: .signUp) else { return call.missingState("a sign-up") }
        return try await signUpChallenge(call, state)
    }

    /// `signUp.submitCode`: `/signup/v1.0/continue grant_type=oob`.
    func signUpSubmitCode(_ call: ActionCall) async throws -> ActionResult {
        guard let state = call.state(in: .signUp) else { return call.missingState("a sign-up") }
        return try await signUpContinue(call, state, ["grant_type": "oob", "oob": call.string("code") ?? ""])
    }

    /// `signUp.submitPassword`: `/signup/v1.0/continue grant_type=password`.
    func signUpSubmitPassword(_ call: ActionCall) async throws -> ActionResult {
        guard let state = call.state(in: .signUp) else { return call.missingState("a sign-up") }
        return try await signUpContinue(
            call, state, ["grant_type": "password", "password": call.string("password") ?? ""])
    }

    /// `signUp.submitAttributes`: `/signup/v1.0/continue grant_type=attributes`.
    func signUpSubmitAttributes(_ call: ActionCall) async throws -> ActionResult {
        guard let state = call.state(in: .signUp) else { return call.missingState("a sign-up") }
        switch call.attributesJSON("attributes") {
        case .success(let attributes):
            return try await signUpContinue(
                call, state, ["grant_type": "attributes", "attributes": attributes ?? "{}"])
        case .failure(let problem): return call.unexpected("invalid_argument", problem.message)
        }
    }

    /// `/signup/v1.0/challenge`: oob ⇒ `codeRequired`; a password challenge here is a general error (as on
    /// iOS, where a password answer is expected only after `credential_required`).
    private func signUpChallenge(_ call: ActionCall, _ state: ContinuationState) async throws -> ActionResult {
        try await challenge(
            call, .signUpChallenge,
            ["continuation_token": state.token ?? "", "challenge_type": configuration.challengeTypeParameter],
            mismatch: { "unexpected challenge_type \($0) after sign-up start" }
        ) { call.codeRequired($0, moving: state) }
    }

    /// `/signup/v1.0/continue` with one grant: 200 ⇒ `completed` (keeping the token for `signIn.afterSignUp`);
    /// `credential_required` ⇒ a password challenge ⇒ `passwordRequired`; `attributes_required` ⇒
    /// `attributesRequired` with the page's number; other errors by category. Retryable errors keep the continuation.
    private func signUpContinue(_ call: ActionCall, _ state: ContinuationState, _ grant: [String: String])
        async throws -> ActionResult
    {
        var parameters = grant
        parameters["continuation_token"] = state.token
        let answer = try await exchange(.signUpContinue, parameters)
        switch answer {
        case .success(let body, _):
            let completed = state.moving(to: .completed, token: body.string("continuation_token"))
            return call.outcome("completed", ["username": .string(state.username)], state: completed)
        case .failure(let error, let correlationID) where error.error == "credential_required":
            guard call.declares("passwordRequired") else {
                return call.failure(error, correlationID: correlationID, at: .signUpContinue)
            }
            guard let token = error.continuationToken else {
                return call.invalidBody("credential_required without continuation_token", correlationID: correlationID)
            }
            return try await signUpPasswordChallenge(call, state.moving(to: .password, token: token))
        case .failure(let error, let correlationID) where error.error == "attributes_required":
            guard call.declares("attributesRequired") else {
                return call.failure(error, correlationID: correlationID, at: .signUpContinue)
            }
            guard let token = error.continuationToken else {
                return call.invalidBody("attributes_required without continuation_token", correlationID: correlationID)
            }
            let required = (error.requiredAttributes ?? []).map(\.descriptor)
            var next = state.moving(to: .attributes, token: token)
            next.attributePage += 1
            return call.outcome(
                "attributesRequired",
                ["requiredAttributes": .list(required), "pageNumber": .integer(next.attributePage)],
                state: next)
        default:
            return call.otherwise(answer, at: .signUpContinue)
        }
    }

    /// `/signup/v1.0/challenge` after `credential_required`: a password challenge ⇒ `passwordRequired`.
    private func signUpPasswordChallenge(_ call: ActionCall, _ state: ContinuationState) async throws -> ActionResult {
        try await challenge(
            call, .signUpChallenge,
            ["continuation_token": state.token ?? "", "challenge_type": configuration.challengeTypeParameter],
            mismatch: { "expected a password challenge, got \($0)" }
        ) { answer in
            guard case .password(let token) = answer else { return nil }
            return call.outcome("passwordRequired", state: state.moving(to: .password, token: token))
        }
    }
}

extension RequiredAttribute {
    /// The catalog's attribute descriptor: `{name, type, required, regex?}`.
    var descriptor: Value {
        var object: [String: Value] = ["name": .string(name), "type": .string(type), "required": .boolean(required)]
        if let regex { object["regex"] = .string(regex) }
        return .object(object)
    }
}
