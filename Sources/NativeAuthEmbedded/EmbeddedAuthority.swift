import FlowEngine
import FlowModel
import Foundation
import NativeAuth
import NativeAuthEmulator
import NativeAuthTenant
import NativeAuthWire

/// The native-auth API with no network, assembled in one place: the emulator (a tenant's endpoints over a store
/// of users, codes and keys), and native-auth clients that reach it in-process, each with its account cache.
/// `flowrun run`, `flowrun test`, `flowrun serve --flows` and an app's own tests use it the same way:
///
/// ```swift
/// let embedded = try await EmbeddedAuthority.stored(in: "state", configuration: TenantConfiguration())
/// embedded.deliverCodes { message in print("code for \(message.to): \(message.code)") }
/// let runner = FlowRunner(program: program, digest: digest, authority: embedded.client(), inputs: inputs)
/// ```
public struct EmbeddedAuthority: Sendable {
    /// The emulator every client of this authority talks to.
    public let emulator: NativeAuthEmulator

    /// The authority of `emulator` (whose store the caller chose and bound).
    public init(emulator: NativeAuthEmulator) {
        self.emulator = emulator
    }

    /// The authority of `configuration` with its state in SQLite files in `directory` (created when missing),
    /// bound to the configuration's tenant: a folder of another tenant is refused.
    public static func stored(in directory: String, configuration: TenantConfiguration) async throws
        -> EmbeddedAuthority
    {
        let store = try EmulatorStore(directory: directory)
        try await store.bind(toTenant: configuration.tenantID)
        return EmbeddedAuthority(emulator: NativeAuthEmulator(configuration: configuration, store: store))
    }

    /// The authority of `configuration` in memory, on the clock `now`, with `users` added (their passwords hashed
    /// with the tenant's iterations).
    public static func inMemory(
        configuration: TenantConfiguration, users: [UserSeed] = [],
        now: @escaping @Sendable () -> Date = Date.init
    ) async throws -> EmbeddedAuthority {
        let emulator = NativeAuthEmulator(configuration: configuration, store: try EmulatorStore.inMemory(), now: now)
        for user in users {
            try await emulator.store.addUser(
                user, hashIterations: configuration.passwordHash.iterations, now: now())
        }
        return EmbeddedAuthority(emulator: emulator)
    }

    /// The client the tenant's first client is: its id, with the default challenge types and no capabilities.
    public var firstClient: NativeAuthConfiguration {
        NativeAuthConfiguration(clientID: emulator.configuration.clients.first?.clientID ?? "")
    }

    /// The tenant's first client with every challenge type and capability it may use, as a host that runs any
    /// flow for others presents itself.
    public var firstClientWithEverything: NativeAuthConfiguration {
        let client = emulator.configuration.clients.first
        var configuration = firstClient
        if let types = client?.challengeTypes { configuration.challengeTypes = types }
        configuration.capabilities = client?.capabilities ?? ["mfa_required", "registration_required"]
        return configuration
    }

    /// A native-auth client of this authority (the parameters are `NativeAuthClient`'s): by default the tenant's
    /// first client (``firstClient``) over `InProcessTransport`, keeping its account in memory.
    public func client(
        _ configuration: NativeAuthConfiguration? = nil, accounts: any AccountStore = MemoryAccountStore(),
        transport: (any Transport)? = nil, catalog: ActionCatalog = NativeAuthClient.defaultCatalog,
        now: @escaping @Sendable () -> Date = Date.init,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        observer: (@Sendable (NativeAuthClientEvent) -> Void)? = nil
    ) -> NativeAuthClient {
        NativeAuthClient(
            configuration: configuration ?? firstClient, transport: transport ?? InProcessTransport(emulator: emulator),
            accounts: accounts, catalog: catalog, now: now, sleep: sleep, observer: observer)
    }

    /// Calls `observer` with each code the authority sends, as its delivery (an email would be):
    /// the emulator's `deliverCodes(to:)`.
    public func deliverCodes(to observer: (@Sendable (OutboxMessage) -> Void)?) {
        emulator.deliverCodes(to: observer)
    }
}
