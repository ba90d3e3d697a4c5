import FlowEngine
import FlowLoader
import FlowModel
import FlowrunFoundation
import Foundation
import NativeAuth
import NativeAuthEmbedded
import NativeAuthEmulator

/// The embedded authority a scenario run talks to: a fresh in-memory emulator on the run's clock with the
/// set-up's users, and the native-auth client over the fault-injecting transport, the set-up's user signed in.
struct ScenarioAuthority {
    let emulator: NativeAuthEmulator
    let client: NativeAuthClient
    let transport: FaultyTransport
    let accounts: MemoryAccountStore
    /// Seconds after which a continuation token and any code have expired.
    let expirySeconds: TimeInterval

    /// - Parameter passwordHashIterations: PBKDF2 rounds for the run's passwords, at most the tenant's.
    init(_ setup: AuthoritySetup, clock: ScenarioClock, passwordHashIterations: Int) async throws {
        var tenant = setup.tenant
        tenant.passwordHash.iterations = min(tenant.passwordHash.iterations, passwordHashIterations)
        let embedded = try await EmbeddedAuthority.inMemory(configuration: tenant, users: setup.users, now: clock.now)
        emulator = embedded.emulator
        var configuration = embedded.firstClient
        if let types = setup.challengeTypes { configuration.challengeTypes = types }
        if let capabilities = setup.capabilities { configuration.capabilities = capabilities }
        transport = FaultyTransport(emulator: emulator)
        accounts = MemoryAccountStore()
        client = embedded.client(
            configuration, accounts: accounts, transport: transport, now: clock.now, sleep: { _ in })
        expirySeconds = TimeInterval(max(tenant.continuationLifetimeSeconds, tenant.codes.lifetimeSeconds) + 1)
        if let username = setup.signedIn { try await signIn(username, users: setup.users) }
    }

    /// Signs a seeded user in, so the flow starts with their account in the cache.
    private func signIn(_ username: String, users: [UserSeed]) async throws {
        let password = users.first { $0.username.lowercased() == username.lowercased() }?.password
        var arguments: [String: Value] = ["username": .string(username)]
        if let password { arguments["password"] = .string(password) }
        var result = try await client.perform("signIn.start", arguments: arguments, continuation: nil)
        if result.outcome == "codeRequired" {
            let code = try await emulator.outbox(to: username, limit: 1).first?.code ?? ""
            result = try await client.perform(
                "signIn.submitCode", arguments: ["code": .string(code)], continuation: result.continuation)
        }
        guard result.outcome == "completed" else {
            throw ScriptError("`\(username)` could not be signed in before the run: signIn answered \(result.outcome)")
        }
    }
}
