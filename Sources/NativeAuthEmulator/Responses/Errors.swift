import NativeAuthTenant
import NativeAuthWire

/// The catalogue of error answers (docs/native-auth.md).
/// Codes the API documents are used as given; the few it leaves open are marked "emulator's choice".
extension EmulatorError {
    // MARK: Requests and clients

    /// A missing or malformed parameter (90100).
    static func invalidParameter(_ name: String) -> EmulatorError {
        EmulatorError(
            error: "invalid_request", code: 90100, message: "\(name) parameter is empty or not valid.")
    }

    /// `challenge_type` without `redirect` (901007).
    static var missingRedirect: EmulatorError {
        EmulatorError(
            error: "invalid_request", code: 901007,
            message: "The challenge_type list parameter must include 'redirect'.")
    }

    /// Challenge types the emulator does not know (55102, emulator's choice).
    static var unsupportedChallengeType: EmulatorError {
        EmulatorError(
            error: "unsupported_challenge_type", code: 55102,
            message: "The challenge_type list contains an unsupported challenge type.")
    }

    /// An unknown `client_id` (700016).
    static func unauthorizedClient(tenant: String) -> EmulatorError {
        EmulatorError(
            error: "unauthorized_client", code: 700016,
            message: "Application with the given identifier was not found in the directory '\(tenant)'.")
    }

    /// A client for which native authentication is off (55100, emulator's choice).
    static var nativeAuthDisabled: EmulatorError {
        EmulatorError(
            error: "invalid_client", code: 55100, message: "Native authentication is not enabled for this client.",
            suberror: "nativeauthapi_disabled")
    }

    /// A tampered, unknown, used or misplaced continuation token (55000).
    static func invalidContinuation(_ reason: String = "The continuation token is not valid.") -> EmulatorError {
        EmulatorError(error: "invalid_request", code: 55000, message: reason)
    }

    /// An expired continuation token (552003).
    static var expiredContinuation: EmulatorError {
        EmulatorError(error: "expired_token", code: 552003, message: "The continuation token has expired.")
    }

    /// A resend before `codes.resendInterval` (550026).
    static func resendTooSoon(seconds: Int) -> EmulatorError {
        EmulatorError(
            error: "invalid_request", code: 550026,
            message: "A new code cannot be sent yet; wait \(seconds) seconds before asking again.",
            retryAfter: seconds)
    }

    static var serverError: EmulatorError {
        EmulatorError(
            status: 500, error: "server_error", code: 50000,
            message: "There was an error in the authority's storage. Try again.")
    }

    /// The store cannot be reached now (its database is down or restarting): 503, try again shortly.
    static var temporarilyUnavailable: EmulatorError {
        EmulatorError(
            status: 503, error: "temporarily_unavailable", code: 90033,
            message: "A transient error has occurred: the authority's storage cannot be reached. Try again.",
            retryAfter: 1)
    }

    // MARK: Users and credentials

    static var userAlreadyExists: EmulatorError {
        EmulatorError(error: "user_already_exists", code: 1003037, message: "A user with this username already exists.")
    }

    static var userNotFound: EmulatorError {
        EmulatorError(
            error: "user_not_found", code: 50034, message: "The user account does not exist in the directory.")
    }

    /// A password sent to a sign-up that does not take one (55101, emulator's choice).
    static var unsupportedAuthMethod: EmulatorError {
        EmulatorError(
            error: "unsupported_auth_method", code: 55101,
            message: "Sign-up with a password is not enabled in this user flow.")
    }

    /// A new password that breaks the policy (399246 for every password suberror).
    static func invalidPassword(_ problem: PasswordProblem) -> EmulatorError {
        let message: String
        switch problem {
        case .tooShort: message = "The password is too short."
        case .tooLong: message = "The password is too long."
        case .tooWeak: message = "The password is too weak: use more kinds of characters."
        case .banned: message = "The password is on the banned password list."
        case .invalid: message = "The password contains characters that are not allowed."
        case .recentlyUsed: message = "The password was used recently; choose a different one."
        }
        return EmulatorError(error: "invalid_grant", code: 399246, message: message, suberror: problem.rawValue)
    }

    /// Wrong password on the token endpoint (50126).
    static var invalidCredentials: EmulatorError {
        EmulatorError(
            error: "invalid_grant", code: 50126,
            message: "Error validating credentials due to invalid username or password.")
    }

    /// Password reset for a user without a password (500222).
    static var userHasNoPassword: EmulatorError {
        EmulatorError(
            error: "invalid_request", code: 500222, message: "The user does not have a password; it cannot be reset.")
    }

    /// Attributes failing their validation (55109, emulator's choice).
    static func attributeValidationFailed(_ names: [String]) -> EmulatorError {
        EmulatorError(
            error: "invalid_grant", code: 55109, message: "One or more user attributes are not valid.",
            suberror: "attribute_validation_failed", invalidAttributes: names)
    }

    // MARK: Codes

    static var invalidCode: EmulatorError {
        EmulatorError(
            error: "invalid_grant", code: 50181, message: "The one-time passcode is not valid.",
            suberror: "invalid_oob_value")
    }

    /// A code tried `codes.maxAttempts` times: it no longer verifies. Answered as Entra answers a locked
    /// sign-in (`invalid_grant` + 50053, no suberror), the shape the SDKs already handle as a general error.
    static var codeAttemptsExhausted: EmulatorError {
        EmulatorError(
            error: "invalid_grant", code: 50053,
            message: "Too many wrong codes were entered for this code; request a new code.")
    }

    /// An account locked by smart lockout (`LockoutConfiguration`): Entra's AADSTS50053.
    static func accountLocked(seconds: Int) -> EmulatorError {
        EmulatorError(
            error: "invalid_grant", code: 50053,
            message:
                "The account is locked because of too many sign-in attempts with a wrong password or code. "
                + "Try again in \(seconds) seconds.", retryAfter: seconds)
    }

    static var expiredCode: EmulatorError {
        EmulatorError(error: "expired_token", code: 552003, message: "The one-time passcode has expired.")
    }

    // MARK: Sign-up steps

    static func credentialRequired(_ token: String) -> EmulatorError {
        EmulatorError(
            error: "credential_required", code: 55103, message: "A password is required to complete the sign-up.",
            continuationToken: token)
    }

    static func attributesRequired(_ token: String, _ attributes: [RequiredAttribute]) -> EmulatorError {
        EmulatorError(
            error: "attributes_required", code: 55106, message: "User attributes are required.",
            continuationToken: token, requiredAttributes: attributes)
    }

    // MARK: MFA and registration

    static func mfaRequired(_ token: String) -> EmulatorError {
        EmulatorError(
            error: "invalid_grant", code: 50076, message: "Multi-factor authentication is required.",
            suberror: "mfa_required", continuationToken: token)
    }

    static func registrationRequired(_ token: String) -> EmulatorError {
        EmulatorError(
            error: "invalid_grant", code: 50072, message: "The user must register a strong authentication method.",
            suberror: "registration_required", continuationToken: token)
    }

    /// An MFA challenge without `id` when the user has several methods (55115, emulator's choice).
    static var introspectRequired: EmulatorError {
        EmulatorError(
            error: "invalid_request", code: 55115, message: "Choose an authentication method: call introspect.",
            suberror: "introspect_required")
    }

    /// A registration contact that is not an email address or phone number (901001).
    static var invalidContact: EmulatorError {
        EmulatorError(
            error: "invalid_request", code: 901001, message: "The verification contact is not valid.")
    }

    /// A contact listed in `blockedTargets` (550024).
    static var providerBlocked: EmulatorError {
        EmulatorError(
            error: "access_denied", code: 550024, message: "The authentication method is blocked.",
            suberror: "provider_blocked_by_rep")
    }

    // MARK: Token endpoint

    static var unsupportedGrantType: EmulatorError {
        EmulatorError(
            error: "unsupported_grant_type", code: 70003, message: "The app requested an unsupported grant type.")
    }

    static var invalidScope: EmulatorError {
        EmulatorError(error: "invalid_scope", code: 70011, message: "The provided scope value is not valid.")
    }

    /// A refresh token the store does not know (9002313).
    static var unknownRefreshToken: EmulatorError {
        EmulatorError(error: "invalid_grant", code: 9002313, message: "The refresh token is not valid.")
    }

    /// A refresh token used twice, or presented by another client (70000).
    static var refreshTokenRevoked: EmulatorError {
        EmulatorError(
            error: "invalid_grant", code: 70000,
            message: "The refresh token was already used or revoked; sign in again.")
    }

    /// An authorization code that is unknown, expired, used, another client's, sent with another redirect URI or
    /// a wrong PKCE verifier (RFC 6749 §5.2): `message` says which, never the code.
    static func invalidAuthorizationCode(_ message: String) -> EmulatorError {
        EmulatorError(error: "invalid_grant", code: 70008, message: message)
    }

    static var expiredRefreshToken: EmulatorError {
        EmulatorError(error: "expired_refresh_token", code: 700082, message: "The refresh token has expired.")
    }
}
