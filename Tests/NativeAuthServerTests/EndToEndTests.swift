import FlowEngine
import Foundation
import NativeAuth
import NativeAuthEmulator
import TestSupport
import Testing

/// Whole flows over HTTP, with the codes read from `GET /outbox`.
@Suite("HTTP end to end")
struct EndToEndTests {
    @Test("sign-up then sign-in over HTTP, with tokens, refresh and every tenant spelling")
    func signUpAndSignIn() async throws {
        try await TestServer.with { server in
            let token = try await server.signUp("ann@contoso.com")
            let afterSignUp = try await server.call(
                .token,
                [
                    "continuation_token": token, "grant_type": "continuation_token", "username": "ann@contoso.com",
                    "scope": "openid profile offline_access", "client_info": "true", "challenge_type": "oob redirect",
                ], tenant: "contoso.onmicrosoft.com")
            #expect(afterSignUp.status == 200, "\(afterSignUp)")
            #expect(afterSignUp.string("token_type") == "Bearer")
            #expect(afterSignUp.string("id_token") != nil)

            let signedIn = try await server.signIn("ann@contoso.com")
            #expect(signedIn.status == 200, "\(signedIn)")
            let refresh = try #require(signedIn.string("refresh_token"))
            let refreshed = try await server.call(
                .token, ["grant_type": "refresh_token", "refresh_token": refresh, "client_info": "true"],
                tenant: server.emulator.configuration.tenantID)
            #expect(refreshed.status == 200, "\(refreshed)")
            #expect(refreshed.string("access_token") != nil)

            let wrong = try await server.signIn("ann@contoso.com", password: "Wrong-Password-99")
            #expect(wrong.error == "invalid_grant")
            #expect(wrong.errorCodes == [50126])
        }
    }

    @Test("password reset over HTTP: start, challenge, continue, submit, poll, sign in")
    func resetPassword() async throws {
        try await TestServer.with(.testing { $0.resetPassword.pollsInProgress = 1 }) { server in
            try await server.signUp("bo@contoso.com")
            let started = try await server.call(
                .resetPasswordStart, ["username": "bo@contoso.com", "challenge_type": "oob redirect"])
            let challenged = try await server.call(
                .resetPasswordChallenge, ["continuation_token": try started.token(), "challenge_type": "oob redirect"])
            #expect(challenged.string("challenge_type") == "oob")
            let code = try await server.code(to: "bo@contoso.com")
            let verified = try await server.call(
                .resetPasswordContinue,
                ["continuation_token": try challenged.token(), "grant_type": "oob", "oob": code])
            let submitted = try await server.call(
                .resetPasswordSubmit,
                ["continuation_token": try verified.token(), "new_password": "New-Harbor-Light-88"])
            #expect(submitted.status == 200, "\(submitted)")
            let pending = try await server.call(
                .resetPasswordPollCompletion, ["continuation_token": try submitted.token()])
            #expect(pending.string("status") == "in_progress")
            let done = try await server.call(
                .resetPasswordPollCompletion, ["continuation_token": try submitted.token()])
            #expect(done.string("status") == "succeeded")
            #expect(try await server.signIn("bo@contoso.com", password: "New-Harbor-Light-88").status == 200)
        }
    }

    @Test("GET /outbox lists codes newest first with their fields; it validates its query")
    func outbox() async throws {
        try await TestServer.with { server in
            _ = try await server.signUpChallenge("cy@contoso.com")
            _ = try await server.signUpChallenge("di@contoso.com")
            let all = try await server.get("/outbox")
            #expect(all.status == 200)
            guard case .list(let messages) = all.json else {
                Issue.record("not a list: \(all)")
                return
            }
            #expect(messages.count == 2)
            #expect(messages.first?[field: "to"]?.stringValue == "di@contoso.com")
            for message in messages {
                for key in ["to", "code", "purpose", "sentAt", "expiresAt"] {
                    #expect(message[field: key]?.stringValue != nil, "\(key) in \(message)")
                }
                #expect(message[field: "purpose"]?.stringValue == "signUp")
            }
            let one = try await server.get("/outbox?to=cy%40contoso.com&limit=5")
            guard case .list(let filtered) = one.json else {
                Issue.record("not a list: \(one)")
                return
            }
            #expect(filtered.map { $0[field: "to"]?.stringValue } == ["cy@contoso.com"])
            #expect(try await server.get("/outbox?limit=0").status == 400)
            #expect(try await server.get("/outbox?limit=ten").status == 400)
            #expect(try await server.get("/outbox?to=%C3%28").status == 400)
            let unknown = try await server.get("/outbox?secret=1")
            #expect(unknown.status == 400)
            #expect(unknown.string("error_description")?.contains("'secret'") == true)
            #expect(try await server.post("/outbox", body: "").status == 405)
        }
    }

    @Test("without the dev outbox, /outbox is 404 and everything else still works")
    func outboxOff() async throws {
        try await TestServer.with(devOutbox: false) { server in
            let challenged = try await server.signUpChallenge("ed@contoso.com")
            #expect(challenged.status == 200)
            let outbox = try await server.get("/outbox?to=ed%40contoso.com")
            #expect(outbox.status == 404)
            #expect(outbox.error == "not_found")
            #expect(
                !outbox.description.contains(try await server.emulator.outbox(to: "ed@contoso.com").first?.code ?? "-"))
        }
    }

    @Test("the access log has one line per request and no password, code, token or parameter value")
    func accessLog() async throws {
        try await TestServer.with { server in
            let token = try await server.signUp("fay@contoso.com")
            let tokens = try await server.call(
                .token,
                [
                    "continuation_token": token, "grant_type": "continuation_token", "username": "fay@contoso.com",
                    "scope": "openid offline_access",
                ], headers: [("client-request-id", "trace-me-123")])
            let code = try #require(try await server.emulator.outbox(to: "fay@contoso.com").first?.code)
            let lines = server.logs.all.filter { $0.contains(" request ") }
            #expect(lines.count >= 5)
            let tokenLine = try #require(lines.first { $0.contains("client_request_id=trace-me-123") })
            #expect(tokenLine.contains("http.method=POST"))
            #expect(tokenLine.contains("http.path=/contoso/oauth2/v2.0/token"))
            #expect(tokenLine.contains("http.status=200"))
            #expect(tokenLine.contains("duration_ms="))
            let secrets = [
                strongPassword, code, token, "fay@contoso.com", "fay%40contoso.com", tokens.string("access_token"),
                tokens.string("refresh_token"), tokens.string("id_token"),
            ].compactMap { $0 }
            for line in server.logs.all {
                for secret in secrets { #expect(!line.contains(secret), "log line leaks a secret: \(line)") }
            }
        }
    }
}
