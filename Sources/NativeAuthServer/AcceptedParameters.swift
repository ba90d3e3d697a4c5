import NativeAuth

extension NativeAuthEndpoint {
    /// The form parameters the HTTP server accepts on this endpoint (protocol reference, sections 1–2); any
    /// other one is answered 400 `invalid_request` naming it. `capability` is accepted wherever `capabilities`
    /// is (the documentation's spelling). The same lists are in `schemas/native-auth.openapi.yaml`.
    public var acceptedParameters: Set<String> {
        let capabilities: Set<String> = ["capabilities", "capability"]
        switch self {
        case .signUpStart:
            return Set(["client_id", "username", "challenge_type", "password", "attributes"]).union(capabilities)
        case .signUpChallenge, .resetPasswordChallenge:
            return ["client_id", "continuation_token", "challenge_type"]
        case .signUpContinue:
            return ["client_id", "continuation_token", "grant_type", "oob", "password", "attributes"]
        case .signInInitiate, .resetPasswordStart:
            return Set(["client_id", "username", "challenge_type"]).union(capabilities)
        case .signInChallenge:
            return ["client_id", "continuation_token", "challenge_type", "id"]
        case .signInIntrospect, .registerIntrospect, .resetPasswordPollCompletion:
            return ["client_id", "continuation_token"]
        case .token:
            return [
                "client_id", "grant_type", "scope", "client_info", "claims", "continuation_token", "username",
                "password", "challenge_type", "oob", "refresh_token",
            ]
        case .registerChallenge:
            return ["client_id", "continuation_token", "challenge_type", "challenge_target", "challenge_channel"]
        case .registerContinue, .resetPasswordContinue:
            return ["client_id", "continuation_token", "grant_type", "oob"]
        case .resetPasswordSubmit:
            return ["client_id", "continuation_token", "new_password"]
        }
    }
}
