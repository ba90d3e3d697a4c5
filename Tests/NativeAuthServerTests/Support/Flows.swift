import Foundation
import NativeAuth
import TestSupport
import Testing

extension TestServer {
    /// Sign-up start (with a password) and challenge; returns the oob challenge answer.
    func signUpChallenge(_ username: String, password: String? = strongPassword) async throws -> HTTPAnswer {
        var start = ["username": username, "challenge_type": "oob password redirect"]
        start["password"] = password
        let started = try await call(.signUpStart, start)
        try #require(started.status == 200, "\(started)")
        let challenged = try await call(
            .signUpChallenge, ["continuation_token": try started.token(), "challenge_type": "oob password redirect"])
        try #require(challenged.string("challenge_type") == "oob", "\(challenged)")
        return challenged
    }

    /// Signs a user up over HTTP (code from `/outbox`); returns the final continuation token.
    @discardableResult
    func signUp(_ username: String, password: String? = strongPassword) async throws -> String {
        let challenged = try await signUpChallenge(username, password: password)
        let code = try await code(to: username)
        let verified = try await call(
            .signUpContinue, ["continuation_token": try challenged.token(), "grant_type": "oob", "oob": code])
        try #require(verified.status == 200, "\(verified)")
        return try verified.token()
    }

    /// Initiate and challenge for a password user; returns the challenge answer.
    func signInChallenge(_ username: String, capabilities: String? = nil) async throws -> HTTPAnswer {
        var parameters = ["username": username, "challenge_type": "oob password redirect"]
        parameters["capabilities"] = capabilities
        let initiated = try await call(.signInInitiate, parameters)
        try #require(initiated.status == 200, "\(initiated)")
        return try await call(
            .signInChallenge, ["continuation_token": try initiated.token(), "challenge_type": "oob password redirect"])
    }

    /// Signs in with a password; returns the token endpoint's answer.
    func signIn(_ username: String, password: String = strongPassword, capabilities: String? = nil) async throws
        -> HTTPAnswer
    {
        let challenged = try await signInChallenge(username, capabilities: capabilities)
        try #require(challenged.string("challenge_type") == "password", "\(challenged)")
        return try await call(
            .token,
            [
                "continuation_token": try challenged.token(), "grant_type": "password", "username": username,
                "password": password, "scope": "openid profile offline_access", "client_info": "true",
                "challenge_type": "oob password redirect",
            ])
    }
}
