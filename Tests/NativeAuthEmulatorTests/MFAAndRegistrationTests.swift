import FlowEngine
import NativeAuth
import NativeAuthEmulator
import NativeAuthWire
import TestSupport
import Testing

@Suite("MFA and JIT registration")
struct MFAAndRegistrationTests {
    /// Sends the newest code `recipient` got (which must be for `purpose`) to `endpoint` with `parameters`: first
    /// a wrong code, refused with `invalid_oob_value`, then the right one; returns the answer to the right one.
    private func submitWrongThenRightCode(
        _ harness: Harness, sentTo recipient: String, for purpose: OutboxMessage.Purpose,
        to endpoint: NativeAuthEndpoint, _ parameters: [String: String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> WireResponse {
        let message = try #require(
            try await harness.emulator.outbox(to: recipient, limit: 1).first, sourceLocation: sourceLocation)
        #expect(message.purpose == purpose, sourceLocation: sourceLocation)
        let wrong = await harness.send(endpoint, parameters.merging(["oob": wrongCode(message.code)]) { $1 })
        #expect(wrong.suberror == "invalid_oob_value", sourceLocation: sourceLocation)
        return await harness.send(endpoint, parameters.merging(["oob": message.code]) { $1 })
    }

    @Test("MFA: mfa_required, introspect, challenge with id, wrong code, then mfa_oob")
    func mfa() async throws {
        let harness = try Harness()
        try await harness.signUp("ann@contoso.com", password: strongPassword)
        #expect(try await harness.emulator.store.setMFA(true, for: "ann@contoso.com"))
        let first = try await harness.signIn("ann@contoso.com", password: strongPassword, capabilities: "mfa_required")
        #expect(first.error == "invalid_grant")
        #expect(first.suberror == "mfa_required")
        let introspected = await harness.send(.signInIntrospect, ["continuation_token": try first.token()])
        #expect(introspected.status == 200)
        guard case .list(let methods) = introspected.body?["methods"], let method = methods.first else {
            Issue.record("no methods in \(introspected)")
            return
        }
        #expect(method[field: "challenge_channel"] == .string("email"))
        #expect(method[field: "login_hint"] == .string("a***n@co**o.com"))
        let id = try #require(method[field: "id"]?.stringValue)
        let challenged = await harness.send(
            .signInChallenge,
            ["continuation_token": try introspected.token(), "id": id, "challenge_type": "oob redirect"])
        #expect(challenged.string("challenge_type") == "oob")
        let tokens = try await submitWrongThenRightCode(
            harness, sentTo: "ann@contoso.com", for: .mfa, to: .token,
            ["continuation_token": try challenged.token(), "grant_type": "mfa_oob"])
        #expect(tokens.status == 200)
        #expect(tokens.string("access_token") != nil)
    }

    @Test("MFA without the mfa_required capability is a redirect")
    func mfaWithoutCapability() async throws {
        let harness = try Harness(.testing { $0.mfa.required = true })
        try await harness.signUp("bo@contoso.com", password: strongPassword)
        let answer = try await harness.signIn("bo@contoso.com", password: strongPassword)
        #expect(answer.string("challenge_type") == "redirect")
        #expect(answer.string("redirect_reason") == "Client is missing mfa_required capability")
    }

    @Test("JIT: registration_required, introspect, same email is preverified, then tokens")
    func jitPreverified() async throws {
        let harness = try Harness(.testing { $0.registration.required = true })
        try await harness.signUp("cy@contoso.com", password: strongPassword)
        let first = try await harness.signIn(
            "cy@contoso.com", password: strongPassword, capabilities: "mfa_required registration_required")
        #expect(first.suberror == "registration_required")
        let introspected = await harness.send(.registerIntrospect, ["continuation_token": try first.token()])
        guard case .list(let methods) = introspected.body?["methods"] else {
            Issue.record("no methods in \(introspected)")
            return
        }
        #expect(methods.compactMap { $0[field: "id"]?.stringValue } == ["email", "sms"])
        let challenged = await harness.send(
            .registerChallenge,
            [
                "continuation_token": try introspected.token(), "challenge_type": "oob redirect",
                "challenge_target": "CY@contoso.com", "challenge_channel": "email",
            ])
        #expect(challenged.string("challenge_type") == "preverified")
        let registered = await harness.send(
            .registerContinue, ["continuation_token": try challenged.token(), "grant_type": "continuation_token"])
        #expect(registered.status == 200)
        let tokens = await harness.send(
            .token, ["continuation_token": try registered.token(), "grant_type": "continuation_token"])
        #expect(tokens.status == 200)
        #expect(try await harness.emulator.store.user(named: "cy@contoso.com")?.methods == ["email:CY@contoso.com"])
        #expect(try await harness.signIn("cy@contoso.com", password: strongPassword).status == 200)
    }

    @Test("JIT with another contact: a code to that contact, wrong then right")
    func jitWithCode() async throws {
        let harness = try Harness(.testing { $0.registration.required = true })
        try await harness.signUp("dee@contoso.com", password: strongPassword)
        let first = try await harness.signIn(
            "dee@contoso.com", password: strongPassword, capabilities: "registration_required")
        let invalid = await harness.send(
            .registerChallenge,
            ["continuation_token": try first.token(), "challenge_target": "12345", "challenge_channel": "sms"])
        #expect(invalid.error == "invalid_request")
        #expect(invalid.errorCodes == [901001])
        let challenged = await harness.send(
            .registerChallenge,
            [
                "continuation_token": try first.token(), "challenge_type": "oob redirect",
                "challenge_target": "+4722334455", "challenge_channel": "sms",
            ])
        #expect(challenged.string("challenge_type") == "oob")
        #expect(challenged.string("challenge_channel") == "sms")
        let registered = try await submitWrongThenRightCode(
            harness, sentTo: "+4722334455", for: .registration, to: .registerContinue,
            ["continuation_token": try challenged.token(), "grant_type": "oob"])
        #expect(registered.status == 200)
        let tokens = await harness.send(
            .token, ["continuation_token": try registered.token(), "grant_type": "continuation_token"])
        #expect(tokens.status == 200)
    }

    @Test("JIT without the capability is a redirect; a blocked contact is access_denied")
    func jitRedirectAndBlocked() async throws {
        let harness = try Harness(
            .testing {
                $0.registration.required = true
                $0.blockedTargets = ["+4799999999"]
            })
        try await harness.signUp("eve@contoso.com", password: strongPassword)
        let redirected = try await harness.signIn("eve@contoso.com", password: strongPassword)
        #expect(redirected.string("challenge_type") == "redirect")
        let first = try await harness.signIn(
            "eve@contoso.com", password: strongPassword, capabilities: "registration_required")
        let blocked = await harness.send(
            .registerChallenge,
            ["continuation_token": try first.token(), "challenge_target": "+4799999999", "challenge_channel": "sms"])
        #expect(blocked.error == "access_denied")
        #expect(blocked.suberror == "provider_blocked_by_rep")
        #expect(blocked.errorCodes == [550024])
    }

    @Test("JIT applies to the sign-in after sign-up too")
    func jitAfterSignUp() async throws {
        let harness = try Harness(.testing { $0.registration.required = true })
        let token = try await harness.signUp("fay@contoso.com")
        let answer = await harness.send(.token, ["continuation_token": token, "grant_type": "continuation_token"])
        #expect(answer.string("challenge_type") == "redirect")
    }
}
