import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation
import NativeAuth
import NativeAuthEmulator
import NativeAuthTenant
import Testing

/// One run against the embedded emulator: the client, its continuation between actions, and the outbox.
private final class EmulatorRun: @unchecked Sendable {
    let emulator: NativeAuthEmulator
    let accounts = MemoryAccountStore()
    let client: NativeAuthClient
    var continuation: AuthorityContinuation?

    init(tenant: TenantConfiguration = TenantConfiguration(), configuration: NativeAuthConfiguration? = nil) throws {
        emulator = NativeAuthEmulator(configuration: tenant, store: try EmulatorStore.inMemory())
        client = NativeAuthClient(
            configuration: configuration ?? NativeAuthConfiguration(clientID: ClientConfiguration.defaultClientID),
            transport: InProcessTransport(emulator: emulator), accounts: accounts, catalog: nativeAuthCatalog,
            sleep: { _ in })
    }

    /// Performs an action and keeps its continuation, as the engine does.
    @discardableResult
    func perform(
        _ action: String, _ arguments: [String: Value] = [:], sourceLocation: SourceLocation = #_sourceLocation
    )
        async throws -> ActionResult
    {
        let result = try await client.perform(action, arguments: arguments, continuation: continuation)
        if let next = result.continuation { continuation = next }
        expectDeclared(result, of: action, sourceLocation: sourceLocation)
        return result
    }

    /// The newest code sent to `username`.
    func latestCode(to username: String) async throws -> String {
        let messages = try await emulator.outbox(to: username, limit: 1)
        return try #require(messages.first?.code)
    }

    /// Signs `username` up with a code (and a password when given) and returns the sign-up's result.
    func signUp(_ username: String, password: String? = nil) async throws -> ActionResult {
        var arguments: [String: Value] = ["username": .string(username)]
        if let password { arguments["password"] = .string(password) }
        let started = try await perform("signUp.start", arguments)
        #expect(started.outcome == "codeRequired", "\(started.data)")
        return try await perform("signUp.submitCode", ["code": .string(try await latestCode(to: username))])
    }
}

private let password = "Correct-Horse-9"
private let newPassword = "Battery-Staple-7"

@Suite struct EmulatorIntegrationTests {
    @Test func signUpWithACodeThenSignIn() async throws {
        let run = try EmulatorRun()
        let started = try await run.perform("signUp.start", ["username": "ann@contoso.com"])
        #expect(started.outcome == "codeRequired", "\(started.data)")
        #expect(started.data["channel"] == "email")
        #expect(started.data["codeLength"] == 8)

        let resent = try await run.perform("signUp.resendCode")
        #expect(resent.outcome == "codeRequired")
        let wrong = try await run.perform("signUp.submitCode", ["code": "00000000"])
        #expect(wrong.outcome == "invalidCode")
        let code = try await run.latestCode(to: "ann@contoso.com")
        let completed = try await run.perform("signUp.submitCode", ["code": .string(code)])
        #expect(completed.outcome == "completed", "\(completed.data)")
        #expect(completed.data["username"] == "ann@contoso.com")

        let signedIn = try await run.perform("signIn.afterSignUp")
        #expect(signedIn.outcome == "completed", "\(signedIn.data)")
        #expect(signedIn.data["username"] == "ann@contoso.com")
        let current = try await run.perform("account.current")
        #expect(current.outcome == "completed")
        #expect(current.data["account"]?[field: "tenantId"] == .string(TenantConfiguration.defaultTenantID))

        let again = try await run.perform("signUp.start", ["username": "ann@contoso.com"])
        #expect(again.outcome == "userAlreadyExists")
    }

    @Test func signInWithACode() async throws {
        let run = try EmulatorRun()
        #expect(try await run.signUp("bo@contoso.com").outcome == "completed")
        run.continuation = nil

        let unknown = try await run.perform("signIn.start", ["username": "nobody@contoso.com"])
        #expect(unknown.outcome == "userNotFound")
        let started = try await run.perform("signIn.start", ["username": "bo@contoso.com"])
        #expect(started.outcome == "codeRequired", "\(started.data)")
        let wrong = try await run.perform("signIn.submitCode", ["code": "00000000"])
        #expect(wrong.outcome == "invalidCode", "\(wrong.data)")
        let resent = try await run.perform("signIn.resendCode")
        #expect(resent.outcome == "codeRequired", "\(resent.data)")
        let code = try await run.latestCode(to: "bo@contoso.com")
        let signedIn = try await run.perform("signIn.submitCode", ["code": .string(code)])
        #expect(signedIn.outcome == "completed", "\(signedIn.data)")
        #expect(signedIn.data["claims"]?[field: "preferred_username"] == "bo@contoso.com")
        let saved = try #require(try await run.accounts.load())
        #expect(saved.username == "bo@contoso.com")
        #expect(saved.refreshToken?.isEmpty == false)
    }

    @Test func signInWithAPassword() async throws {
        let run = try EmulatorRun()
        #expect(try await run.signUp("cy@contoso.com", password: password).outcome == "completed")
        let wrong = try await run.perform("signIn.start", ["username": "cy@contoso.com", "password": "Wrong-Pass-1"])
        #expect(wrong.outcome == "invalidCredentials", "\(wrong.data)")
        let signedIn = try await run.perform(
            "signIn.start", ["username": "cy@contoso.com", "password": .string(password)])
        #expect(signedIn.outcome == "completed", "\(signedIn.data)")
        let asked = try await run.perform("signIn.start", ["username": "cy@contoso.com"])
        #expect(asked.outcome == "passwordRequired", "\(asked.data)")
        let submitted = try await run.perform("signIn.submitPassword", ["password": .string(password)])
        #expect(submitted.outcome == "completed", "\(submitted.data)")
    }

    @Test func resetPasswordThenSignIn() async throws {
        let run = try EmulatorRun()
        #expect(try await run.signUp("di@contoso.com", password: password).outcome == "completed")
        let noPassword = try await run.signUp("ed@contoso.com")
        #expect(noPassword.outcome == "completed")

        let refused = try await run.perform("resetPassword.start", ["username": "ed@contoso.com"])
        #expect(refused.outcome == "userDoesNotHavePassword", "\(refused.data)")
        let unknown = try await run.perform("resetPassword.start", ["username": "nobody@contoso.com"])
        #expect(unknown.outcome == "userNotFound", "\(unknown.data)")

        let started = try await run.perform("resetPassword.start", ["username": "di@contoso.com"])
        #expect(started.outcome == "codeRequired", "\(started.data)")
        let code = try await run.latestCode(to: "di@contoso.com")
        let verified = try await run.perform("resetPassword.submitCode", ["code": .string(code)])
        #expect(verified.outcome == "passwordRequired", "\(verified.data)")
        let weak = try await run.perform("resetPassword.submitPassword", ["password": "short"])
        #expect(weak.outcome == "invalidPassword", "\(weak.data)")
        let reset = try await run.perform("resetPassword.submitPassword", ["password": .string(newPassword)])
        #expect(reset.outcome == "completed", "\(reset.data)")
        let signedIn = try await run.perform("signIn.afterResetPassword")
        #expect(signedIn.outcome == "completed", "\(signedIn.data)")

        let old = try await run.perform("signIn.start", ["username": "di@contoso.com", "password": .string(password)])
        #expect(old.outcome == "invalidCredentials")
        let fresh = try await run.perform(
            "signIn.start", ["username": "di@contoso.com", "password": .string(newPassword)])
        #expect(fresh.outcome == "completed", "\(fresh.data)")
    }

    @Test func tokenGetAndSignOut() async throws {
        let run = try EmulatorRun()
        #expect(try await run.perform("token.get").outcome == "noAccount")
        #expect(try await run.signUp("fa@contoso.com").outcome == "completed")
        #expect(try await run.perform("signIn.afterSignUp").outcome == "completed")
        let first = try #require(try await run.accounts.load())

        let cached = try await run.perform("token.get")
        #expect(cached.outcome == "completed", "\(cached.data)")
        #expect(cached.data["accessToken"] == .string(first.accessToken))
        #expect(cached.data["refreshToken"] == "")

        let refreshed = try await run.perform("token.get", ["forceRefresh": true, "includeRefreshToken": true])
        #expect(refreshed.outcome == "completed", "\(refreshed.data)")
        let second = try #require(try await run.accounts.load())
        #expect(second.refreshToken != first.refreshToken, "the refresh token rotates")
        #expect(refreshed.data["refreshToken"] == second.refreshToken.map(Value.string))
        let again = try await run.perform("token.get", ["forceRefresh": true])
        #expect(again.outcome == "completed", "\(again.data)")

        #expect(try await run.perform("account.signOut").outcome == "completed")
        #expect(try await run.perform("account.current").outcome == "noAccount")
        #expect(try await run.perform("token.get").outcome == "noAccount")
        #expect(try await run.perform("account.signOut").outcome == "noAccount")
    }

    @Test func multiFactorSignIn() async throws {
        let run = try EmulatorRun(
            configuration: NativeAuthConfiguration(
                clientID: ClientConfiguration.defaultClientID, capabilities: ["mfa_required", "registration_required"]))
        #expect(try await run.signUp("gu@contoso.com", password: password).outcome == "completed")
        #expect(try await run.emulator.store.setMFA(true, for: "gu@contoso.com"))
        let started = try await run.perform(
            "signIn.start", ["username": "gu@contoso.com", "password": .string(password)])
        #expect(started.outcome == "mfaRequired", "\(started.data)")
        let challenged = try await run.perform("mfa.requestChallenge")
        #expect(challenged.outcome == "codeRequired", "\(challenged.data)")
        let wrong = try await run.perform("mfa.submitCode", ["code": "00000000"])
        #expect(wrong.outcome == "invalidCode", "\(wrong.data)")
        let code = try await run.latestCode(to: "gu@contoso.com")
        let signedIn = try await run.perform("mfa.submitCode", ["code": .string(code)])
        #expect(signedIn.outcome == "completed", "\(signedIn.data)")
    }

    @Test func justInTimeRegistration() async throws {
        var tenant = TenantConfiguration()
        tenant.registration.required = true
        let run = try EmulatorRun(
            tenant: tenant,
            configuration: NativeAuthConfiguration(
                clientID: ClientConfiguration.defaultClientID, capabilities: ["mfa_required", "registration_required"]))
        #expect(try await run.signUp("hy@contoso.com", password: password).outcome == "completed")
        let started = try await run.perform(
            "signIn.start", ["username": "hy@contoso.com", "password": .string(password)])
        #expect(started.outcome == "registrationRequired", "\(started.data)")
        // The client sends `challenge_type=oob` to /register/v1.0/challenge, as the protocol reference (2.3) and
        // iOS (the introspected method's challenge type) do.
        let registered = try await run.perform("registration.requestChallenge", ["target": "hy@contoso.com"])
        #expect(["completed", "codeRequired"].contains(registered.outcome), "\(registered.data)")
        if registered.outcome == "codeRequired" {
            let code = try await run.latestCode(to: "hy@contoso.com")
            let signedIn = try await run.perform("registration.submitCode", ["code": .string(code)])
            #expect(signedIn.outcome == "completed", "\(signedIn.data)")
        }
    }

    @Test func browserRequiredForAnOOBOnlyClientAndPasswordSignUp() async throws {
        var tenant = TenantConfiguration()
        tenant.signUp.method = .emailPassword
        let run = try EmulatorRun(
            tenant: tenant,
            configuration: NativeAuthConfiguration(
                clientID: ClientConfiguration.defaultClientID, challengeTypes: ["oob", "redirect"]))
        let started = try await run.perform("signUp.start", ["username": "io@contoso.com"])
        #expect(started.outcome == "browserRequired", "\(started.data)")
    }
}
