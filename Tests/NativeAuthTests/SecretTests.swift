import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation
import NativeAuth
import NativeAuthWire
import Testing

/// A transport that fails with an error repeating everything it was sent.
private struct EchoingFailureTransport: Transport {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func send(_ request: WireRequest) async throws -> WireResponse {
        throw Failure(description: "cannot send \(request.parameters.sorted { $0.key < $1.key })")
    }
}

/// A server that repeats every parameter in its error descriptions.
private actor EchoingServer: Transport {
    let error: String

    init(error: String = "invalid_request") {
        self.error = error
    }

    func send(_ request: WireRequest) async throws -> WireResponse {
        let echo = request.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        return .error(WireError(error: error, description: "AADSTS90100: bad request: \(echo)", codes: [90100]))
    }
}

@Suite struct SecretTests {
    private func client(_ transport: any Transport, account: CachedAccount? = nil) -> NativeAuthClient {
        NativeAuthClient(
            configuration: .test, transport: transport, accounts: MemoryAccountStore(account: account),
            catalog: nativeAuthCatalog, now: { fixedNow }, sleep: { _ in })
    }

    private func expectNoSecrets(_ result: ActionResult, sourceLocation: SourceLocation = #_sourceLocation) {
        let texts =
            result.data.values.map(\.description) + (result.continuation?.fields.values.map { $0 } ?? [])
            + (result.continuation?.fields.keys.map { $0 } ?? [])
        for secret in plantedSecrets {
            #expect(
                !texts.contains { $0.contains(secret) }, "leaked in \(result.outcome)", sourceLocation: sourceLocation)
        }
    }

    /// Each action with a secret parameter, its argument and a continuation it can run in.
    static let secretCalls: [(String, [String: Value], [String: String]?)] = [
        ("signUp.start", ["username": "ann@contoso.com", "password": .string(plantedPassword)], nil),
        ("signUp.submitCode", ["code": .string(plantedCode)], flowState("signup", "code", token: "ct")),
        ("signUp.submitPassword", ["password": .string(plantedPassword)], flowState("signup", "password", token: "ct")),
        ("signIn.start", ["username": "ann@contoso.com", "password": .string(plantedPassword)], nil),
        ("signIn.submitCode", ["code": .string(plantedCode)], flowState("signin", "code", token: "ct")),
        ("signIn.submitPassword", ["password": .string(plantedPassword)], flowState("signin", "password", token: "ct")),
        ("resetPassword.submitCode", ["code": .string(plantedCode)], flowState("resetpassword", "code", token: "ct")),
        (
            "resetPassword.submitPassword", ["password": .string(plantedPassword)],
            flowState("resetpassword", "password", token: "ct")
        ),
        ("mfa.submitCode", ["code": .string(plantedCode)], flowState("mfa", "code", token: "ct")),
        ("registration.submitCode", ["code": .string(plantedCode)], flowState("register", "code", token: "ct")),
    ]

    @Test func serverEchoesAreRedacted() async throws {
        for (action, arguments, state) in Self.secretCalls {
            for transport in [EchoingServer() as any Transport, EchoingFailureTransport()] {
                let result = try await client(transport).perform(
                    action, arguments: arguments, continuation: state.map { AuthorityContinuation($0) })
                #expect(result.outcome == "unexpected", "\(action)")
                expectNoSecrets(result)
                if action != "signIn.start" {  // its password goes only to /token, after initiate failed
                    #expect(result.data["errorDescription"]?.description.contains("[redacted]") == true, "\(action)")
                }
            }
        }
    }

    @Test func echoedRefreshTokenIsRedacted() async throws {
        let result = try await client(EchoingServer(error: "invalid_grant"), account: Canned.account()).perform(
            "token.get", arguments: ["forceRefresh": true], continuation: nil)
        #expect(result.outcome == "unexpected")
        expectNoSecrets(result)
    }

    @Test func signInOutcomesHoldNoTokens() async throws {
        let transport = CannedTransport([
            .signInInitiate: [Canned.token("ct-init")], .signInChallenge: [Canned.passwordChallenge("ct-pw")],
            .token: [Canned.tokens()],
        ])
        let result = try await client(transport).perform(
            "signIn.start", arguments: ["username": "ann@contoso.com", "password": .string(plantedPassword)],
            continuation: nil)
        #expect(result.outcome == "completed")
        expectNoSecrets(result)
        #expect(!result.data.description.contains(Canned.idToken()))
    }

    @Test func tokenGetReturnsOnlyItsDeclaredSecrets() async throws {
        let result = try await client(CannedTransport(), account: Canned.account()).perform(
            "token.get", arguments: [:], continuation: nil)
        #expect(result.data["accessToken"] == .string(plantedAccessToken))
        #expect(result.data["refreshToken"] == "")
        #expect(result.continuation == nil)
    }

    @Test func accountDescriptionsHideTokens() {
        let account = Canned.account()
        for text in [account.description, account.debugDescription, String(describing: account), "\(account)"] {
            #expect(!text.contains(plantedAccessToken))
            #expect(!text.contains(plantedRefreshToken))
        }
    }
}
