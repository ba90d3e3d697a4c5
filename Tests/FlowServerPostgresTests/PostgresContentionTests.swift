import FlowModel
import FlowServerPostgres
import Foundation
import NativeAuthEmulator
import NativeAuthTenant
import NativeAuthWire
import TestSupport
import Testing

/// Many requests at once on two instances: contention in PostgreSQL is retried, never answered as an error,
/// and limits that span flows (the resend interval of a recipient) hold across instances.
extension PostgresStoreTests {
    @Test("sixteen sign-ups at once over two instances all complete: collisions are run again, never answered 500")
    func concurrentSignUpsComplete() async throws {
        try await ScratchPostgres.with { scratch in
            let one = try await SharedDatabase(address: try scratch.address, logger: Self.logger)
            let two = try await SharedDatabase(address: try scratch.address, logger: Self.logger)
            let instances = [one, two].map { NativeAuthEmulator(configuration: .testing(), store: $0.emulatorStore) }
            for round in 0..<3 {
                let outcomes = await withTaskGroup(of: String.self) { group in
                    for index in 0..<16 {
                        group.addTask {
                            await Self.signUp(
                                "crowd\(round)-\(index)@contoso.com", on: instances, startingAt: index % 2)
                        }
                    }
                    return await group.reduce(into: []) { $0.append($1) }
                }
                #expect(outcomes.filter { $0 != "signed up" } == [], "round \(round)")
            }
            await one.close()
            await two.close()
        }
    }

    @Test("two flows that would send a code to one address at once on two instances: one sends, one is too soon")
    func resendIntervalAcrossInstances() async throws {
        try await ScratchPostgres.with { scratch in
            let one = try await SharedDatabase(address: try scratch.address, logger: Self.logger)
            let two = try await SharedDatabase(address: try scratch.address, logger: Self.logger)
            var configuration = TenantConfiguration.testing()
            configuration.codes.resendInterval = 60
            let instances = [one, two].map { NativeAuthEmulator(configuration: configuration, store: $0.emulatorStore) }
            for round in 0..<6 {
                let started = [
                    await instances[0].send(
                        .signUpStart, ["username": "twice\(round)@contoso.com", "challenge_type": "oob redirect"]),
                    await instances[1].send(
                        .signUpStart, ["username": "TWICE\(round)@contoso.com", "challenge_type": "oob redirect"]),
                ]
                let tokens = try started.map { try $0.continuationToken() }
                async let first = instances[0].send(.signUpChallenge, ["continuation_token": tokens[0]])
                async let second = instances[1].send(.signUpChallenge, ["continuation_token": tokens[1]])
                let answers = await [first, second]
                #expect(answers.map(\.status).sorted() == [200, 400], "round \(round): \(answers)")
                let codes = try await instances[0].outbox(to: "twice\(round)@contoso.com", limit: 10)
                #expect(codes.count == 1, "round \(round)")
            }
            await one.close()
            await two.close()
        }
    }

    /// One email-code sign-up whose calls alternate between `instances`; "signed up", or the first answer
    /// that was not 200.
    private static func signUp(_ username: String, on instances: [NativeAuthEmulator], startingAt first: Int) async
        -> String
    {
        func instance(_ step: Int) -> NativeAuthEmulator { instances[(first + step) % instances.count] }
        let started = await instance(0).send(
            .signUpStart, ["username": username, "challenge_type": "oob redirect"])
        guard started.status == 200, let token = started.body?["continuation_token"]?.stringValue else {
            return "start: \(started.status) \(started.body?["error"]?.stringValue ?? "")"
        }
        let challenged = await instance(1).send(.signUpChallenge, ["continuation_token": token])
        guard challenged.status == 200, let token = challenged.body?["continuation_token"]?.stringValue,
            let code = try? await instance(0).outbox(to: username, limit: 1).first?.code
        else { return "challenge: \(challenged.status) \(challenged.body?["error"]?.stringValue ?? "")" }
        let verified = await instance(2).send(
            .signUpContinue, ["continuation_token": token, "grant_type": "oob", "oob": code])
        guard verified.status == 200, let token = verified.body?["continuation_token"]?.stringValue else {
            return "continue: \(verified.status) \(verified.body?["error"]?.stringValue ?? "")"
        }
        let granted = await instance(3).send(
            .token,
            [
                "continuation_token": token, "grant_type": "continuation_token", "username": username,
                "scope": "openid offline_access",
            ])
        return granted.status == 200
            ? "signed up" : "token: \(granted.status) \(granted.body?["error"]?.stringValue ?? "")"
    }
}
