import Crypto
import FlowrunFoundation
import Foundation
import NativeAuthWire

/// What an authorization code is issued for (RFC 6749 §4.1, RFC 7636): the user the sign-in pages signed in, the
/// client and redirect URI of the authorize request, its PKCE challenge (S256), `nonce` and scopes.
public struct AuthorizationCodeRequest: Sendable, Hashable {
    public var userID: String
    public var username: String
    public var clientID: String
    public var redirectURI: String
    public var codeChallenge: String
    public var nonce: String?
    public var scopes: [String]

    public init(
        userID: String, username: String, clientID: String, redirectURI: String, codeChallenge: String,
        nonce: String?, scopes: [String]
    ) {
        self.userID = userID
        self.username = username
        self.clientID = clientID
        self.redirectURI = redirectURI
        self.codeChallenge = codeChallenge
        self.nonce = nonce
        self.scopes = scopes
    }
}

extension NativeAuthEmulator {
    /// How long an authorization code may wait to be redeemed, in seconds.
    public static let authorizationCodeLifetime = 60.0

    /// Issues a single-use authorization code for `request`, redeemed at the token endpoint with
    /// `grant_type=authorization_code`. The store keeps only the code's SHA-256 (as it keeps refresh tokens),
    /// in the continuations' table, with what it is bound to.
    public func issueAuthorizationCode(_ request: AuthorizationCodeRequest) async throws -> String {
        let code = Base64URL.encode(CodeGenerator.bytes(32))
        let issued = now().timeIntervalSince1970
        let state = FlowProgress(
            phase: .authorizationCodeIssued, session: RandomUUID.timeOrdered(at: issued), userID: request.userID,
            challengeTypes: [], capabilities: [],
            authorization: AuthorizationBinding(
                redirectURI: request.redirectURI, codeChallenge: request.codeChallenge, nonce: request.nonce,
                scopes: request.scopes))
        let record = ContinuationRecord(
            id: RequestTransaction.refreshTokenHash(code), flow: Flow.authorizationCode.rawValue,
            steps: [NativeAuthEndpoint.token.path], username: request.username, clientID: request.clientID,
            state: state, consumed: false, locked: false, createdAt: issued,
            expiresAt: issued + Self.authorizationCodeLifetime)
        try await store.write { try $0.insert(record) }
        return code
    }
}

extension NativeAuthEmulator {
    /// The redirect URI of the codes ``issueTokens(userID:username:clientID:scopes:)`` redeems at once; no
    /// browser is ever sent to it.
    static let inProcessRedirectURI = "urn:flowrun:in-process"

    /// Tokens for a user, issued to a client without a browser (to the flow API's caller whose session signed the
    /// user in): a code is issued with a fresh PKCE verifier and redeemed at once in this process, so that the
    /// answer is the token endpoint's own body (`access_token`, `id_token`, `refresh_token` with `offline_access`).
    public func issueTokens(
        userID: String, username: String, clientID: String, scopes: [String]
    ) async throws -> [String: Value] {
        let verifier = Base64URL.encode(CodeGenerator.bytes(32))
        let code = try await issueAuthorizationCode(
            AuthorizationCodeRequest(
                userID: userID, username: username, clientID: clientID, redirectURI: Self.inProcessRedirectURI,
                codeChallenge: Base64URL.encode(Array(SHA256.hash(data: Data(verifier.utf8)))), nonce: nil,
                scopes: scopes))
        let answer = await handle(
            WireRequest(
                endpoint: .token,
                parameters: [
                    "grant_type": "authorization_code", "client_id": clientID, "code": code,
                    "redirect_uri": Self.inProcessRedirectURI, "code_verifier": verifier,
                ],
                headers: ["client-request-id": RandomUUID.lowercased()]))
        guard answer.status == 200, let body = answer.body, body["access_token"] != nil else {
            throw TokensRefused(error: answer.body?["error"]?.stringValue ?? "status \(answer.status)")
        }
        return body
    }

    /// The token endpoint refused to redeem the in-process code.
    public struct TokensRefused: Error, Sendable, CustomStringConvertible {
        /// The endpoint's `error`.
        public var error: String

        public var description: String { "the token endpoint answered \(error)" }
    }
}

extension RequestTransaction {
    /// `grant_type=authorization_code`: a code the sign-in pages issued, with the redirect URI it was sent to and
    /// the PKCE verifier of its challenge. A code is redeemed once; a second redemption fails and revokes the
    /// refresh tokens the first one issued (RFC 6749 §4.1.2).
    func authorizationCodeGrant() throws -> EndpointResult {
        guard let code = context.secret("code") else { throw EmulatorError.invalidParameter("code") }
        let redirectURI = try context.required("redirect_uri")
        guard let verifier = context.secret("code_verifier") else {
            throw EmulatorError.invalidParameter("code_verifier")
        }
        guard let record = try store.continuation(id: Self.refreshTokenHash(code)),
            record.flow == Flow.authorizationCode.rawValue, let binding = record.state.authorization
        else { throw EmulatorError.invalidAuthorizationCode("The authorization code is not valid.") }
        guard record.clientID == context.client.clientID else {
            throw EmulatorError.invalidAuthorizationCode("The authorization code was issued to another client.")
        }
        if record.consumed {
            // Answered with the transaction committed, so that the revocation holds.
            try store.revokeRefreshFamily(record.id)
            return .failure(.invalidAuthorizationCode("The authorization code was already redeemed."))
        }
        guard record.expiresAt > now else {
            throw EmulatorError.invalidAuthorizationCode("The authorization code has expired.")
        }
        guard binding.redirectURI == redirectURI else {
            throw EmulatorError.invalidAuthorizationCode("The redirect_uri is not the one the code was sent to.")
        }
        guard Self.verifierMatches(verifier, challenge: binding.codeChallenge) else {
            throw EmulatorError.invalidAuthorizationCode("The code_verifier does not match the code_challenge.")
        }
        guard try store.consumeContinuation(id: record.id) else {
            try store.revokeRefreshFamily(record.id)
            return .failure(.invalidAuthorizationCode("The authorization code was already redeemed."))
        }
        let user = try user(record.state)
        return try issueTokens(for: user, scopes: binding.scopes, family: record.id, nonce: binding.nonce)
    }

    /// Whether `verifier` (43 to 128 unreserved characters, RFC 7636 §4.1) is the one whose base64url SHA-256 is
    /// `challenge`, compared in constant time.
    static func verifierMatches(_ verifier: String, challenge: String) -> Bool {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        guard (43...128).contains(verifier.count), verifier.allSatisfy({ unreserved.contains($0) }) else {
            return false
        }
        let computed = Base64URL.encode(Array(SHA256.hash(data: Data(verifier.utf8))))
        return ConstantTime.equal(Array(computed.utf8), Array(challenge.utf8))
    }
}
