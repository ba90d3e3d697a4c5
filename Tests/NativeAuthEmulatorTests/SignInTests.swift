import NativeAuth
import NativeAuthEmulator
import NativeAuthTenant
import NativeAuthWire
import TestSupport
import Testing

@Suite("Sign-in")
struct SignInTests {
    @Test("password sign-in: initiate, password challenge, token")
    func passwordSignIn() async throws {
        let harness = try Harness()
        try await harness.signUp("ann@contoso.com", password: strongPassword)
        let tokens = try await harness.signIn("ann@contoso.com", password: strongPassword)
        #expect(tokens.status == 200)
        #expect(tokens.string("token_type") == "Bearer")
        #expect(tokens.string("id_token") != nil)
        #expect(tokens.string("refresh_token") != nil)
        #expect(tokens.string("client_info") != nil)
        #expect(tokens.integer("expires_in") == 3600)
    }

    @Test("a wrong password gives invalid_grant 50126 and the token stays usable")
    func wrongPassword() async throws {
        let harness = try Harness()
        try await harness.signUp("bo@contoso.com", password: strongPassword)
        let challenged = try await harness.signInChallenge("bo@contoso.com")
        let token = try challenged.token()
        let wrong = await harness.send(
            .token, ["continuation_token": token, "grant_type": "password", "password": "Wrong-Password-1"])
        #expect(wrong.error == "invalid_grant")
        #expect(wrong.errorCodes == [50126])
        #expect(wrong.string("error_description")?.contains("Wrong-Password-1") == false)
        let right = await harness.send(
            .token, ["continuation_token": token, "grant_type": "password", "password": strongPassword])
        #expect(right.status == 200)
    }

    @Test("an unknown user gives user_not_found 50034")
    func unknownUser() async throws {
        let harness = try Harness()
        let answer = await harness.send(
            .signInInitiate, ["username": "nobody@contoso.com", "challenge_type": "password redirect"])
        #expect(answer.error == "user_not_found")
        #expect(answer.errorCodes == [50034])
    }

    @Test("OTP sign-in for a user without a password")
    func otpSignIn() async throws {
        let harness = try Harness()
        try await harness.signUp("cy@contoso.com")
        let challenged = try await harness.signInChallenge("cy@contoso.com")
        #expect(challenged.string("challenge_type") == "oob")
        let message = try #require(try await harness.emulator.outbox(to: "cy@contoso.com", limit: 1).first)
        #expect(message.purpose == .signIn)
        let tokens = await harness.send(
            .token,
            ["continuation_token": try challenged.token(), "grant_type": "oob", "oob": message.code, "scope": "openid"])
        #expect(tokens.status == 200)
        #expect(tokens.string("refresh_token") == nil)
        #expect(tokens.string("id_token") != nil)
    }

    @Test("a user with a password and an oob-only client signs in with a code")
    func oobForPasswordUser() async throws {
        let harness = try Harness()
        try await harness.signUp("dee@contoso.com", password: strongPassword)
        let challenged = try await harness.signInChallenge("dee@contoso.com", types: "oob redirect")
        #expect(challenged.string("challenge_type") == "oob")
    }

    @Test("a password-redirect client signing in a user without a password is redirected")
    func redirectUserWithoutPassword() async throws {
        let harness = try Harness()
        try await harness.signUp("eve@contoso.com")
        let answer = await harness.send(
            .signInInitiate, ["username": "eve@contoso.com", "challenge_type": "password redirect"])
        #expect(answer.status == 200)
        #expect(answer.string("challenge_type") == "redirect")
        #expect(answer.string("continuation_token") == nil)
    }

    @Test("an oob-redirect client and a password user when email OTP sign-in is off is redirected")
    func redirectWhenOTPSignInOff() async throws {
        let harness = try Harness(.testing { $0.signIn.emailOTP = false })
        try await harness.signUp("fay@contoso.com", password: strongPassword)
        let answer = await harness.send(
            .signInInitiate, ["username": "fay@contoso.com", "challenge_type": "oob redirect"])
        #expect(answer.string("challenge_type") == "redirect")
    }

    @Test("an unknown client gives unauthorized_client 700016; a disabled one invalid_client")
    func clients() async throws {
        let harness = try Harness(
            .testing { $0.clients.append(ClientConfiguration(clientID: "legacy-app", nativeAuthEnabled: false)) })
        for endpoint in NativeAuthEndpoint.allCases {
            let answer = await harness.send(endpoint, ["client_id": "11111111-2222-3333-4444-555555555555"])
            #expect(answer.error == "unauthorized_client")
            #expect(answer.errorCodes == [700016])
        }
        let disabled = await harness.send(
            .signInInitiate, ["client_id": "legacy-app", "username": "x@contoso.com", "challenge_type": "oob redirect"])
        #expect(disabled.error == "invalid_client")
        #expect(disabled.suberror == "nativeauthapi_disabled")
        let missing = await harness.emulator.handle(WireRequest(endpoint: .signInInitiate, parameters: [:]))
        #expect(missing.errorCodes == [90100])
    }

    @Test("error bodies carry the AADSTS description, codes, timestamp, trace and correlation ids")
    func errorEnvelope() async throws {
        let harness = try Harness()
        let transport = InProcessTransport(emulator: harness.emulator)
        let answer = try await transport.send(
            WireRequest(
                endpoint: .signInInitiate,
                parameters: [
                    "client_id": clientID, "username": "nobody@contoso.com", "challenge_type": "oob redirect",
                ],
                headers: ["client-request-id": "4f3c8a1e-1111-2222-3333-444455556666"]))
        let error = try #require(WireError(body: answer.body ?? [:]))
        #expect(error.correlationID == "4f3c8a1e-1111-2222-3333-444455556666")
        #expect(answer.headers["client-request-id"] == "4f3c8a1e-1111-2222-3333-444455556666")
        let traceID = try #require(error.traceID)
        let timestamp = try #require(error.timestamp)
        #expect(timestamp.count == 20 && timestamp.hasSuffix("Z"))
        #expect(error.description.hasPrefix("AADSTS50034: "))
        #expect(
            error.description.contains(
                "\r\nTrace ID: \(traceID)\r\nCorrelation ID: 4f3c8a1e-1111-2222-3333-444455556666\r\nTimestamp: \(timestamp)"
            ))
        #expect(error.description.contains("nobody@contoso.com") == false)
        let assigned = try await transport.send(
            WireRequest(endpoint: .signInInitiate, parameters: ["client_id": clientID]))
        #expect(assigned.headers["client-request-id"]?.isEmpty == false)
        #expect(assigned.headers["client-request-id"] == assigned.string("correlation_id"))
    }
}
