import FlowEngine
import Foundation
import NIOHTTP1
import NativeAuth
import NativeAuthServer
import TestSupport
import Testing

/// Browser pages (MSAL.js) calling the server from another origin.
@Suite("CORS")
struct CORSTests {
    static let page = "http://127.0.0.1:5173"

    @Test("a preflight from an allowed origin is 204 with the methods and the headers asked for")
    func preflight() async throws {
        try await TestServer.with(corsOrigins: [Self.page]) { server in
            let answer = try await server.send(
                .OPTIONS, "/contoso/oauth2/v2.0/token",
                headers: [
                    ("Origin", Self.page), ("Access-Control-Request-Method", "POST"),
                    ("Access-Control-Request-Headers", "client-request-id,content-type,x-client-sku,x-client-ver"),
                ])
            #expect(answer.status == 204)
            #expect(answer.header("access-control-allow-origin") == Self.page)
            #expect(answer.header("access-control-allow-methods") == "POST, OPTIONS")
            #expect(
                answer.header("access-control-allow-headers")
                    == "client-request-id,content-type,x-client-sku,x-client-ver")
            #expect(answer.header("access-control-max-age") == "600")
            let outbox = try await server.send(
                .OPTIONS, "/outbox", headers: [("Origin", Self.page), ("Access-Control-Request-Method", "GET")])
            #expect(outbox.header("access-control-allow-methods") == "GET, HEAD, OPTIONS")
        }
    }

    @Test("answers to an allowed origin carry Access-Control-Allow-Origin and expose the correlation headers")
    func answers() async throws {
        try await TestServer.with(corsOrigins: [Self.page]) { server in
            let answer = try await server.call(
                .signInInitiate, ["username": "nobody@contoso.com", "challenge_type": "oob redirect"],
                headers: [("Origin", Self.page)])
            #expect(answer.status == 400)
            #expect(answer.header("access-control-allow-origin") == Self.page)
            #expect(answer.header("access-control-expose-headers") == "client-request-id, x-ms-request-id")
            let other = try await server.call(
                .signInInitiate, ["username": "nobody@contoso.com", "challenge_type": "oob redirect"],
                headers: [("Origin", "http://evil.test")])
            #expect(other.header("access-control-allow-origin") == nil)
        }
    }

    @Test("another origin's preflight, or any preflight without --cors, is 405 without CORS headers")
    func refused() async throws {
        let headers = [("Origin", "http://evil.test"), ("Access-Control-Request-Method", "POST")]
        try await TestServer.with(corsOrigins: [Self.page]) { server in
            let answer = try await server.send(.OPTIONS, "/contoso/oauth2/v2.0/token", headers: headers)
            #expect(answer.status == 405)
            #expect(answer.header("access-control-allow-origin") == nil)
        }
        try await TestServer.with { server in
            let answer = try await server.send(
                .OPTIONS, "/contoso/oauth2/v2.0/token",
                headers: [("Origin", Self.page), ("Access-Control-Request-Method", "POST")])
            #expect(answer.status == 405)
        }
    }

    @Test("* allows any origin")
    func anyOrigin() async throws {
        try await TestServer.with(corsOrigins: ["*"]) { server in
            let answer = try await server.send(
                .OPTIONS, "/contoso/signup/v1.0/start",
                headers: [("Origin", "http://localhost:3000"), ("Access-Control-Request-Method", "POST")])
            #expect(answer.status == 204)
            #expect(answer.header("access-control-allow-origin") == "http://localhost:3000")
        }
    }
}
