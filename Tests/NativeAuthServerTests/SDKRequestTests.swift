import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation
import NativeAuth
import NativeAuthEmulator
import NativeAuthServer
import NativeAuthWire
import TestSupport
import Testing

/// Requests exactly as Microsoft's SDKs send them: the server accepts every field they add and ignores the ones
/// it does not read (RFC 6749 §3.2), unless strict parameters are asked for.
@Suite("Requests of the Microsoft SDKs")
struct SDKRequestTests {
    /// Signs `username` up and in over HTTP; returns the token answer (with a refresh token).
    static func tokens(_ server: TestServer, _ username: String) async throws -> HTTPAnswer {
        try await server.signUp(username)
        let tokens = try await server.signIn(username)
        try #require(tokens.status == 200, "\(tokens)")
        return tokens
    }

    /// The `client_info` of a token answer decoded: `(uid, utid)`.
    static func clientInfo(_ answer: HTTPAnswer) throws -> (uid: String, utid: String) {
        var text = try #require(answer.string("client_info"))
        text = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        let data = try #require(Data(base64Encoded: text))
        let object = try JSONDecoder().decode(Value.self, from: data)
        return (
            try #require(object[field: "uid"]?.stringValue), try #require(object[field: "utid"]?.stringValue)
        )
    }

    @Test("the refresh MSAL.js 4.28.2 sends (library, telemetry and anchor fields, id in the query) is answered 200")
    func msalBrowserRefresh() async throws {
        try await TestServer.with { server in
            let tokens = try await Self.tokens(server, "ann@contoso.com")
            let refreshToken = try #require(tokens.string("refresh_token"))
            let info = try Self.clientInfo(tokens)
            // msal-common RefreshTokenClient.createTokenRequestBody, in its order, as URLSearchParams encodes it.
            let body = [
                "client_id=\(clientID)", "scope=openid%20profile%20offline_access", "grant_type=refresh_token",
                "client_info=1", "x-client-SKU=msal.browser", "x-client-VER=4.28.2",
                "x-ms-lib-capability=retry-after,%20h429", "x-client-current-telemetry=5%7C100063%2C1%2C%2C%2C%7C%2C",
                "x-client-last-telemetry=5%7C2%7C%7C%7C0%2C0", "refresh_token=\(refreshToken)",
                "X-AnchorMailbox=Oid%3A\(info.uid)%40\(info.utid)",
            ].joined(separator: "&")
            let requestID = "8f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0"
            let answer = try await server.post(
                "/contoso/oauth2/v2.0/token?client-request-id=\(requestID)", body: body,
                contentType: "application/x-www-form-urlencoded;charset=utf-8")
            #expect(answer.status == 200, "\(answer)")
            #expect(answer.string("token_type") == "Bearer")
            #expect(answer.string("refresh_token") != nil)
            #expect(answer.string("refresh_token") != refreshToken)
            #expect(answer.string("id_token") != nil)
            #expect(answer.header("client-request-id") == requestID)
            let ignored = server.logs.all.filter { $0.contains("ignored parameters") }
            #expect(ignored.contains { $0.contains("x-client-SKU") && $0.contains("X-AnchorMailbox") }, "\(ignored)")
            #expect(!ignored.contains { $0.contains("msal.browser") || $0.contains(info.uid) })
        }
    }

    @Test("the refresh MSAL iOS sends (redirect_uri, client_info=1, claims, enrollment id) is answered 200")
    func msalIOSRefresh() async throws {
        try await TestServer.with { server in
            let tokens = try await Self.tokens(server, "bo@contoso.com")
            let refreshToken = try #require(tokens.string("refresh_token"))
            let claims = #"{"access_token":{"xms_cc":{"values":["cp1"]}}}"#
            let answer = try await server.call(
                .token,
                [
                    "grant_type": "refresh_token", "refresh_token": refreshToken, "client_info": "1",
                    "scope": "openid profile offline_access", "redirect_uri": "msauth.com.contoso.app://auth",
                    "claims": claims, "microsoft_enrollment_id": "e-1",
                ],
                headers: [
                    ("client-request-id", "5b1c4f6a-0000-4000-8000-000000000001"), ("return-client-request-id", "true"),
                    ("x-client-SKU", "MSAL.iOS"), ("x-client-Ver", "2.1.0"), ("x-ms-PkeyAuth+", "1.0"),
                ])
            #expect(answer.status == 200, "\(answer)")
            #expect(answer.string("refresh_token") != nil)
            #expect(try Self.clientInfo(answer).uid == Self.clientInfo(tokens).uid)
        }
    }

    @Test("Android's fields and an unknown parameter are ignored on every endpoint; duplicates are still refused")
    func ignoredEverywhere() async throws {
        try await TestServer.with { server in
            let started = try await server.call(
                .signUpStart,
                [
                    "username": "cy@contoso.com", "challenge_type": "oob password redirect", "x-app-name": "Contoso",
                    "x-app-ver": "1.0", "client-request-id": "abc", "favourite_colour": "secret-blue",
                ])
            #expect(started.status == 200, "\(started)")
            let misplaced = try await server.call(
                .signUpChallenge,
                ["continuation_token": try started.token(), "challenge_type": "oob redirect", "username": "x@y.z"])
            #expect(misplaced.string("challenge_type") == "oob", "\(misplaced)")
            #expect(!server.logs.all.joined().contains("secret-blue"))
            let repeated = try await server.post(
                "/contoso/oauth2/v2.0/initiate",
                body:
                    "client_id=\(clientID)&username=cy%40contoso.com&challenge_type=oob+redirect&x-app-name=a&x-app-name=b"
            )
            #expect(repeated.status == 400)
            #expect(repeated.errorCodes == [90100])
            #expect(
                repeated.string("error_description")?.contains("x-app-name parameter appears more than once") == true)
        }
    }

    @Test("with strict parameters an unknown one is refused by name, never its value; SDK fields still pass")
    func strictParameters() async throws {
        try await TestServer.with(strictParameters: true) { server in
            let answer = try await server.call(
                .signUpStart,
                ["username": "ann@contoso.com", "challenge_type": "oob redirect", "favourite_colour": "secret-blue"])
            #expect(answer.status == 400)
            #expect(answer.error == "invalid_request")
            #expect(answer.errorCodes == [90100])
            #expect(answer.string("error_description")?.contains("Unknown parameter 'favourite_colour'") == true)
            #expect(!answer.description.contains("secret-blue"))
            let misplaced = try await server.call(
                .signInIntrospect, ["continuation_token": "x", "username": "ann@contoso.com"])
            #expect(misplaced.string("error_description")?.contains("Unknown parameter 'username'") == true)
            let sdk = try await server.call(
                .signUpStart,
                [
                    "username": "ann@contoso.com", "challenge_type": "oob redirect", "x-client-SKU": "msal.browser",
                    "x-client-VER": "4.28.2", "X-AnchorMailbox": "Oid:a@b", "redirect_uri": "msauth.x://auth",
                ])
            #expect(sdk.status == 200, "\(sdk)")
        }
    }

    @Test("client-request-id: the header wins, the query string is read without it, a bad one is replaced")
    func requestIDFromQuery() async throws {
        try await TestServer.with { server in
            let body = FormBody.encode([
                "client_id": clientID, "username": "nobody@contoso.com", "challenge_type": "oob redirect",
            ])
            let fromQuery = try await server.post("/contoso/oauth2/v2.0/initiate?client-request-id=q-1", body: body)
            #expect(fromQuery.header("client-request-id") == "q-1")
            #expect(fromQuery.string("correlation_id") == "q-1")
            let both = try await server.post(
                "/contoso/oauth2/v2.0/initiate?client-request-id=q-2", body: body,
                headers: [("client-request-id", "h-2")])
            #expect(both.header("client-request-id") == "h-2")
            let bad = try await server.post("/contoso/oauth2/v2.0/initiate?client-request-id=a%20b", body: body)
            #expect(bad.header("client-request-id") != "a b")
            #expect(bad.header("client-request-id")?.count == 36)
        }
    }
}
