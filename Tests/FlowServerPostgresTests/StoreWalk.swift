import FlowModel
import Foundation
import NativeAuthEmulator
import NativeAuthTenant
import NativeAuthWire
import TestSupport
import Testing

/// Drives an emulator through every kind of store use (sign-up with codes, resends, sign-in with lockout
/// counts, refresh-token rotation and reuse, password reset, the outbox, the store's own API) and writes one line
/// per answer: status, error, suberror and error codes, never a token or a code. Two stores that behave alike
/// give the same transcript.
final class StoreWalk {
    let emulator: NativeAuthEmulator
    let clock: TestClock
    private(set) var lines: [String] = []
    /// The continuation token of the latest answer that carried one.
    private var latestToken: String?

    init(store: EmulatorStore) {
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
        self.clock = clock
        var configuration = TenantConfiguration.testing()
        configuration.lockout.threshold = 3
        emulator = NativeAuthEmulator(configuration: configuration, store: store, now: { clock.now })
    }

    /// The whole walk; its transcript.
    func run() async throws -> [String] {
        try await signUp()
        try await signInAndRefresh()
        try await resetPassword()
        try await storeCalls()
        return lines
    }

    @discardableResult
    private func send(_ label: String, _ endpoint: NativeAuthEndpoint, _ parameters: [String: String]) async
        -> WireResponse
    {
        var parameters = parameters
        parameters["client_id"] = clientID
        let response = await emulator.handle(WireRequest(endpoint: endpoint, parameters: parameters))
        let body = response.body
        let codes: String
        if case .list(let items)? = body?["error_codes"] {
            codes = items.map { "\($0)" }.joined(separator: ",")
        } else {
            codes = ""
        }
        let fields = ["challenge_type", "error", "suberror", "status", "token_type"].map { key in
            body?[key]?.stringValue.map { "\(key)=\($0)" } ?? ""
        }
        lines.append("\(label): \(response.status) \(fields.joined(separator: " ")) \(codes)")
        if let token = body?["continuation_token"]?.stringValue { latestToken = token }
        return response
    }

    private func token(_ response: WireResponse) throws -> String {
        try #require(response.body?["continuation_token"]?.stringValue, "no continuation token in \(response)")
    }

    /// The continuation token to go on with: the latest one handed out.
    private func latest() throws -> String {
        try #require(latestToken, "no continuation token handed out yet")
    }

    private func code(to recipient: String) async throws -> String {
        try #require(try await emulator.outbox(to: recipient, limit: 1).first).code
    }

    private func signUp() async throws {
        await send(
            "sign-up start", .signUpStart,
            ["username": "Ann@Contoso.com", "challenge_type": "oob password redirect", "password": strongPassword])
        await send("sign-up challenge", .signUpChallenge, ["continuation_token": try latest()])
        await send("sign-up resend too soon", .signUpChallenge, ["continuation_token": try latest()])
        clock.advance(61)
        await send("sign-up resend", .signUpChallenge, ["continuation_token": try latest()])
        let code = try await code(to: "ann@contoso.com")
        let challenged = try latest()
        await send(
            "sign-up wrong code", .signUpContinue,
            ["continuation_token": challenged, "grant_type": "oob", "oob": code == "00000000" ? "1" : "0"])
        let verified = await send(
            "sign-up code", .signUpContinue, ["continuation_token": challenged, "grant_type": "oob", "oob": code])
        await send(
            "sign-up code again", .signUpContinue, ["continuation_token": challenged, "grant_type": "oob", "oob": code])
        await send(
            "sign-up token", .token,
            [
                "continuation_token": try token(verified), "grant_type": "continuation_token",
                "scope": "openid offline_access", "username": "ann@contoso.com",
            ])
        await send(
            "sign-up taken", .signUpStart, ["username": "ANN@contoso.com", "challenge_type": "oob password redirect"])
    }

    private func signIn(_ label: String, password: String) async throws -> WireResponse {
        let initiated = await send(
            "\(label) initiate", .signInInitiate,
            ["username": "ann@contoso.com", "challenge_type": "oob password redirect"])
        let challenged = await send(
            "\(label) challenge", .signInChallenge, ["continuation_token": try token(initiated)])
        return await send(
            "\(label) token", .token,
            [
                "continuation_token": try token(challenged), "grant_type": "password", "username": "ann@contoso.com",
                "password": password, "scope": "openid offline_access",
            ])
    }

    private func signInAndRefresh() async throws {
        _ = try await signIn("wrong password 1", password: "Not-The-Password-1")
        let granted = try await signIn("sign-in", password: strongPassword)
        let first = try #require(granted.body?["refresh_token"]?.stringValue)
        let rotated = await send(
            "refresh", .token,
            ["grant_type": "refresh_token", "refresh_token": first, "scope": "openid offline_access"])
        let second = try #require(rotated.body?["refresh_token"]?.stringValue)
        await send("refresh reused", .token, ["grant_type": "refresh_token", "refresh_token": first])
        await send("refresh of a revoked family", .token, ["grant_type": "refresh_token", "refresh_token": second])
        for attempt in 1...3 { _ = try await signIn("wrong password \(attempt + 1)", password: "Not-The-Password-2") }
        _ = try await signIn("while locked", password: strongPassword)
        clock.advance(61)
    }

    private func resetPassword() async throws {
        let started = await send(
            "reset start", .resetPasswordStart, ["username": "ann@contoso.com", "challenge_type": "oob redirect"])
        let challenged = await send(
            "reset challenge", .resetPasswordChallenge, ["continuation_token": try token(started)])
        let verified = await send(
            "reset code", .resetPasswordContinue,
            [
                "continuation_token": try token(challenged), "grant_type": "oob",
                "oob": try await code(to: "ann@contoso.com"),
            ])
        let submitted = await send(
            "reset submit", .resetPasswordSubmit,
            ["continuation_token": try token(verified), "new_password": "Green-Field-Window-77"])
        var polled = submitted
        for poll in 1...4 where polled.body?["status"]?.stringValue != "succeeded" {
            polled = await send(
                "reset poll \(poll)", .resetPasswordPollCompletion, ["continuation_token": try token(polled)])
        }
        _ = try await signIn("sign-in after reset", password: "Green-Field-Window-77")
    }

    private func storeCalls() async throws {
        let store = emulator.store
        let sent = try await emulator.outbox(limit: 10).map { "\($0.to) \($0.purpose)" }
        lines.append("outbox: \(sent.joined(separator: ", "))")
        try await store.addUser(UserSeed(username: "bob@contoso.com", password: strongPassword), hashIterations: 1_000)
        lines.append("users: \(try await store.users().map(\.username).joined(separator: ", "))")
        lines.append("mfa set: \(try await store.setMFA(true, for: "BOB@contoso.com"))")
        lines.append("bob mfa: \(try await store.user(named: "bob@CONTOSO.com")?.mfa == true)")
        lines.append("password matches: \(try await store.passwordMatches(strongPassword, for: "bob@contoso.com"))")
        lines.append("deleted: \(try await store.deleteUser(named: "ann@contoso.com"))")
        lines.append("deleted again: \(try await store.deleteUser(named: "ann@contoso.com"))")
        lines.append("integrity: \(try await store.integrityCheck())")
    }
}
