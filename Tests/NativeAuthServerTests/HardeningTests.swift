import AsyncHTTPClient
import FlowEngine
import Foundation
import NIOCore
import NativeAuth
import NativeAuthEmulator
import NativeAuthWire
import TestSupport
import Testing

/// Bad input over HTTP: each gets its documented answer (never a 500), and the server keeps serving.
@Suite("HTTP hardening")
struct HardeningTests {
    /// A good request after a bad one still succeeds.
    private func expectStillServing(_ server: TestServer, _ name: String = UUID().uuidString.prefix(8).lowercased())
        async throws
    {
        let answer = try await server.call(
            .signUpStart, ["username": "\(name)@contoso.com", "challenge_type": "oob password redirect"])
        #expect(answer.status == 200, "\(answer)")
        #expect(answer.string("continuation_token") != nil)
    }

    /// A 400 (or other) `invalid_request` with AADSTS 90100 whose description contains `text`.
    private func expectInvalidRequest(
        _ answer: HTTPAnswer, status: Int = 400, mentioning text: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(answer.status == status, "\(answer)", sourceLocation: sourceLocation)
        #expect(answer.error == "invalid_request", "\(answer)", sourceLocation: sourceLocation)
        #expect(answer.errorCodes == [90100], "\(answer)", sourceLocation: sourceLocation)
        #expect(
            answer.string("error_description")?.contains(text) == true, "\(answer)", sourceLocation: sourceLocation)
        #expect(answer.header("content-type") == "application/json; charset=utf-8", sourceLocation: sourceLocation)
    }

    @Test("a body over the limit is answered 413 invalid_request, declared or streamed")
    func oversizedBody() async throws {
        try await TestServer.with(bodyLimit: 1024) { server in
            let big = "client_id=\(clientID)&username=" + String(repeating: "a", count: 4096)
            let declared = try await server.post("/contoso/signup/v1.0/start", body: big)
            expectInvalidRequest(declared, status: 413, mentioning: "larger than the limit of 1024 bytes")
            try await expectStillServing(server)

            var request = HTTPClientRequest(url: server.authority + NativeAuthEndpoint.signUpStart.path)
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            let chunks = (0..<64).map { _ in ByteBuffer(bytes: Array(repeating: UInt8(ascii: "a"), count: 512)) }
            let stream = AsyncStream<ByteBuffer> { continuation in
                for chunk in chunks { continuation.yield(chunk) }
                continuation.finish()
            }
            request.body = .stream(stream, length: .unknown)
            let streamed = try await HTTPClient.shared.execute(request, timeout: TestHTTP.patience)
            #expect(streamed.status.code == 413)
            try await expectStillServing(server)
        }
    }

    @Test("a body that is not a form is 400 invalid_request: content type must be form-urlencoded")
    func wrongContentType() async throws {
        try await TestServer.with { server in
            let path = "/contoso" + NativeAuthEndpoint.signInInitiate.path
            for contentType in ["application/json", "text/plain", "application/x-www-form-urlencoded; charset=latin1"] {
                let answer = try await server.post(path, body: "{\"client_id\":\"x\"}", contentType: contentType)
                expectInvalidRequest(answer, mentioning: "content type must be application/x-www-form-urlencoded")
            }
            let large = try await server.post(
                path, body: String(repeating: "{}", count: 100_000), contentType: "application/json")
            expectInvalidRequest(large, mentioning: "content type must be application/x-www-form-urlencoded")
            let missing = try await server.post(path, body: "client_id=\(clientID)", contentType: nil)
            expectInvalidRequest(missing, mentioning: "content type must be application/x-www-form-urlencoded")
            let withCharset = try await server.post(
                path, body: "client_id=\(clientID)&username=nobody%40contoso.com&challenge_type=oob+redirect",
                contentType: "Application/X-WWW-Form-URLEncoded; charset=UTF-8")
            #expect(withCharset.error == "user_not_found", "\(withCharset)")
            try await expectStillServing(server)
        }
    }

    @Test("bad percent-encoding, non-UTF-8 text and repeated fields are 400 invalid_request")
    func malformedForms() async throws {
        try await TestServer.with { server in
            let path = "/contoso" + NativeAuthEndpoint.signUpStart.path
            for body in ["client_id=\(clientID)&username=%ZZ", "client_id=%", "username=%C3%28&client_id=x"] {
                let answer = try await server.post(path, body: body)
                expectInvalidRequest(answer, mentioning: "not valid application/x-www-form-urlencoded")
            }
            let repeated = try await server.post(
                path, body: "client_id=\(clientID)&username=a%40contoso.com&username=b%40contoso.com")
            expectInvalidRequest(repeated, mentioning: "username parameter appears more than once")
            try await expectStillServing(server)
        }
    }

    @Test("a missing client_id is 400 invalid_request naming it; an unknown client is unauthorized_client")
    func clients() async throws {
        try await TestServer.with { server in
            let missing = try await server.post(
                "/contoso" + NativeAuthEndpoint.signInInitiate.path,
                body: "username=ann%40contoso.com&challenge_type=oob+redirect")
            expectInvalidRequest(missing, mentioning: "client_id parameter is empty or not valid")
            let unknown = try await server.call(
                .signInInitiate,
                [
                    "client_id": "11111111-2222-3333-4444-555555555555", "username": "ann@contoso.com",
                    "challenge_type": "oob redirect",
                ])
            #expect(unknown.status == 400)
            #expect(unknown.error == "unauthorized_client")
            #expect(unknown.errorCodes == [700016])
            try await expectStillServing(server)
        }
    }

    @Test("reused, expired, tampered and other-flow continuation tokens get their documented errors")
    func continuationTokens() async throws {
        try await TestServer.with { server in
            let started = try await server.call(
                .signUpStart, ["username": "ann@contoso.com", "challenge_type": "oob password redirect"])
            let token = try started.token()
            let first = try await server.call(.signUpChallenge, ["continuation_token": token])
            #expect(first.string("challenge_type") == "oob")

            let reused = try await server.call(.signUpChallenge, ["continuation_token": token])
            #expect(reused.status == 400)
            #expect(reused.error == "invalid_request")
            #expect(reused.errorCodes == [55000])

            var tampered = Array(try first.token())
            tampered[tampered.count / 3] = tampered[tampered.count / 3] == "A" ? "B" : "A"
            let forged = try await server.call(
                .signUpContinue, ["continuation_token": String(tampered), "grant_type": "oob", "oob": "12345678"])
            #expect(forged.error == "invalid_request")
            #expect(forged.errorCodes == [55000])

            let otherFlow = try await server.call(
                .resetPasswordContinue, ["continuation_token": try first.token(), "grant_type": "oob", "oob": "1"])
            #expect(otherFlow.error == "invalid_request")
            #expect(otherFlow.errorCodes == [55000])

            let garbage = try await server.call(.signUpChallenge, ["continuation_token": "not.a-token"])
            #expect(garbage.errorCodes == [55000])

            server.clock.advance(601)
            let expired = try await server.call(
                .signUpContinue, ["continuation_token": try first.token(), "grant_type": "oob", "oob": "12345678"])
            #expect(expired.status == 400)
            #expect(expired.error == "expired_token")
            #expect(expired.errorCodes == [552003])
            try await expectStillServing(server)
        }
    }

    @Test("a code replayed after it succeeded is refused (55000)")
    func replayedCode() async throws {
        try await TestServer.with { server in
            let challenged = try await server.signUpChallenge("bo@contoso.com")
            let code = try await server.code(to: "bo@contoso.com")
            let parameters = ["continuation_token": try challenged.token(), "grant_type": "oob", "oob": code]
            let verified = try await server.call(.signUpContinue, parameters)
            #expect(verified.status == 200, "\(verified)")
            let replayed = try await server.call(.signUpContinue, parameters)
            #expect(replayed.status == 400)
            #expect(replayed.error == "invalid_request")
            #expect(replayed.errorCodes == [55000])
            try await expectStillServing(server)
        }
    }

    @Test("unknown tenants and paths are 404 JSON; the wrong method is 405 with Allow")
    func routing() async throws {
        try await TestServer.with { server in
            let tenant = try await server.post("/fabrikam/oauth2/v2.0/token", body: "client_id=\(clientID)")
            #expect(tenant.status == 404)
            #expect(tenant.error == "not_found")
            #expect(tenant.errorCodes == [90002])
            for path in [
                "/", "/contoso", "/contoso/", "/contoso/oauth2/v2.0/authorize", "/contoso/oauth2/v2.0/token/",
                "//oauth2/v2.0/token", "/contoso/signup/v1.0/begin",
            ] {
                let answer = try await server.post(path, body: "client_id=\(clientID)")
                #expect(answer.status == 404, "\(path): \(answer)")
                #expect(answer.error == "not_found", "\(path)")
            }
            let get = try await server.get("/contoso/oauth2/v2.0/token")
            #expect(get.status == 405)
            #expect(get.header("allow") == "POST")
            #expect(get.error == "method_not_allowed")
            let put = try await server.send(.PUT, "/contoso/signup/v1.0/start", body: Array("a=b".utf8))
            #expect(put.status == 405)
            let postDiscovery = try await server.post("/contoso/v2.0/.well-known/openid-configuration", body: "")
            #expect(postDiscovery.status == 405)
            #expect(postDiscovery.header("allow") == "GET, HEAD")
            let head = try await server.send(.HEAD, "/contoso/discovery/v2.0/keys")
            #expect(head.status == 200)
            #expect(head.data.isEmpty)
            try await expectStillServing(server)
        }
    }

    @Test("client-request-id is echoed on emulator and server answers; an unusable one is replaced")
    func clientRequestID() async throws {
        try await TestServer.with { server in
            let id = "5b2d6f7e-0c9a-4d3e-8f1a-2b3c4d5e6f70"
            let ok = try await server.call(
                .signUpStart, ["username": "cy@contoso.com", "challenge_type": "oob redirect"],
                headers: [("client-request-id", id), ("return-client-request-id", "true")])
            #expect(ok.header("client-request-id") == id)
            let bad = try await server.post(
                "/contoso/signup/v1.0/start", body: "{}", contentType: "application/json",
                headers: [("client-request-id", id)])
            #expect(bad.header("client-request-id") == id)
            #expect(bad.string("correlation_id") == id)
            let odd = try await server.post(
                "/contoso/signup/v1.0/start", body: "", headers: [("client-request-id", "<script>")])
            let replaced = try #require(odd.header("client-request-id"))
            #expect(replaced != "<script>")
            #expect(UUID(uuidString: replaced) != nil)
        }
    }

    @Test("random bodies never get a 500")
    func randomBodies() async throws {
        try await TestServer.with(bodyLimit: 2048) { server in
            var generator = SplitMix(seed: 0x5EED)
            let alphabet = Array("abc=&%+_-.0123456789ABCDEFclient_id\u{0}\u{7f}é🙂".utf8)
            for round in 0..<60 {
                let length = Int(generator.next() % 3000)
                let body = (0..<length).map { _ in
                    round.isMultiple(of: 2)
                        ? alphabet[Int(generator.next() % UInt64(alphabet.count))] : UInt8(generator.next() & 0xFF)
                }
                let endpoint = NativeAuthEndpoint.allCases[round % NativeAuthEndpoint.allCases.count]
                let answer = try await server.send(
                    .POST, "/contoso" + endpoint.path, body: body,
                    headers: [("Content-Type", "application/x-www-form-urlencoded")])
                #expect([400, 413].contains(answer.status), "round \(round): \(answer)")
                #expect(answer.error != nil, "round \(round): \(answer)")
            }
            try await expectStillServing(server)
        }
    }
}

/// A small deterministic random generator for the fuzz rounds.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
