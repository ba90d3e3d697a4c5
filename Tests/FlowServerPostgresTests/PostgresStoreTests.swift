import FlowModel
import FlowServerPostgres
import FlowrunFoundation
import Foundation
import Logging
import NativeAuthEmulator
import NativeAuthWire
import TestSupport
import Testing

/// The PostgreSQL store against a real server (``ScratchPostgres``): it behaves as the SQLite store does, two
/// "instances" (two connections pools on one database) share one state, a code or token is accepted once however
/// many instances it is presented to at once, and a database that goes away makes answers 503 until it comes
/// back.
@Suite("PostgreSQL store", .serialized, .enabled(if: ScratchPostgres.required))
struct PostgresStoreTests {
    static let logger = Logger(label: "flowrun.tests.postgres")

    private static func open(_ scratch: ScratchPostgres) async throws -> SharedDatabase {
        try await SharedDatabase(address: try scratch.address, logger: logger)
    }

    @Test("the same walk through every endpoint gives the same transcript on PostgreSQL as on SQLite")
    func sameTranscriptAsSQLite() async throws {
        let sqlite = try await StoreWalk(store: .inMemory()).run()
        let postgres = try await ScratchPostgres.with { scratch in
            let database = try await Self.open(scratch)
            defer { Task { await database.close() } }
            return try await StoreWalk(store: database.emulatorStore).run()
        }
        #expect(sqlite.count > 30)
        #expect(sqlite.contains { $0.hasPrefix("while locked token: 400") })
        for (index, line) in sqlite.enumerated() {
            #expect(index < postgres.count && postgres[index] == line, "line \(index)")
        }
        #expect(postgres.count == sqlite.count)
    }

    @Test("servers starting together migrate once; each sees the schema ready")
    func concurrentMigrations() async throws {
        try await ScratchPostgres.with { scratch in
            let opened = try await withThrowingTaskGroup(of: SharedDatabase.self) { group in
                for _ in 0..<4 { group.addTask { try await Self.open(scratch) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(opened.count == 4)
            for database in opened {
                try await database.emulatorStore.checkReady()
                await database.close()
            }
        }
    }

    @Test("a code presented to two instances at once is accepted by exactly one")
    func codeAcceptedOnce() async throws {
        try await ScratchPostgres.with { scratch in
            let one = try await Self.open(scratch)
            let two = try await Self.open(scratch)
            let instances = [one, two].map { NativeAuthEmulator(configuration: .testing(), store: $0.emulatorStore) }
            for round in 0..<6 {
                let username = "race\(round)@contoso.com"
                let started = await instances[0].send(
                    .signUpStart, ["username": username, "challenge_type": "oob password redirect"])
                let challenged = await instances[1].send(
                    .signUpChallenge, ["continuation_token": try started.continuationToken()])
                let code = try #require(try await instances[0].outbox(to: username, limit: 1).first).code
                let parameters = [
                    "continuation_token": try challenged.continuationToken(), "grant_type": "oob", "oob": code,
                ]
                async let first = instances[0].send(.signUpContinue, parameters)
                async let second = instances[1].send(.signUpContinue, parameters)
                let statuses = await [first.status, second.status].sorted()
                #expect(statuses == [200, 400], "round \(round)")
            }
            await one.close()
            await two.close()
        }
    }

    @Test("a refresh token presented to two instances at once is redeemed by exactly one")
    func refreshTokenRedeemedOnce() async throws {
        try await ScratchPostgres.with { scratch in
            let one = try await Self.open(scratch)
            let two = try await Self.open(scratch)
            let instances = [one, two].map { NativeAuthEmulator(configuration: .testing(), store: $0.emulatorStore) }
            try await one.emulatorStore.addUser(
                UserSeed(username: "rt@contoso.com", password: strongPassword), hashIterations: 1_000)
            for round in 0..<6 {
                let initiated = await instances[round % 2].send(
                    .signInInitiate, ["username": "rt@contoso.com", "challenge_type": "oob password redirect"])
                let challenged = await instances[1 - round % 2].send(
                    .signInChallenge, ["continuation_token": try initiated.continuationToken()])
                let granted = await instances[round % 2].send(
                    .token,
                    [
                        "continuation_token": try challenged.continuationToken(), "grant_type": "password",
                        "username": "rt@contoso.com", "password": strongPassword, "scope": "openid offline_access",
                    ])
                let refresh = try #require(granted.body?["refresh_token"]?.stringValue, "\(granted)")
                let parameters = ["grant_type": "refresh_token", "refresh_token": refresh]
                async let first = instances[0].send(.token, parameters)
                async let second = instances[1].send(.token, parameters)
                let statuses = await [first.status, second.status].sorted()
                #expect(statuses == [200, 400], "round \(round)")
            }
            await one.close()
            await two.close()
        }
    }

    @Test("while the database is down answers are 503 and readiness fails; when it is back, both recover")
    func outageAndRecovery() async throws {
        try await ScratchPostgres.with { scratch in
            let database = try await Self.open(scratch)
            let emulator = NativeAuthEmulator(configuration: .testing(), store: database.emulatorStore)
            let failures = Locked<[StoreFailure]>([])
            database.emulatorStore.reportFailures { failure in failures.withLock { $0.append(failure) } }
            let parameters = ["username": "up@contoso.com", "challenge_type": "oob password redirect"]
            #expect(await emulator.send(.signUpStart, parameters).status == 200)
            #expect(failures.withLock { $0 }.isEmpty)
            try scratch.stop()
            let down = await emulator.send(.signUpStart, parameters)
            #expect(down.status == 503)
            #expect(down.body?["error"]?.stringValue == "temporarily_unavailable")
            #expect(down.headers["retry-after"] == "1")
            #expect(failures.withLock { $0 }.first == .unavailable)
            let unready = await #expect(throws: StoreUnavailable.self) {
                try await database.emulatorStore.checkReady()
            }
            let reason = unready?.description ?? ""
            #expect(reason.contains("cannot connect to \(try scratch.address)"), "\(reason)")
            #expect(reason.lowercased().contains("connection refused"), "\(reason)")
            try scratch.start()
            try await database.emulatorStore.checkReady()
            #expect(await emulator.send(.signUpStart, parameters).status == 200)
            await database.close()
        }
    }

    @Test("a server that cannot be reached is StoreUnavailable at open, naming the address without the password")
    func unreachableAtOpen() async throws {
        guard case .postgres(let address) = try DatabaseURL("postgres://flowrun:hunter2@127.0.0.1:1/flowrun") else {
            Issue.record("not a postgres URL")
            return
        }
        do {
            _ = try await SharedDatabase(address: address, logger: Self.logger)
            Issue.record("opened a database on port 1")
        } catch let error as StoreUnavailable {
            #expect(error.description.contains("postgres://flowrun:***@127.0.0.1:1/flowrun"), "\(error)")
            #expect(!error.description.contains("hunter2"))
        }
    }
}

extension NativeAuthEmulator {
    /// Sends a request of the default client.
    func send(_ endpoint: NativeAuthEndpoint, _ parameters: [String: String]) async -> WireResponse {
        var parameters = parameters
        parameters["client_id"] = clientID
        return await handle(WireRequest(endpoint: endpoint, parameters: parameters))
    }
}

extension WireResponse {
    func continuationToken() throws -> String {
        try #require(body?["continuation_token"]?.stringValue, "no continuation token in \(self)")
    }
}
