import FlowrunFoundation
import Foundation
import NativeAuth
import NativeAuthTenant
import TestSupport
import Testing

@testable import NativeAuthEmulator

/// Password hashing (PBKDF2) ran for requests that would be refused, and
/// without bound on how many ran at once.
@Suite("Cheap checks before hashing")
struct CheapCheckTests {
    private func prepared(_ parameters: [String: String]) async throws -> PrecomputedWork {
        let configuration = TenantConfiguration.testing()
        let context = RequestContext(
            endpoint: .signUpStart, parameters: parameters, configuration: configuration,
            client: configuration.clients[0], now: Date())
        let tokens = ContinuationTokens(secret: Data(repeating: 7, count: 32))
        return await PrecomputedWork.make(for: context, tokens: tokens, store: try EmulatorStore.inMemory())
    }

    @Test("a sign-up start that will be refused is not hashed; a good one is")
    func refusedRequestsAreNotHashed() async throws {
        let base = ["client_id": clientID, "username": "ph@contoso.com", "password": strongPassword]
        let refused: [[String: String]] = [
            base,
            base.merging(["challenge_type": "oob password"]) { $1 },
            base.merging(["challenge_type": "password redirect"]) { $1 },
            base.merging(["challenge_type": "oob password redirect", "attributes": "not json"]) { $1 },
        ]
        for parameters in refused {
            #expect(try await prepared(parameters).hashed == nil, "\(parameters)")
        }
        let good = base.merging(["challenge_type": "oob password redirect"]) { $1 }
        #expect(try await prepared(good).hashed != nil)
    }

    @Test("at most one hash per processor runs at once")
    func hashingIsBounded() async {
        let running = Concurrency()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<24 {
                group.addTask {
                    await SlowWork.run {
                        running.enter()
                        _ = try? PasswordHasher.hash("Blue-Sky-Ladder-42", iterations: 20_000)
                        running.leave()
                    }
                }
            }
        }
        let most = running.most
        #expect(most >= 1)
        #expect(most <= ProcessInfo.processInfo.activeProcessorCount)
    }
}

/// How many pieces of work run at once, and the most that ever did.
final class Concurrency: Sendable {
    private let state = Locked((now: 0, most: 0))

    var most: Int { state.withLock { $0.most } }

    func enter() {
        state.withLock {
            $0.now += 1
            $0.most = max($0.most, $0.now)
        }
    }

    func leave() {
        state.withLock { $0.now -= 1 }
    }
}
