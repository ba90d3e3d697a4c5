import FlowrunFoundation
import Foundation
import NativeAuthEmulator
import NativeAuthTenant
import NativeAuthWire
import TestSupport
import Testing

extension Harness {
    init(emulator: NativeAuthEmulator, clock: TestClock) {
        self.emulator = emulator
        self.clock = clock
    }
}

@Suite("Codes delivered to an observer")
struct CodeDeliveryTests {
    /// Starts a sign-up and asks for a code; returns the challenge's continuation token.
    private func challenge(_ harness: Harness, _ username: String) async throws -> String {
        let started = await harness.send(.signUpStart, ["username": username, "challenge_type": "oob redirect"])
        return try await harness.send(.signUpChallenge, ["continuation_token": try started.token()]).token()
    }

    private func submit(_ harness: Harness, _ token: String, _ code: String) async -> WireResponse {
        await harness.send(.signUpContinue, ["continuation_token": token, "grant_type": "oob", "oob": code])
    }

    @Test("each code sent reaches the observer before the answer, as the outbox shows it, and verifies")
    func delivered() async throws {
        let harness = try Harness()
        let delivered = Locked<[OutboxMessage]>([])
        harness.emulator.deliverCodes { message in delivered.withLock { $0.append(message) } }
        let token = try await challenge(harness, "ann@contoso.com")
        let message = try #require(delivered.withLock { $0.first })
        #expect(delivered.withLock { $0.count } == 1)
        #expect(try await harness.emulator.outbox(to: "ann@contoso.com") == [message])
        #expect(message.purpose == .signUp)
        #expect(await submit(harness, token, message.code).status == 200)
    }

    @Test("with codes stored only as digests, the observer still gets the code in clear, and it verifies")
    func deliveredWhenNotReadable() async throws {
        let clock = TestClock()
        let emulator = NativeAuthEmulator(
            configuration: .testing(), store: try EmulatorStore.inMemory(), now: { clock.now }, codesReadable: false)
        let harness = Harness(emulator: emulator, clock: clock)
        let delivered = Locked<[OutboxMessage]>([])
        emulator.deliverCodes { message in delivered.withLock { $0.append(message) } }
        let token = try await challenge(harness, "bo@contoso.com")
        #expect(try await emulator.outbox(to: "bo@contoso.com").isEmpty)
        let code = try #require(delivered.withLock { $0.first?.code })
        let digitsOnly = code.allSatisfy { $0.isNumber }
        #expect(digitsOnly, "a code, not a digest")
        #expect(await submit(harness, token, code).status == 200)
    }

    @Test("a refused send delivers nothing; a copy issuing under another URL shares the observer; nil removes it")
    func refusedCopiedAndRemoved() async throws {
        let harness = try Harness(.testing { $0.codes.resendInterval = 60 })
        let delivered = Locked<[OutboxMessage]>([])
        harness.emulator.deliverCodes { message in delivered.withLock { $0.append(message) } }
        let token = try await challenge(harness, "cy@contoso.com")
        let resend = await harness.send(.signUpChallenge, ["continuation_token": token])
        #expect(resend.errorCodes == [550026], "\(resend)")
        #expect(delivered.withLock { $0.count } == 1)

        let copy = Harness(emulator: harness.emulator.issuing(under: "https://login.example"), clock: harness.clock)
        _ = try await challenge(copy, "di@contoso.com")
        #expect(delivered.withLock { $0.map(\.to) } == ["cy@contoso.com", "di@contoso.com"])

        harness.emulator.deliverCodes(to: nil)
        _ = try await challenge(harness, "ed@contoso.com")
        #expect(delivered.withLock { $0.count } == 2)
        #expect(try await harness.emulator.outbox(to: "ed@contoso.com").count == 1)
    }
}
