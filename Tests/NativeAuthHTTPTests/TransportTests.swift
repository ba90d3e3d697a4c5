import FlowEngine
import Foundation
import Logging
import NativeAuth
import NativeAuthHTTP
import NativeAuthWire
import Testing

/// What `HTTPTransport` puts on the wire and how it treats answers that are not a plain 200/400.
@Suite struct TransportTests {
    static let start = NativeAuthEndpoint.signUpStart.path

    /// signUp.start with a password full of characters that need escaping.
    func signUpStart(_ client: NativeAuthClient) async throws -> ActionResult {
        try await client.perform("signUp.start", arguments: passwordArguments, continuation: nil)
    }

    @Test(arguments: TransportKind.allCases)
    func headersAndFormBody(over kind: TransportKind) async throws {
        let requests = try await CannedServer.with(
            [.signUpStart: [Bodies.token("ct-start")], .signUpChallenge: [Bodies.oob("ct-code")]]
        ) { authority, answers in
            let result = try await signUpStart(httpClient(authority, over: kind))
            #expect(result.outcome == "codeRequired")
            return await answers.requests
        }
        try #require(requests.count == 2)
        let first = requests[0]
        #expect(first.method == "POST")
        #expect(first.path == CannedServer.tenantPath + Self.start)
        #expect(requests[1].path == CannedServer.tenantPath + NativeAuthEndpoint.signUpChallenge.path)
        #expect(first.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(first.headers["accept"] == "application/json")
        #expect(first.headers["return-client-request-id"] == "true")
        let requestIDs = requests.compactMap { $0.headers["client-request-id"] }
        #expect(requestIDs.count == 2 && requestIDs.allSatisfy { UUID(uuidString: $0) != nil }, "\(requestIDs)")
        #expect(Set(requestIDs).count == 2, "a fresh client-request-id per request")
        // Spaces as `+`, everything else outside A–Z a–z 0–9 - . _ * percent-encoded, fields in name order.
        #expect(
            first.body
                == "challenge_type=oob+password+redirect&client_id=\(testClientID)"
                + "&password=Pl4nted+P%40ss%26w0rd%3D%2B%25&username=ann%40contoso.com")
        #expect(FormBody.decode(first.body)?["password"] == plantedPassword)
    }

    @Test(arguments: TransportKind.allCases)
    func correlationIDComesFromTheResponseHeader(over kind: TransportKind) async throws {
        let result = try await CannedServer.with(
            [.signUpStart: [Canned.error("unauthorized_client").header("client-request-id", "server-chosen-id")]]
        ) { authority, _ in try await signUpStart(httpClient(authority, over: kind)) }
        #expect(result.outcome == "unexpected")
        #expect(result.data["correlationId"] == "server-chosen-id")
    }

    @Test(arguments: TransportKind.allCases)
    func a5xxIsRetriedExactlyOnceThenUnexpected(over kind: TransportKind) async throws {
        let sleeps = SleepRecorder()
        let (result, requests) = try await CannedServer.with(
            [.signUpStart: [Canned.raw(503, "busy").header("client-request-id", "corr-503")]]
        ) { authority, answers in
            (try await signUpStart(httpClient(authority, sleeps: sleeps, over: kind)), await answers.requests)
        }
        #expect(requests.count == 2, "one retry in total (the client's), none in the transport")
        #expect(
            requests.map { $0.headers["client-request-id"] }.allSatisfy {
                $0 == requests[0].headers["client-request-id"]
            })
        #expect(await sleeps.sleeps == [.milliseconds(500)])
        #expect(result.outcome == "unexpected")
        #expect(result.data["error"] == "http_error")
        #expect(result.data["errorDescription"]?.stringValue?.contains("HTTP 503") == true)
        #expect(result.data["correlationId"] == "corr-503")
    }

    @Test(arguments: TransportKind.allCases)
    func a5xxThenSuccess(over kind: TransportKind) async throws {
        let (result, count) = try await CannedServer.with(
            [.signUpStart: [Canned.raw(500, ""), Bodies.token("ct-start")], .signUpChallenge: [Bodies.oob("ct-code")]]
        ) { authority, answers in
            (try await signUpStart(httpClient(authority, over: kind)), await answers.requests.count)
        }
        #expect(result.outcome == "codeRequired")
        #expect(count == 3)
    }

    @Test(arguments: [429, 403, 404, 401, 302], TransportKind.allCases)
    func otherStatusesAreUnexpectedWithStatusAndCorrelationID(status: Int, over kind: TransportKind) async throws {
        var answer = Canned.raw(status, "<html>no</html>").header("client-request-id", "corr-\(status)")
        if status == 302 { answer = answer.header("Location", "/elsewhere") }
        let (result, requests) = try await CannedServer.with(
            [.signUpStart: [answer]], extra: ["/elsewhere": [Bodies.token("followed")]]
        ) { authority, answers in (try await signUpStart(httpClient(authority, over: kind)), await answers.requests) }
        #expect(result.outcome == "unexpected")
        #expect(result.data["correlationId"] == .string("corr-\(status)"))
        let description = result.data["errorDescription"]?.stringValue ?? ""
        #expect(description.contains("HTTP \(status)"), "\(description)")
        #expect(requests.count == 1, "no retry, and a redirect is not followed: \(requests.map(\.path))")
    }

    @Test(arguments: TransportKind.allCases)
    func aJSONErrorBodyOfAnotherStatusNamesTheError(over kind: TransportKind) async throws {
        let result = try await CannedServer.with(
            [.signUpStart: [Canned.error("too_many_requests", description: "Slow down.", status: 429)]]
        ) { authority, _ in try await signUpStart(httpClient(authority, over: kind)) }
        #expect(result.outcome == "unexpected")
        #expect(result.data["error"] == "too_many_requests")
        #expect(result.data["errorDescription"] == "HTTP 429: Slow down.")
    }

    @Test(arguments: [200, 400], TransportKind.allCases)
    func aNonJSONBodyIsUnexpected(status: Int, over kind: TransportKind) async throws {
        let result = try await CannedServer.with([.signUpStart: [Canned.raw(status, "<html>oops</html>")]]) {
            authority, _ in try await signUpStart(httpClient(authority, over: kind))
        }
        #expect(result.outcome == "unexpected")
        #expect(result.data["error"] == "invalid_response")
    }

    @Test(arguments: TransportKind.allCases)
    func aTimeoutIsUnexpectedAfterOneRetry(over kind: TransportKind) async throws {
        let sleeps = SleepRecorder()
        let (result, count) = try await CannedServer.with(
            [.signUpStart: [Bodies.token("ct-start").after(.seconds(3))]]
        ) { authority, answers in
            (
                try await signUpStart(
                    httpClient(authority, requestTimeout: .milliseconds(300), sleeps: sleeps, over: kind)),
                await answers.requests.count
            )
        }
        #expect(result.outcome == "unexpected")
        #expect(result.data["error"] == "transport_error")
        #expect(result.data["errorDescription"]?.stringValue?.contains("request timeout") == true, "\(result.data)")
        // One retry, as iOS retries a timeout: at most two requests (on a loaded machine a timeout can fire before
        // the server records its request).
        #expect(count <= 2)
        #expect(await sleeps.sleeps == [.milliseconds(500)])
    }

    @Test(arguments: TransportKind.allCases)
    func aBodyOverOneMebibyteIsUnexpected(over kind: TransportKind) async throws {
        let huge = #"{"continuation_token":""# + String(repeating: "x", count: HTTPTransport.maximumBodyBytes) + #""}"#
        let result = try await CannedServer.with([.signUpStart: [Canned(status: 200, body: huge)]]) { authority, _ in
            try await signUpStart(httpClient(authority, over: kind))
        }
        #expect(result.outcome == "unexpected")
        #expect(result.data["error"] == "transport_error")
        #expect(result.data["errorDescription"]?.stringValue?.contains("longer than") == true, "\(result.data)")
    }

    /// Cancelling the task cancels the exchange: the run ends with `CancellationError` rather than the late answer.
    @Test(arguments: TransportKind.allCases)
    func aCancelledTaskEndsTheExchange(over kind: TransportKind) async throws {
        try await CannedServer.with([.signUpStart: [Bodies.token("late").after(.seconds(5))]]) { authority, answers in
            let client = httpClient(authority, over: kind)
            let task = Task { try await signUpStart(client) }
            while await answers.requests.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
            task.cancel()
            await #expect(throws: CancellationError.self) { try await task.value }
        }
    }

    /// A refused connection is reported at once, not retried until a timeout: with a request timeout (3 s)
    /// shorter than the connect timeout (10 s), retried attempts would end as a request timeout.
    @Test(arguments: TransportKind.allCases)
    func connectionRefusedIsUnexpectedAtOnce(over kind: TransportKind) async throws {
        // Nothing listens on port 1.
        let authority = try #require(URL(string: "http://127.0.0.1:1/contoso"))
        let result = try await signUpStart(httpClient(authority, requestTimeout: .seconds(3), over: kind))
        #expect(result.outcome == "unexpected")
        #expect(result.data["error"] == "transport_error")
        let description = result.data["errorDescription"]?.stringValue ?? ""
        #expect(description.contains("POST /signup/v1.0/start"), "\(description)")
        // NIO says the connection was refused; URLSession on Linux (libcurl) that it could not connect.
        let refused = kind == .asyncHTTPClient ? "refused" : "connect"
        #expect(description.lowercased().contains(refused), "\(description)")
        #expect(!description.contains("timeout"), "\(description)")
        if kind == .asyncHTTPClient {
            // In words, as the system says it, not NIO's internal text of the error.
            #expect(description.hasSuffix("POST /signup/v1.0/start: Connection refused"), "\(description)")
            #expect(!description.contains("errno"), "\(description)")
        }
    }

    @Test(arguments: TransportKind.allCases)
    func theAuthorityPathAndQueryAreKept(over kind: TransportKind) async throws {
        let requests = try await CannedServer.with([.signInInitiate: [.error("user_not_found")]]) {
            authority, answers in
            let withQuery = try #require(URL(string: authority.absoluteString + "/?dc=ESTS-PUB-WUS2"))
            _ = try await httpClient(withQuery, over: kind).perform(
                "signIn.start", arguments: usernameArgument, continuation: nil)
            return await answers.requests
        }
        #expect(requests.map(\.path) == [CannedServer.tenantPath + NativeAuthEndpoint.signInInitiate.path])
    }

    @Test func logsAtDebugWithoutBodiesParametersOrTokens() async throws {
        let lines = LogLines()
        let logger = {
            var logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
            logger.logLevel = .debug
            return logger
        }()
        _ = try await CannedServer.with(
            [
                .signInInitiate: [Bodies.token("ct-i")], .signInChallenge: [Bodies.passwordChallenge("ct-pw")],
                .token: [Bodies.tokens()],
            ]
        ) { authority, _ in
            try await httpClient(authority, logger: logger).perform(
                "signIn.start", arguments: passwordArguments, continuation: nil)
        }
        let logged = lines.all
        #expect(logged.count == 3, "\(logged)")
        for line in logged {
            #expect(line.level == .debug)
            for key in ["method", "path", "status", "durationMs", "correlationId"] {
                #expect(line.metadata[key] != nil, "\(key) in \(line.metadata)")
            }
        }
        #expect(
            logged.map { $0.metadata["path"] ?? "" } == [
                NativeAuthEndpoint.signInInitiate.path, NativeAuthEndpoint.signInChallenge.path,
                NativeAuthEndpoint.token.path,
            ])
        let text = logged.map { "\($0.message) \($0.metadata)" }.joined(separator: "\n")
        for secret in [plantedPassword, plantedAccessToken, plantedRefreshToken, "ct-i", "ct-pw", user, testClientID] {
            #expect(!text.contains(secret), "\(secret) was logged")
        }
    }
}
