import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation
import NIOSSL
import NativeAuth
import NativeAuthEmulator
import NativeAuthServer
import NativeAuthTenant
import TestSupport
import Testing

/// The proofs of the adversarial review, replayed through the real HTTP server: each failed before its fix.
/// docs/security.md lists the protections.
@Suite("Security regressions (server)")
struct SecurityRegressionTests {
    static let newPassword = "New-Harbor-Light-88"

    // MARK: a password reset skipped MFA

    /// Reset (start → challenge → code → submit → poll) then the continuation grant, for a user with a second
    /// factor; answers tokens only after that factor.
    private func resetThenContinuationGrant(_ server: TestServer, _ username: String) async throws -> HTTPAnswer {
        let capabilities = "mfa_required registration_required"
        let started = try await server.call(
            .resetPasswordStart,
            ["username": username, "challenge_type": "oob password redirect", "capabilities": capabilities])
        let challenged = try await server.call(.resetPasswordChallenge, ["continuation_token": try started.token()])
        let code = try await server.code(to: username)
        let verified = try await server.call(
            .resetPasswordContinue, ["continuation_token": try challenged.token(), "grant_type": "oob", "oob": code])
        let submitted = try await server.call(
            .resetPasswordSubmit, ["continuation_token": try verified.token(), "new_password": Self.newPassword])
        let done = try await server.call(.resetPasswordPollCompletion, ["continuation_token": try submitted.token()])
        try #require(done.string("status") == "succeeded", "\(done)")
        return try await server.call(
            .token,
            [
                "continuation_token": try done.token(), "grant_type": "continuation_token", "username": username,
                "scope": "openid offline_access",
            ])
    }

    @Test("after a password reset, a user with an SMS factor gets mfa_required, never tokens")
    func resetDoesNotSkipMFA() async throws {
        let configuration = TenantConfiguration.testing {
            $0.mfa.required = true
            $0.registration.required = true
        }
        try await TestServer.with(configuration) { server in
            try await server.emulator.store.addUser(
                UserSeed(username: "mo@contoso.com", password: strongPassword, methods: ["sms:+15555550100"]),
                hashIterations: 1000)
            let signIn = try await server.signIn("mo@contoso.com", capabilities: "mfa_required registration_required")
            #expect(signIn.string("suberror") == "mfa_required", "\(signIn)")
            let granted = try await resetThenContinuationGrant(server, "mo@contoso.com")
            #expect(granted.status == 400, "\(granted)")
            #expect(granted.string("suberror") == "mfa_required", "\(granted)")
            #expect(granted.string("access_token") == nil)
            #expect(granted.string("continuation_token") != nil)
        }
    }

    // MARK: unlimited password guessing

    @Test("the 11th password on one token is 50053 locked for 60 s, whatever it is; then it works")
    func passwordLockout() async throws {
        try await TestServer.with { server in
            try await server.signUp("li@contoso.com")
            let challenged = try await server.signInChallenge("li@contoso.com")
            let token = try challenged.token()
            func submit(_ password: String) async throws -> HTTPAnswer {
                try await server.call(
                    .token,
                    [
                        "continuation_token": token, "grant_type": "password", "username": "li@contoso.com",
                        "password": password,
                    ])
            }
            for attempt in 1...10 {
                let wrong = try await submit("Wrong-Guess-\(attempt)x")
                #expect(wrong.errorCodes == [50126], "attempt \(attempt): \(wrong)")
            }
            let locked = try await submit(strongPassword)
            #expect(locked.error == "invalid_grant", "\(locked)")
            #expect(locked.errorCodes == [50053], "\(locked)")
            #expect(locked.string("suberror") == nil)
            #expect(locked.header("retry-after") == "60")
            // A new flow does not unlock it.
            let again = try await server.signIn("li@contoso.com")
            #expect(again.errorCodes == [50053], "\(again)")
            server.clock.advance(61)
            // The same token is still usable for the retry, and the right password now signs in.
            let signedIn = try await submit(strongPassword)
            #expect(signedIn.status == 200, "\(signedIn)")
            #expect(signedIn.string("access_token") != nil)
        }
    }

    @Test("each further lockout lasts twice as long (60 s, then 120 s)")
    func lockoutGrows() async throws {
        try await TestServer.with { server in
            try await server.signUp("gr@contoso.com")
            for expected in ["60", "120"] {
                for _ in 1...10 {
                    let wrong = try await server.signIn("gr@contoso.com", password: "Wrong-Guess-99x")
                    #expect(wrong.errorCodes == [50126], "\(wrong)")
                }
                let locked = try await server.signIn("gr@contoso.com", password: "Wrong-Guess-99x")
                #expect(locked.errorCodes == [50053], "\(locked)")
                #expect(locked.header("retry-after") == expected, "\(locked)")
                server.clock.advance(Double(expected)! + 1)
            }
        }
    }

    // MARK: the code-attempt limit reset on resend or in a new flow

    @Test("wrong codes count per user across resends and flows: 4 wrong, resend, … locks at 10")
    func codeFailuresCountAcrossResends() async throws {
        try await TestServer.with { server in
            let challenged = try await server.signUpChallenge("co@contoso.com")
            var token = try challenged.token()
            var answers: [[Int]] = []
            for round in 0..<3 {
                for _ in 0..<(round == 2 ? 2 : 4) {
                    let wrong = try await server.call(
                        .signUpContinue, ["continuation_token": token, "grant_type": "oob", "oob": "00000000"])
                    answers.append(wrong.errorCodes)
                }
                if round < 2 {
                    let resent = try await server.call(.signUpChallenge, ["continuation_token": token])
                    token = try resent.token()
                }
            }
            #expect(answers == Array(repeating: [50181], count: 10))
            let code = try await server.code(to: "co@contoso.com")
            let locked = try await server.call(
                .signUpContinue, ["continuation_token": token, "grant_type": "oob", "oob": code])
            #expect(locked.errorCodes == [50053], "\(locked)")
            #expect(locked.header("retry-after") == "60")
            // A new flow for the same user is locked too.
            let fresh = try await server.signUpChallenge("co@contoso.com")
            let freshCode = try await server.code(to: "co@contoso.com")
            let stillLocked = try await server.call(
                .signUpContinue, ["continuation_token": try fresh.token(), "grant_type": "oob", "oob": freshCode])
            #expect(stillLocked.errorCodes == [50053], "\(stillLocked)")
            server.clock.advance(61)
            let verified = try await server.call(
                .signUpContinue, ["continuation_token": try fresh.token(), "grant_type": "oob", "oob": freshCode])
            #expect(verified.status == 200, "\(verified)")
        }
    }

    @Test("a code tried 5 times answers invalid_grant 50053 without an invented suberror")
    func codeTriedTooOften() async throws {
        try await TestServer.with { server in
            let challenged = try await server.signUpChallenge("ta@contoso.com")
            let token = try challenged.token()
            var last: HTTPAnswer?
            for _ in 1...5 {
                last = try await server.call(
                    .signUpContinue, ["continuation_token": token, "grant_type": "oob", "oob": "00000000"])
            }
            let exhausted = try #require(last)
            #expect(exhausted.error == "invalid_grant", "\(exhausted)")
            #expect(exhausted.errorCodes == [50053], "\(exhausted)")
            #expect(exhausted.string("suberror") == nil, "\(exhausted)")
            // Even the right code no longer verifies on that code; a new code does.
            let code = try await server.code(to: "ta@contoso.com")
            let refused = try await server.call(
                .signUpContinue, ["continuation_token": token, "grant_type": "oob", "oob": code])
            #expect(refused.errorCodes == [50053], "\(refused)")
            let resent = try await server.call(.signUpChallenge, ["continuation_token": token])
            let newCode = try await server.code(to: "ta@contoso.com")
            let verified = try await server.call(
                .signUpContinue, ["continuation_token": try resent.token(), "grant_type": "oob", "oob": newCode])
            #expect(verified.status == 200, "\(verified)")
        }
    }

    // MARK: a token that led to an error answer stays usable

    @Test("attributes_required with T2, then the retry with T completes the sign-up")
    func attributesRetryWithTheSameToken() async throws {
        let configuration = TenantConfiguration.testing {
            $0.signUp.requiredAttributes = [
                AttributeRequirement(name: "displayName", page: 1), AttributeRequirement(name: "city", page: 2),
            ]
        }
        try await TestServer.with(configuration) { server in
            let challenged = try await server.signUpChallenge("at@contoso.com")
            let code = try await server.code(to: "at@contoso.com")
            let verified = try await server.call(
                .signUpContinue, ["continuation_token": try challenged.token(), "grant_type": "oob", "oob": code])
            #expect(verified.error == "attributes_required", "\(verified)")
            let token = try verified.token()
            let firstPage = try await server.call(
                .signUpContinue,
                ["continuation_token": token, "grant_type": "attributes", "attributes": #"{"displayName":"Ann"}"#])
            #expect(firstPage.error == "attributes_required", "\(firstPage)")
            #expect(try firstPage.token() != token)
            // MSAL.js retries with the token it sent.
            let retried = try await server.call(
                .signUpContinue,
                ["continuation_token": token, "grant_type": "attributes", "attributes": #"{"city":"Oslo"}"#])
            #expect(retried.status == 200, "\(retried)")
            let user = try #require(try await server.emulator.store.user(named: "at@contoso.com"))
            #expect(user.attributes == ["displayName": "Ann", "city": "Oslo"])
        }
    }

    // MARK: cheap checks before hashing: CheapCheckTests in the emulator tests (they see the hashes).

    // MARK: slow and large requests

    @Test("half-sent requests are closed after the idle timeout; a real request is still served")
    func slowlorisConnectionsAreClosed() async throws {
        try await TestServer.with(idleTimeout: .seconds(1), maxConnections: 16) { server in
            let port = server.port
            let closed = try await blocking { () -> Result<[Bool], RawSocket.Failure> in
                do {
                    var sockets: [RawSocket] = []
                    for index in 0..<40 {
                        let socket = try RawSocket(port: port, timeout: 20)
                        _ = socket.send("POST /contoso/oauth2/v2.0/initiate HTTP/1.1\r\nHost: x\r\nX-Slow-\(index): ")
                        sockets.append(socket)
                    }
                    // More connections than the cap wait in the backlog; each is closed once idle, so all end.
                    return .success(sockets.map { $0.readUntilClosed().closed })
                } catch let failure as RawSocket.Failure {
                    return .failure(failure)
                } catch {
                    return .failure(RawSocket.Failure(description: "\(error)"))
                }
            }.get()
            #expect(closed.count == 40 && closed.allSatisfy { $0 }, "a half-sent request was left open: \(closed)")
            let answer = try await server.call(
                .signInInitiate, ["username": "nobody@contoso.com", "challenge_type": "oob redirect"])
            #expect(answer.error == "user_not_found", "\(answer)")
        }
    }

    @Test("an 8 MiB body with Connection: close gets its 413 and the connection closes")
    func oversizedBodyWithConnectionClose() async throws {
        try await TestServer.with { server in
            let socket = try RawSocket(port: server.port, timeout: 10)
            let size = 8 * 1024 * 1024
            let head =
                "POST /contoso/signup/v1.0/start HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(size)\r\n\r\n"
            let (sentAll, bytes, closed) = await blocking {
                let sent = socket.send(head) && socket.send([UInt8](repeating: UInt8(ascii: "a"), count: size))
                let (bytes, closed) = socket.readUntilClosed()
                return (sent, bytes, closed)
            }
            let response = String(decoding: bytes, as: UTF8.self)
            #expect(response.hasPrefix("HTTP/1.1 413"), "sent all: \(sentAll); got: \(response.prefix(200))")
            #expect(response.lowercased().contains("connection: close"))
            #expect(closed, "the server left the connection open")
        }
    }

    @Test("per-address rate limit: over it, 429 with Retry-After")
    func addressRateLimit() async throws {
        // One request per 1,000 s after a burst of 3: however slow the machine, the 4th is over the limit.
        let limit = AddressRateLimit(requestsPerSecond: 0.001, burst: 3, includesLoopback: true)
        try await TestServer.with(rateLimit: limit) { server in
            var statuses: [Int] = []
            var retryAfter: Int?
            for _ in 0..<5 {
                let answer = try await server.get("/contoso/v2.0/.well-known/openid-configuration")
                statuses.append(answer.status)
                if answer.status == 429 { retryAfter = answer.header("retry-after").flatMap { Int($0) } }
            }
            #expect(statuses == [200, 200, 200, 429, 429], "\(statuses)")
            #expect((900...1000).contains(retryAfter ?? 0), "\(String(describing: retryAfter))")
        }
    }

    // MARK: the Host header wrote the discovery document

    @Test("Host: evil.example:443 leaves every URL of the discovery document unchanged")
    func hostHeaderDoesNotWriteDiscovery() async throws {
        try await TestServer.with { server in
            let path = "/contoso/v2.0/.well-known/openid-configuration"
            let plain = try await server.get(path)
            let socket = try RawSocket(port: server.port, timeout: 10)
            let (bytes, _) = await blocking {
                _ = socket.send("GET \(path) HTTP/1.1\r\nHost: evil.example:443\r\nConnection: close\r\n\r\n")
                return socket.readUntilClosed()
            }
            let response = String(decoding: bytes, as: UTF8.self)
            #expect(response.hasPrefix("HTTP/1.1 200"), "\(response.prefix(200))")
            let body = try #require(response.range(of: "\r\n\r\n").map { response[$0.upperBound...] })
            let poisoned = try JSONDecoder().decode(Value.self, from: Data(body.utf8))
            #expect(!body.contains("evil.example"), "\(body)")
            #expect(poisoned == plain.json)
            #expect(plain.string("token_endpoint")?.hasPrefix(server.origin + "/") == true, "\(plain)")
        }
    }

    // MARK: TLS 1.0 and 1.1 accepted, no Strict-Transport-Security

    @Test(
        "over --tls-cert a TLS 1.1 client is refused, TLS 1.2 is served, and HTTPS answers carry HSTS; HTTP ones not",
        .enabled(if: FlowrunBinary.find() != nil && ServeTLSTests.opensslAvailable))
    func tlsVersionsAndStrictTransportSecurity() async throws {
        let tls = try ServeTLSTests.certificate()
        let certificate = tls.appendingPathComponent("cert.pem").path
        let served = try ServedFlowrun.start([
            "--tls-cert", certificate, "--tls-key", tls.appendingPathComponent("key.pem").path, "--hsts-max-age", "600",
        ])
        let line = try await served.listeningLine()
        let prefix = "flowrun serve: listening on https://127.0.0.1:"
        let port = try #require(Int(line.dropFirst(prefix.count).prefix { $0.isNumber }), "\(line)")
        let url = "https://127.0.0.1:\(port)/contoso/v2.0/.well-known/openid-configuration"

        await #expect(throws: (any Error).self) {
            _ = try await ServeTLSTests.get(url, trusting: certificate, maximumVersion: .tlsv11)
        }
        let overTLS12 = try await ServeTLSTests.get(url, trusting: certificate, maximumVersion: .tlsv12)
        #expect(overTLS12.status == 200)
        #expect(overTLS12.header("strict-transport-security") == "max-age=600", "\(overTLS12.headers)")
        let missing = try await ServeTLSTests.get("https://127.0.0.1:\(port)/nowhere", trusting: certificate)
        #expect(missing.status == 404)
        #expect(missing.header("strict-transport-security") == "max-age=600")
        #expect(try await served.stop(with: SIGTERM) == 0)

        let plain = try ServedFlowrun.start([])
        let plainLine = try await plain.listeningLine()
        let plainPrefix = "flowrun serve: listening on http://127.0.0.1:"
        let plainPort = try #require(Int(plainLine.dropFirst(plainPrefix.count).prefix { $0.isNumber }), "\(plainLine)")
        let answer = try await TestHTTP.get(
            "http://127.0.0.1:\(plainPort)/contoso/v2.0/.well-known/openid-configuration")
        #expect(answer.status == 200)
        #expect(answer.header("strict-transport-security") == nil)
        #expect(try await plain.stop(with: SIGTERM) == 0)
    }

    // MARK: ReDoS in tenant attribute regexes

    @Test("catastrophic attribute regexes are refused at load; safe ones load")
    func catastrophicRegexRefused() throws {
        for pattern in ["(a+)+", "(a*b?)*c", "(x{2,})+", "(a|aa)+$", "(.*)\\1"] {
            var configuration = TenantConfiguration.testing()
            configuration.signUp.requiredAttributes = [AttributeRequirement(name: "displayName", regex: pattern)]
            #expect(throws: ConfigurationError.self, "\(pattern)") { try configuration.validate() }
        }
        let safe = [
            "[A-Za-z ]{1,40}", "[0-9]+", "([a-z]+\\.)?[a-z]+", "(ab){1,3}", "[A-Z][a-z]+( [A-Z][a-z]+)*",
            "([a-z0-9-]+\\.)+[a-z]{2,}", "(a+b)+",
        ]
        for pattern in safe {
            var configuration = TenantConfiguration.testing()
            configuration.signUp.requiredAttributes = [AttributeRequirement(name: "displayName", regex: pattern)]
            #expect(throws: Never.self, "\(pattern)") { try configuration.validate() }
        }
    }

    @Test("attribute values with control characters or over 1,024 characters are refused")
    func attributeValuesBounded() async throws {
        let configuration = TenantConfiguration.testing {
            $0.signUp.requiredAttributes = [AttributeRequirement(name: "displayName")]
        }
        try await TestServer.with(configuration) { server in
            for value in ["Ann\u{1B}]0;owned\u{07}", "Ann\u{1B}[2K", String(repeating: "a", count: 1025)] {
                let attributes = String(decoding: try JSONEncoder().encode(["displayName": value]), as: UTF8.self)
                let answer = try await server.call(
                    .signUpStart,
                    [
                        "username": "cc@contoso.com", "challenge_type": "oob password redirect",
                        "attributes": attributes,
                    ])
                #expect(answer.string("suberror") == "attribute_validation_failed", "\(answer)")
            }
        }
    }

    // MARK: refresh tokens

    @Test("a password reset revokes refresh tokens; a refresh reaches only scopes the client is consented to")
    func refreshTokensAfterResetAndScopes() async throws {
        let configuration = TenantConfiguration.testing {
            $0.clients = [ClientConfiguration(scopes: ["api://contoso/orders.read"])]
        }
        try await TestServer.with(configuration) { server in
            try await server.signUp("rf@contoso.com")
            let signedIn = try await server.signIn("rf@contoso.com")
            let first = try #require(signedIn.string("refresh_token"))
            let widened = try await server.call(
                .token,
                [
                    "grant_type": "refresh_token", "refresh_token": first,
                    "scope": "openid offline_access https://graph.microsoft.com/Directory.ReadWrite.All",
                ])
            #expect(widened.error == "invalid_scope", "\(widened)")
            let consented = try await server.call(
                .token,
                [
                    "grant_type": "refresh_token", "refresh_token": first,
                    "scope": "openid offline_access api://contoso/orders.read",
                ])
            #expect(consented.string("scope")?.contains("api://contoso/orders.read") == true, "\(consented)")
            let refresh = try #require(consented.string("refresh_token"))
            let started = try await server.call(
                .resetPasswordStart, ["username": "rf@contoso.com", "challenge_type": "oob redirect"])
            let challenged = try await server.call(
                .resetPasswordChallenge, ["continuation_token": try started.token()])
            let code = try await server.code(to: "rf@contoso.com")
            let verified = try await server.call(
                .resetPasswordContinue,
                ["continuation_token": try challenged.token(), "grant_type": "oob", "oob": code])
            let submitted = try await server.call(
                .resetPasswordSubmit, ["continuation_token": try verified.token(), "new_password": Self.newPassword])
            let done = try await server.call(
                .resetPasswordPollCompletion, ["continuation_token": try submitted.token()])
            #expect(done.string("status") == "succeeded")
            let afterReset = try await server.call(.token, ["grant_type": "refresh_token", "refresh_token": refresh])
            #expect(afterReset.errorCodes == [70000], "\(afterReset)")
        }
    }

    // MARK: unbounded growth, unthrottled sending

    @Test("the resend interval is per recipient across flows, with a quota per hour")
    func sendLimitsPerRecipient() async throws {
        try await TestServer.with(.testing { $0.codes.resendInterval = 30 }) { server in
            _ = try await server.signUpChallenge("rs@contoso.com")
            let started = try await server.call(
                .signUpStart, ["username": "rs@contoso.com", "challenge_type": "oob password redirect"])
            let second = try await server.call(.signUpChallenge, ["continuation_token": try started.token()])
            #expect(second.errorCodes == [550026], "\(second)")
            #expect(second.header("retry-after") == "30")
        }
        try await TestServer.with(.testing { $0.codes.maxPerRecipientPerHour = 3 }) { server in
            var codes: [[Int]] = []
            for _ in 0..<4 {
                let started = try await server.call(
                    .signUpStart, ["username": "qu@contoso.com", "challenge_type": "oob password redirect"])
                let challenged = try await server.call(
                    .signUpChallenge, ["continuation_token": try started.token()])
                codes.append(challenged.errorCodes)
            }
            #expect(codes == [[], [], [], [550026]], "\(codes)")
        }
    }

    @Test("expired codes are purged from the store")
    func expiredCodesArePurged() async throws {
        try await TestServer.with { server in
            for _ in 0..<5 { _ = try await server.signUpChallenge("pu@contoso.com") }
            #expect(try await server.emulator.outbox(to: "pu@contoso.com").count == 5)
            server.clock.advance(600 + 3600 + 61)
            _ = try await server.signUpChallenge("other@contoso.com")
            #expect(try await server.emulator.outbox(to: "pu@contoso.com").isEmpty)
        }
    }

    // MARK: store not bound to a tenant

    @Test("a store bound to one tenant refuses another; a token of one tenant fails at another")
    func storeBoundToTenant() async throws {
        let store = try EmulatorStore.inMemory()
        try await store.bind(toTenant: TenantConfiguration.defaultTenantID)
        await #expect(throws: EmulatorStoreError.self) {
            try await store.bind(toTenant: "11111111-2222-3333-4444-555555555555")
        }
        let token = try await TestServer.with(store: store) { server in
            try await server.signUpChallenge("tn@contoso.com").token()
        }
        let fabrikam = TenantConfiguration.testing {
            $0.tenant = "fabrikam"
            $0.tenantID = "11111111-2222-3333-4444-555555555555"
        }
        try await TestServer.with(fabrikam, store: store) { server in
            let answer = try await server.call(.signUpChallenge, ["continuation_token": token])
            #expect(answer.errorCodes == [55000], "\(answer)")
        }
    }

    // MARK: look-alike accounts

    @Test("éve (NFC), ÉVE and e\u{301}ve (NFD) are one account")
    func unicodeUsernamesAreOneAccount() async throws {
        try await TestServer.with { server in
            try await server.signUp("\u{E9}ve@contoso.com")
            for lookalike in ["\u{C9}VE@contoso.com", "e\u{301}ve@contoso.com", "E\u{301}VE@CONTOSO.COM"] {
                let answer = try await server.call(
                    .signUpStart, ["username": lookalike, "challenge_type": "oob password redirect"])
                #expect(answer.error == "user_already_exists", "\(lookalike): \(answer)")
            }
            #expect(try await server.signIn("e\u{301}VE@contoso.com").status == 200)
            #expect(try await server.emulator.store.users().count == 1)
        }
    }

    // MARK: codes in clear

    @Test("without an outbox, codes are stored only as a keyed digest and the outbox is empty")
    func codesHashedWithoutOutbox() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-codes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try EmulatorStore(directory: folder.path)
        try await TestServer.with(devOutbox: false, store: store, codesReadable: false) { server in
            _ = try await server.signUpChallenge("hc@contoso.com")
            #expect(try await server.emulator.outbox().isEmpty)
        }
        let files = ["authority.sqlite", "authority.sqlite-wal"].compactMap {
            FileManager.default.contents(atPath: folder.appendingPathComponent($0).path)
        }
        let text = files.map { String(decoding: $0, as: UTF8.self) }.joined()
        #expect(text.contains("hmac$"), "no code digest in the store")
    }
}
