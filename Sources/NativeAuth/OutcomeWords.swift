/// The catalog's texts for people: each code an outcome carries (`unexpected`'s `error`, `invalidPassword`'s and
/// `browserRequired`'s `reason`) in one English sentence. Translations key each text `catalog.<code>`.
public enum OutcomeWords {
    /// The code whose text stands for any code the table does not know.
    public static let unknownCode = "unknown"

    /// The code whose text stands for a browser fallback with a reason the table does not know.
    public static let redirectCode = "redirect"

    /// The English text of each code.
    public static let english: [String: String] = [
        unknownCode: "Something went wrong on the sign-in service. Try again later.",
        redirectCode: "This cannot be finished in the app. Continue in a browser.",
        "password_too_weak": "The password is too weak.",
        "password_too_short": "The password is too short.",
        "password_too_long": "The password is too long.",
        "password_recently_used": "This password was used recently.",
        "password_banned": "This password is not allowed.",
        "password_is_invalid": "This password cannot be used.",
        "invalid_request": "The sign-in service could not accept this request.",
        "invalid_grant": "The sign-in service did not accept what was entered. Try again.",
        "invalid_client": "This app is not set up for signing in here. Contact its support.",
        "unauthorized_client": "This app is not allowed to sign you in this way. Contact its support.",
        "invalid_scope": "This app asked for access that the sign-in service does not give. Contact its support.",
        "unsupported_grant_type": "This app cannot sign you in this way.",
        "unsupported_challenge_type": "This app cannot do the verification that the sign-in service asks for.",
        "unsupported_auth_method": "This way of verifying is not available for this account.",
        "auth_not_supported": "This way of verifying is not available for this account.",
        "nativeauthapi_disabled": "Signing in from this app is turned off. Contact its support.",
        "attributes_required": "More details are needed to create the account.",
        "attribute_validation_failed": "Some of the details entered are not valid.",
        "user_not_found": "No account was found for this username.",
        "user_already_exists": "An account already exists for this username.",
        "expired_token": "This took too long and has expired. Start again.",
        "expired_refresh_token": "Your sign-in has expired. Sign in again.",
        "invalid_oob_value": "The code is not correct.",
        "too_many_attempts": "There were too many attempts. Wait a while, then try again.",
        "access_denied": "Access was denied.",
        "provider_blocked_by_rep": "This way of verifying is blocked for now. Try another one.",
        "credential_required": "One more verification is needed to sign in.",
        "mfa_required": "A second verification is needed to sign in.",
        "registration_required": "A way of verifying has to be added to the account first.",
        "introspect_required": "The sign-in service first has to look up how this account can be verified.",
        "server_error": "The sign-in service had a problem. Try again later.",
        "temporarily_unavailable": "The sign-in service is busy right now. Try again in a moment.",
        "http_error": "The sign-in service gave an answer the app cannot use. Try again later.",
        "invalid_response": "The sign-in service gave an answer the app cannot use. Try again later.",
        "transport_error": "The sign-in service could not be reached. Check the connection and try again.",
        "invalid_state": "This step cannot be done now. Start again.",
        "invalid_argument": "The app sent something the sign-in service cannot use.",
        "account_store_error": "The account saved on this device could not be read or saved.",
    ]

    /// `code` in words; the generic sentence for a code the table does not know.
    public static func text(for code: String) -> String {
        english[code] ?? english[unknownCode] ?? code
    }

    /// A browser fallback's `redirect_reason` in words: the reason is the server's own sentence, in its language,
    /// so people read the fallback's text unless the reason is a code the table knows.
    public static func redirectText(for reason: String) -> String {
        english[reason] ?? text(for: redirectCode)
    }
}
