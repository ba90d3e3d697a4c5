import FlowrunFoundation
import Foundation
import NativeAuth
import NativeAuthEmulator
import NativeAuthWire
import TestSupport
import Testing

@Suite("Store")
struct StoreTests {
    private func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("flowrun-emulator-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("a user signed up through one store is found by a new store on the same directory")
    func persistence() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            let harness = try Harness(store: try EmulatorStore(directory: directory))
            try await harness.signUp("ann@contoso.com", password: strongPassword)
        }
        let reopened = try Harness(store: try EmulatorStore(directory: directory))
        #expect(try await reopened.emulator.store.user(named: "ann@contoso.com")?.hasPassword == true)
        #expect(try await reopened.signIn("ann@contoso.com", password: strongPassword).status == 200)
        #expect(try await reopened.emulator.store.users().map(\.username) == ["ann@contoso.com"])
    }

    @Test("the database file is created with mode 0600")
    func fileMode() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try EmulatorStore(directory: directory + "/nested")
        let path = try #require(store.path)
        #expect(path.hasSuffix("/nested/authority.sqlite"))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let mode = try #require(attributes[.posixPermissions] as? NSNumber)
        #expect(mode.intValue & 0o777 == 0o600)
    }

    @Test("the outbox lists codes newest first, filtered by recipient")
    func outbox() async throws {
        let harness = try Harness()
        for name in ["a@contoso.com", "b@contoso.com", "a@contoso.com"] {
            let started = await harness.send(.signUpStart, ["username": name, "challenge_type": "oob redirect"])
            _ = await harness.send(.signUpChallenge, ["continuation_token": try started.token()])
            harness.clock.advance(1)
        }
        let all = try await harness.emulator.outbox()
        #expect(all.map(\.to) == ["a@contoso.com", "b@contoso.com", "a@contoso.com"])
        #expect(all.first?.sentAt ?? .distantPast > all.last?.sentAt ?? .distantFuture)
        #expect(try await harness.emulator.outbox(to: "A@contoso.com").count == 2)
        #expect(try await harness.emulator.outbox(limit: 1).count == 1)
    }

    @Test("deleting a user makes sign-in fail with user_not_found")
    func deleteUser() async throws {
        let harness = try Harness()
        try await harness.signUp("dee@contoso.com", password: strongPassword)
        #expect(try await harness.emulator.store.deleteUser(named: "dee@contoso.com"))
        let answer = await harness.send(
            .signInInitiate, ["username": "dee@contoso.com", "challenge_type": "password redirect"])
        #expect(answer.error == "user_not_found")
    }

    @Test("two sign-ups of the same username finishing at once create exactly one user")
    func atomicCreation() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let harness = try Harness(store: try EmulatorStore(directory: directory))
        var pending: [(token: String, code: String)] = []
        for _ in 0..<2 {
            let started = await harness.send(
                .signUpStart, ["username": "gus@contoso.com", "challenge_type": "oob redirect"])
            let challenged = await harness.send(.signUpChallenge, ["continuation_token": try started.token()])
            pending.append((try challenged.token(), try await harness.code(to: "gus@contoso.com")))
        }
        let answers = await withTaskGroup(of: WireResponse.self) { group in
            for (token, code) in pending {
                group.addTask {
                    await harness.send(
                        .signUpContinue, ["continuation_token": token, "grant_type": "oob", "oob": code])
                }
            }
            var answers: [WireResponse] = []
            for await answer in group { answers.append(answer) }
            return answers
        }
        #expect(answers.filter { $0.status == 200 }.count == 1)
        #expect(answers.filter { $0.error == "user_already_exists" }.count == 1)
        #expect(try await harness.emulator.store.users().count == 1)
    }

    @Test("the store's failure observer is called at the same depth however many failures came before")
    func failureObserverDepthStaysTheSame() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-depth-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try EmulatorStore(directory: folder.path)
        let depths = Locked<[Int]>([])
        store.reportFailures { _ in depths.withLock { $0.append(Thread.callStackReturnAddresses.count) } }
        for name in ["authority.sqlite-wal", "authority.sqlite-shm"] {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
        try Data(repeating: 0x41, count: 8192).write(to: folder.appendingPathComponent("authority.sqlite"))
        for _ in 0..<300 { _ = try? await store.checkReady() }
        let seen = depths.withLock { $0 }
        #expect(seen.count == 300)
        // A thunk more per earlier call made the depth grow by two frames a failure; a few frames either way are
        // the threads the failures were reported on.
        let spread = (seen.max() ?? 0) - (seen.min() ?? 0)
        #expect(spread < 16, "depths from \(seen.min() ?? 0) to \(seen.max() ?? 0)")
    }
}
