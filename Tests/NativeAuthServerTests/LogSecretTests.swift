import AsyncHTTPClient
import FlowEngine
import FlowrunFoundation
import Foundation
import Logging
import NIOCore
import NativeAuth
import NativeAuthEmulator
import NativeAuthWire
import TestSupport
import Testing

/// No secret in any log line at any level: the server (its access log and Hummingbird's own lines) and the HTTP
/// client (AsyncHTTPClient's request and connection-pool lines) log at `.trace` into captures while a user signs
/// up with a password, signs in (after a wrong password), and refreshes a token (and reuses the old one); every
/// password, code, continuation token and access, ID and refresh token of the run is then looked for in every
/// line. (The transport's own debug line is `TransportTests.logsAtDebugWithoutBodiesParametersOrTokens`.)
@Suite("No secret in log lines")
struct LogSecretTests {
    static let username = "logged@contoso.com"
    static let wrongPassword = "Planted-Wrong-Pass-93"

    @Test("sign-up with a password, sign-in and a refresh over HTTP log no password, code or token at trace level")
    func fullFlowAtTraceLevel() async throws {
        let clientLogs = LogCapture()
        let client = HTTPClient(
            eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: HTTPClient.Configuration(),
            backgroundActivityLogger: clientLogs.logger())
        let run = SecretRun(client: client, logger: clientLogs.logger())
        do {
            try await TestServer.with { server in
                try await run.signUpSignInAndRefresh(server)
                let serverLines = server.logs.all
                let clientLines = clientLogs.all
                let requests = serverLines.filter { $0.contains(" request ") }
                #expect(requests.count == run.requests, "one access-log line per request: \(serverLines)")
                #expect(!clientLines.isEmpty, "the client logged nothing at trace level")
                #expect(run.secrets.count >= 12, "the run involved secrets: \(run.secrets.count)")
                for line in serverLines + clientLines {
                    for secret in run.secrets where line.contains(secret) {
                        Issue.record("a log line contains a secret (\(secret.prefix(4))…): \(line)")
                    }
                }
            }
        } catch {
            try await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }
}

/// The calls of the run, made with a logging client, and every secret they involved.
private final class SecretRun: Sendable {
    let client: HTTPClient
    let logger: Logger
    private let state = Locked<(secrets: Set<String>, requests: Int)>(([], 0))

    init(client: HTTPClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    var secrets: Set<String> { state.withLock { $0.secrets } }
    var requests: Int { state.withLock { $0.requests } }

    func plant(_ secret: String?) {
        guard let secret, !secret.isEmpty else { return }
        state.withLock { _ = $0.secrets.insert(secret) }
    }

    /// Posts a form to an endpoint with the logging client; records every token in the answer as a secret.
    func call(_ server: TestServer, _ endpoint: NativeAuthEndpoint, _ parameters: [String: String]) async throws
        -> HTTPAnswer
    {
        var parameters = parameters
        parameters["client_id"] = clientID
        for name in ["password", "oob", "continuation_token", "refresh_token", "new_password"] {
            plant(parameters[name])
        }
        var request = HTTPClientRequest(url: server.authority + endpoint.path)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: FormBody.encode(parameters)))
        let response = try await client.execute(request, timeout: TestHTTP.patience, logger: logger)
        let body = try await response.body.collect(upTo: 1 << 20)
        let answer = HTTPAnswer(
            status: Int(response.status.code), headers: response.headers.map { (name: $0.name, value: $0.value) },
            data: Data(body.readableBytesView))
        state.withLock { $0.requests += 1 }
        for name in ["continuation_token", "access_token", "id_token", "refresh_token"] {
            plant(answer.string(name))
        }
        return answer
    }

    func signUpSignInAndRefresh(_ server: TestServer) async throws {
        let username = LogSecretTests.username
        plant(strongPassword)
        plant(LogSecretTests.wrongPassword)

        let started = try await call(
            server, .signUpStart,
            ["username": username, "password": strongPassword, "challenge_type": "oob password redirect"])
        let challenged = try await call(server, .signUpChallenge, ["continuation_token": try started.token()])
        try #require(challenged.string("challenge_type") == "oob", "\(challenged)")
        let code = try #require(try await server.emulator.outbox(to: username, limit: 1).first?.code)
        plant(code)
        let wrongCode = code == "00000000" ? "11111111" : "00000000"
        let refused = try await call(
            server, .signUpContinue,
            ["continuation_token": try challenged.token(), "grant_type": "oob", "oob": wrongCode])
        #expect(refused.error == "invalid_grant", "\(refused)")
        let verified = try await call(
            server, .signUpContinue, ["continuation_token": try challenged.token(), "grant_type": "oob", "oob": code])
        try #require(verified.status == 200, "\(verified)")
        let signedUp = try await call(
            server, .token,
            [
                "continuation_token": try verified.token(), "grant_type": "continuation_token", "username": username,
                "scope": "openid profile offline_access",
            ])
        try #require(signedUp.string("access_token") != nil, "\(signedUp)")

        let initiated = try await call(
            server, .signInInitiate, ["username": username, "challenge_type": "oob password redirect"])
        let passwordChallenge = try await call(
            server, .signInChallenge, ["continuation_token": try initiated.token()])
        try #require(passwordChallenge.string("challenge_type") == "password", "\(passwordChallenge)")
        let wrong = try await call(
            server, .token,
            [
                "continuation_token": try passwordChallenge.token(), "grant_type": "password",
                "password": LogSecretTests.wrongPassword,
            ])
        #expect(wrong.errorCodes == [50126], "\(wrong)")
        let signedIn = try await call(
            server, .token,
            [
                "continuation_token": try passwordChallenge.token(), "grant_type": "password",
                "password": strongPassword, "scope": "openid profile offline_access", "client_info": "true",
            ])
        let refreshToken = try #require(signedIn.string("refresh_token"), "\(signedIn)")

        let refreshed = try await call(
            server, .token, ["grant_type": "refresh_token", "refresh_token": refreshToken])
        #expect(refreshed.string("refresh_token") != nil, "\(refreshed)")
        let reused = try await call(server, .token, ["grant_type": "refresh_token", "refresh_token": refreshToken])
        #expect(reused.errorCodes == [70000], "\(reused)")
    }
}
