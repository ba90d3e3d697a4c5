/// The native-authentication API endpoints, as paths appended to the authority URL.
public enum NativeAuthEndpoint: String, Sendable, Hashable, CaseIterable, Codable {
    case signUpStart = "/signup/v1.0/start"
    case signUpChallenge = "/signup/v1.0/challenge"
    case signUpContinue = "/signup/v1.0/continue"
    case signInInitiate = "/oauth2/v2.0/initiate"
    case signInChallenge = "/oauth2/v2.0/challenge"
    case signInIntrospect = "/oauth2/v2.0/introspect"
    case token = "/oauth2/v2.0/token"
    case registerIntrospect = "/register/v1.0/introspect"
    case registerChallenge = "/register/v1.0/challenge"
    case registerContinue = "/register/v1.0/continue"
    case resetPasswordStart = "/resetpassword/v1.0/start"
    case resetPasswordChallenge = "/resetpassword/v1.0/challenge"
    case resetPasswordContinue = "/resetpassword/v1.0/continue"
    case resetPasswordSubmit = "/resetpassword/v1.0/submit"
    case resetPasswordPollCompletion = "/resetpassword/v1.0/poll_completion"

    /// The path appended to the authority, e.g. `/signup/v1.0/start`.
    public var path: String { rawValue }
}
