/// An OAuth 2.0 authorization request (RFC 6749 §4.1.1) the sign-in pages run a flow for, once checked: the client
/// and its registered redirect URI, the PKCE challenge (S256), and what is handed back or into the ID token.
struct AuthorizationRequest: Sendable, Codable, Hashable {
    var clientID: String
    var redirectURI: String
    /// The base64url SHA-256 of the client's `code_verifier` (RFC 7636).
    var codeChallenge: String
    /// The client's `state`, returned with the code or the error.
    var state: String?
    /// The OpenID Connect `nonce`, carried into the ID token.
    var nonce: String?
    var scopes: [String]
    /// The `login_hint`, which fills the first email field.
    var loginHint: String?
}

/// The client of the flow API that started a session with `client_id`: the answer that ends the session signed
/// in carries its tokens, once.
struct APITokenRequest: Sendable, Codable, Hashable {
    var clientID: String
    var scopes: [String]
}

/// The account a flow signed in, as the authority knows it.
public struct SignedInAccount: Sendable, Codable, Hashable {
    /// The authority's id of the user (the `oid` claim).
    public var userID: String
    public var username: String

    public init(userID: String, username: String) {
        self.userID = userID
        self.username = username
    }
}
