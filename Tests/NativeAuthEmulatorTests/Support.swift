import FlowEngine
import Foundation
import NativeAuth
import NativeAuthEmulator
import NativeAuthTenant
import NativeAuthWire
import Synchronization
import TestSupport
import Testing

let otherStrongPassword = "Green-River-Stone-77"

/// An emulator over an in-memory store with a hand-moved clock, and wire helpers.
struct Harness {
    let emulator: NativeAuthEmulator
    let clock: TestClock

    init(_ configuration: TenantConfiguration = .testing(), store: EmulatorStore? = nil) throws {
        let clock = TestClock()
        self.clock = clock
        self.emulator = NativeAuthEmulator(
            configuration: configuration, store: try store ?? EmulatorStore.inMemory(), now: { clock.now })
    }

    /// Sends a request; `client_id` is added unless given.
    func send(_ endpoint: NativeAuthEndpoint, _ parameters: [String: String]) async -> WireResponse {
        var parameters = parameters
        if parameters["client_id"] == nil { parameters["client_id"] = clientID }
        return await emulator.handle(WireRequest(endpoint: endpoint, parameters: parameters))
    }

    /// The newest code sent to `recipient`.
    func code(to recipient: String) async throws -> String {
        try #require(try await emulator.outbox(to: recipient, limit: 1).first).code
    }

    /// Signs a user up end to end and returns the final continuation token.
    @discardableResult
    func signUp(
        _ username: String, password: String? = nil, attributes: String? = nil,
        types: String = "oob password redirect"
    ) async throws -> String {
        var start = ["username": username, "challenge_type": types]
        start["password"] = password
        start["attributes"] = attributes
        let started = await send(.signUpStart, start)
        try #require(started.status == 200, "\(started)")
        let challenged = await send(.signUpChallenge, ["continuation_token": try started.token()])
        try #require(challenged.string("challenge_type") == "oob", "\(challenged)")
        let code = try await code(to: username)
        let verified = await send(
            .signUpContinue, ["continuation_token": try challenged.token(), "grant_type": "oob", "oob": code])
        try #require(verified.status == 200, "\(verified)")
        return try verified.token()
    }

    /// Initiate and challenge; returns the challenge answer.
    func signInChallenge(_ username: String, types: String = "oob password redirect", capabilities: String? = nil)
        async throws -> WireResponse
    {
        var parameters = ["username": username, "challenge_type": types]
        parameters["capabilities"] = capabilities
        let initiated = await send(.signInInitiate, parameters)
        try #require(initiated.status == 200 && initiated.string("continuation_token") != nil, "\(initiated)")
        return await send(.signInChallenge, ["continuation_token": try initiated.token()])
    }

    /// Signs in with a password; returns the token endpoint's answer.
    func signIn(
        _ username: String, password: String, scope: String = "openid profile offline_access",
        capabilities: String? = nil
    ) async throws -> WireResponse {
        let challenged = try await signInChallenge(username, capabilities: capabilities)
        try #require(challenged.string("challenge_type") == "password", "\(challenged)")
        return await send(
            .token,
            [
                "continuation_token": try challenged.token(), "grant_type": "password", "username": username,
                "password": password, "scope": scope, "client_info": "true",
            ])
    }
}

extension WireResponse {
    func string(_ key: String) -> String? {
        body?[key]?.stringValue
    }

    func token() throws -> String {
        try #require(string("continuation_token"), "no continuation_token in \(self)")
    }

    var error: String? { string("error") }
    var suberror: String? { string("suberror") }

    var errorCodes: [Int] {
        guard case .list(let items) = body?["error_codes"] else { return [] }
        return items.compactMap { item in
            if case .integer(let code) = item { return code }
            return nil
        }
    }

    func integer(_ key: String) -> Int? {
        if case .integer(let number) = body?[key] { return number }
        return nil
    }

    func names(_ key: String) -> [String] {
        guard case .list(let items) = body?[key] else { return [] }
        return items.compactMap { $0[field: "name"]?.stringValue }
    }
}

/// A code of the same length that is not `code`.
func wrongCode(_ code: String) -> String {
    code == "00000000" ? "11111111" : "00000000"
}

/// Decodes a base64url string.
func base64URLDecode(_ text: String) -> Data? {
    var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while base64.count % 4 != 0 { base64 += "=" }
    return Data(base64Encoded: base64)
}

/// A flow that sends one-time codes, driven through its own endpoints, so that one property can be stated for
/// every endpoint that checks a code.
enum CodeFlow: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case signUp
    case signIn
    case resetPassword

    var testDescription: String { rawValue }

    /// Creates the user the flow needs: none for sign-up, one without a password for OTP sign-in, one with a
    /// password for a reset.
    func prepare(_ harness: Harness, _ username: String) async throws {
        switch self {
        case .signUp: return
        case .signIn: try await harness.signUp(username)
        case .resetPassword: try await harness.signUp(username, password: strongPassword)
        }
    }

    /// Starts the flow and asks for a code; returns the challenge answer (a code is in the outbox).
    func challenge(_ harness: Harness, _ username: String) async throws -> WireResponse {
        switch self {
        case .signUp:
            let started = await harness.send(.signUpStart, ["username": username, "challenge_type": "oob redirect"])
            return await harness.send(.signUpChallenge, ["continuation_token": try started.token()])
        case .signIn:
            return try await harness.signInChallenge(username, types: "oob redirect")
        case .resetPassword:
            let started = await harness.send(
                .resetPasswordStart, ["username": username, "challenge_type": "oob redirect"])
            return await harness.send(.resetPasswordChallenge, ["continuation_token": try started.token()])
        }
    }

    /// Submits a code with the continuation token of the challenge.
    func submit(_ harness: Harness, token: String, code: String) async -> WireResponse {
        switch self {
        case .signUp:
            await harness.send(.signUpContinue, ["continuation_token": token, "grant_type": "oob", "oob": code])
        case .signIn:
            await harness.send(
                .token, ["continuation_token": token, "grant_type": "oob", "oob": code, "scope": "openid"])
        case .resetPassword:
            await harness.send(.resetPasswordContinue, ["continuation_token": token, "grant_type": "oob", "oob": code])
        }
    }

    /// Asks for the code again with the continuation token of the challenge.
    func resend(_ harness: Harness, token: String) async -> WireResponse {
        switch self {
        case .signUp: await harness.send(.signUpChallenge, ["continuation_token": token])
        case .signIn: await harness.send(.signInChallenge, ["continuation_token": token])
        case .resetPassword: await harness.send(.resetPasswordChallenge, ["continuation_token": token])
        }
    }
}
