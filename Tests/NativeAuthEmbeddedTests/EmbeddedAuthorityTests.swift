import FlowEngine
import FlowModel
import Foundation
import NativeAuth
import NativeAuthEmbedded
import NativeAuthEmulator
import NativeAuthTenant
import NativeAuthWire
import Synchronization
import Testing

/// What an observer was told, in order.
private final class Heard<Event: Sendable>: Sendable {
    private let events = Mutex<[Event]>([])

    var all: [Event] { events.withLock { $0 } }

    func append(_ event: Event) {
        events.withLock { $0.append(event) }
    }
}

/// A transport that never gets an answer.
private struct Unreachable: Transport {
    struct Refused: Error, CustomStringConvertible {
        var description: String { "connection refused" }
    }

    func send(_ request: WireRequest) async throws -> WireResponse {
        throw Refused()
    }
}

@Suite struct EmbeddedAuthorityTests {
    @Test("a client of the embedded authority signs up with the code its delivery gave, and names its user")
    func signUpWithADeliveredCode() async throws {
        let embedded = try await EmbeddedAuthority.inMemory(configuration: TenantConfiguration())
        let delivered = Heard<OutboxMessage>()
        embedded.deliverCodes { delivered.append($0) }
        let events = Heard<NativeAuthClientEvent>()
        let client = embedded.client(sleep: { _ in }, observer: { events.append($0) })

        let started = try await client.perform(
            "signUp.start", arguments: ["username": "ann@contoso.com"], continuation: nil)
        #expect(started.outcome == "codeRequired", "\(started.data)")
        let code = try #require(delivered.all.last)
        #expect(code.to == "ann@contoso.com")
        #expect(NativeAuthClient.username(in: started.continuation) == "ann@contoso.com")

        let completed = try await client.perform(
            "signUp.submitCode", arguments: ["code": .string(code.code)], continuation: started.continuation)
        #expect(completed.outcome == "completed", "\(completed.data)")
        #expect(Set(events.all) == [.user("ann@contoso.com")], "\(events.all)")
    }

    @Test("an in-memory authority starts with the users it is given")
    func seededUsers() async throws {
        let embedded = try await EmbeddedAuthority.inMemory(
            configuration: TenantConfiguration(), users: [UserSeed(username: "bo@contoso.com", password: "Blue-Sky-42")]
        )
        #expect(try await embedded.emulator.store.user(named: "bo@contoso.com") != nil)
        #expect(try await embedded.emulator.store.user(named: "di@contoso.com") == nil)
    }

    @Test("a stored authority keeps its users in its folder, which another tenant cannot open")
    func storedInAFolder() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("embedded-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try await EmbeddedAuthority.stored(in: folder.path, configuration: TenantConfiguration())
        _ = try await first.emulator.store.addUser(UserSeed(username: "cy@contoso.com"), hashIterations: 1_000)

        let again = try await EmbeddedAuthority.stored(in: folder.path, configuration: TenantConfiguration())
        #expect(try await again.emulator.store.user(named: "cy@contoso.com") != nil)

        var other = TenantConfiguration()
        other.tenantID = "00000000-0000-0000-0000-0000000000ff"
        await #expect(throws: (any Error).self) {
            _ = try await EmbeddedAuthority.stored(in: folder.path, configuration: other)
        }
    }

    @Test("a client whose requests get no answer tells its observer which action failed")
    func noAnswerIsObserved() async throws {
        let embedded = try await EmbeddedAuthority.inMemory(configuration: TenantConfiguration())
        let events = Heard<NativeAuthClientEvent>()
        let client = embedded.client(transport: Unreachable(), sleep: { _ in }, observer: { events.append($0) })

        let result = try await client.perform(
            "signIn.start", arguments: ["username": "di@contoso.com"], continuation: nil)
        #expect(result.outcome == "unexpected")
        let noAnswers = events.all.compactMap { event -> (String, String)? in
            guard case .noAnswer(let action, let description) = event else { return nil }
            return (action, description)
        }
        #expect(noAnswers.map(\.0) == ["signIn.start"])
        #expect(noAnswers.first?.1 == "No answer from the authority: connection refused", "\(noAnswers)")
        #expect(events.all.contains(.user("di@contoso.com")))
    }

    @Test("the first client with everything takes the tenant client's challenge types and capabilities")
    func firstClientWithEverything() async throws {
        let open = try await EmbeddedAuthority.inMemory(configuration: TenantConfiguration())
        #expect(open.firstClient == NativeAuthConfiguration(clientID: ClientConfiguration.defaultClientID))
        #expect(open.firstClientWithEverything.capabilities == ClientConfiguration.knownCapabilities)

        var tenant = TenantConfiguration()
        tenant.clients = [
            ClientConfiguration(clientID: "app", challengeTypes: ["oob", "redirect"], capabilities: ["mfa_required"])
        ]
        let narrow = try await EmbeddedAuthority.inMemory(configuration: tenant).firstClientWithEverything
        #expect(narrow.clientID == "app")
        #expect(narrow.challengeTypes == ["oob", "redirect"])
        #expect(narrow.capabilities == ["mfa_required"])
    }
}
