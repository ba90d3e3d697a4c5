import Crypto
import FlowrunFoundation
import Foundation
import NativeAuthWire

/// `/oauth2/v2.0/token` with the grants `password`, `oob`, `mfa_oob`, `continuation_token`, `refresh_token`
/// (docs/native-auth.md) and `authorization_code` (docs/sign-in-pages.md).
extension RequestTransaction {
    func token() throws -> EndpointResult {
        let grant = try context.required("grant_type")
        let scopes = try context.scopes()
        switch grant {
        case "password": return try passwordGrant(scopes: scopes)
        case "oob":
            return try codeGrant("oob", of: .signIn, at: .signInCodeSent) { user, state in
                try afterFirstFactor(user: user, state: state, scopes: scopes, allowMFA: true)
            }
        case "mfa_oob":
            return try codeGrant("mfa_oob", of: .mfa, at: .mfaCodeSent) { user, _ in
                try issueTokens(for: user, scopes: scopes)
            }
        case "continuation_token": return try continuationGrant(scopes: scopes)
        case "refresh_token": return try refreshGrant(scopes: scopes)
        case "authorization_code": return try authorizationCodeGrant()
        default: throw EmulatorError.unsupportedGrantType
        }
    }

    private func passwordGrant(scopes: [String]) throws -> EndpointResult {
        let record = try continuation([.signIn])
        _ = try context.challengeTypes(required: false)
        guard record.state.phase == .signInPasswordChallenge else {
            throw EmulatorError.invalidContinuation("The continuation token does not allow the password grant.")
        }
        guard let password = context.secret("password") else { throw EmulatorError.invalidParameter("password") }
        try checkUsername(record)
        let user = try user(record.state)
        // A wrong password is answered with the transaction committed: it counts towards the account's lockout,
        // and the continuation stays usable for the next try.
        if let locked = try lockedAnswer(for: record.username) { return .failure(locked) }
        guard let hash = user.passwordHash, prepared.verify(password, against: hash) else {
            try recordFailure(for: record.username)
            return .failure(.invalidCredentials)
        }
        try recordSuccess(for: record.username)
        try consume(record)
        return try afterFirstFactor(user: user, state: record.state, scopes: scopes, allowMFA: true)
    }

    /// A code grant (`oob`, `mfa_oob`): a continuation of `flow` at `phase` and its code; a wrong code is the
    /// failure answered, the right one consumes the continuation and leaves the answer to `next`.
    private func codeGrant(
        _ grant: String, of flow: Flow, at phase: Phase, then next: (UserRecord, FlowProgress) throws -> EndpointResult
    ) throws -> EndpointResult {
        let record = try continuation([flow])
        guard record.state.phase == phase else {
            throw EmulatorError.invalidContinuation("The continuation token does not allow the \(grant) grant.")
        }
        if case .rejected(let error) = try verifyCode(for: record) { return .failure(error) }
        let user = try user(record.state)
        try consume(record)
        return try next(user, record.state)
    }

    /// After sign-up, password reset or JIT registration. After a reset the user faces exactly what a password
    /// sign-in would ask (registration, then MFA): a reset proves the email address, never the second factor.
    /// After sign-up only registration is asked (the new user has no second factor yet).
    private func continuationGrant(scopes: [String]) throws -> EndpointResult {
        let record = try continuation([.signUp, .resetPassword, .register])
        _ = try context.challengeTypes(required: false)
        let completed: Set<Phase> = [.signUpCompleted, .resetCompleted, .registrationCompleted]
        guard completed.contains(record.state.phase) else {
            throw EmulatorError.invalidContinuation("The continuation token does not allow this grant.")
        }
        try checkUsername(record)
        let user = try user(record.state)
        try consume(record)
        if record.flow == Flow.register.rawValue { return try issueTokens(for: user, scopes: scopes) }
        let afterReset = record.flow == Flow.resetPassword.rawValue
        return try afterFirstFactor(user: user, state: record.state, scopes: scopes, allowMFA: afterReset)
    }

    /// Rotates a refresh token: the presented one is used up and a new one of the same family issued. A reused
    /// token revokes its whole family.
    private func refreshGrant(scopes requested: [String]) throws -> EndpointResult {
        guard let presented = context.secret("refresh_token") else {
            throw EmulatorError.invalidParameter("refresh_token")
        }
        guard let record = try store.refreshToken(hash: Self.refreshTokenHash(presented)) else {
            throw EmulatorError.unknownRefreshToken
        }
        guard record.clientID == context.client.clientID else { throw EmulatorError.refreshTokenRevoked }
        if record.used {
            try store.revokeRefreshFamily(record.family)
            return .failure(.refreshTokenRevoked)
        }
        guard record.expiresAt > now else { throw EmulatorError.expiredRefreshToken }
        guard let user = try store.user(id: record.userID) else { throw EmulatorError.userNotFound }
        let granted = record.scope.split(separator: " ").map(String.init)
        // `requested` holds only scopes the client is consented to (see `RequestContext.scopes()`), so a refresh
        // reaches no further than a new sign-in would.
        // Conditional, like `consume`: a refresh token is redeemed at most once.
        guard try store.useRefreshToken(hash: record.hash) else {
            try store.revokeRefreshFamily(record.family)
            return .failure(.refreshTokenRevoked)
        }
        let scopes = context.text("scope") == nil ? granted : requested
        return try issueTokens(for: user, scopes: scopes, family: record.family)
    }

    /// Stores a new refresh token (when `offline_access` is asked) and hands the grant over for signing.
    func issueTokens(
        for user: UserRecord, scopes: [String], family: String? = nil, nonce: String? = nil
    ) throws -> EndpointResult {
        var refreshToken: String?
        if scopes.contains("offline_access") {
            let token = Base64URL.encode(CodeGenerator.bytes(32))
            let record = RefreshTokenRecord(
                hash: Self.refreshTokenHash(token), userID: user.id, clientID: context.client.clientID,
                family: family ?? newID(), scope: scopes.joined(separator: " "), createdAt: now,
                expiresAt: now + Double(configuration.tokens.refreshTokenLifetime), used: false)
            try store.insert(record)
            refreshToken = token
        }
        return .tokens(
            TokenGrant(
                user: user, clientID: context.client.clientID, scopes: scopes, refreshToken: refreshToken,
                issuedAt: now, nonce: nonce))
    }

    /// A `username` sent with a grant must be the continuation's.
    private func checkUsername(_ record: ContinuationRecord) throws {
        if let username = context.text("username"), username.lowercased() != record.username.lowercased() {
            throw EmulatorError.invalidParameter("username")
        }
    }

    /// Refresh tokens are stored as the hex SHA-256 of the token.
    static func refreshTokenHash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
