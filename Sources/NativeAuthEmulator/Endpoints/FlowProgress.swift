/// The flows a continuation token can belong to (the payload's `flow`).
enum Flow: String, Codable, Sendable, Hashable {
    case signUp = "signup"
    case signIn = "signin"
    case resetPassword = "resetpassword"
    case register
    case mfa
    /// An authorization code (RFC 6749 §4.1) the sign-in pages issued, redeemed at the token endpoint.
    case authorizationCode = "authorization_code"
}

/// Where a flow stands; the phase tells an endpoint which grant or challenge the token allows.
enum Phase: String, Codable, Sendable, Hashable {
    case signUpStarted, signUpCodeSent, signUpCredentialRequired, signUpPasswordChallenge, signUpAttributesRequired
    case signUpCompleted
    case signInInitiated, signInPasswordChallenge, signInCodeSent
    case mfaRequired, mfaCodeSent
    case registrationRequired, registrationCodeSent, registrationPreverified, registrationCompleted
    case resetStarted, resetCodeSent, resetVerified, resetSubmitted, resetCompleted
    case authorizationCodeIssued
}

/// The server-side state kept with each continuation token (never a password or a code; a pending password
/// is kept hashed).
package struct FlowProgress: Codable, Sendable, Hashable {
    var phase: Phase
    /// Stable across the tokens of one flow; codes are grouped by it.
    var session: String
    var userID: String?
    /// A pending password (sign-up, reset), already hashed.
    var passwordHash: String?
    /// Sign-up attributes collected so far.
    var attributes: [String: String] = [:]
    var challengeTypes: [String]
    var capabilities: [String]
    /// Password-reset polls answered so far.
    var polls: Int = 0
    /// The contact an MFA or registration code went to.
    var method: StrongAuthMethod?
    /// What an authorization code is bound to; nil for every other flow.
    var authorization: AuthorizationBinding?
}

/// The request an authorization code answers: the redirect URI it was sent to, the PKCE challenge (S256), the
/// OpenID `nonce` and the scopes granted.
struct AuthorizationBinding: Codable, Sendable, Hashable {
    var redirectURI: String
    var codeChallenge: String
    var nonce: String?
    var scopes: [String]
}
