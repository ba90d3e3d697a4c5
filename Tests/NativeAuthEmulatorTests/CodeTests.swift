import Foundation
import NativeAuth
import NativeAuthEmulator
import NativeAuthTenant
import NativeAuthWire
import TestSupport
import Testing

@Suite("One-time codes")
struct CodeTests {
    /// Starts a sign-up and asks for the code; returns the challenge answer.
    private func challenge(_ harness: Harness, _ username: String) async throws -> WireResponse {
        let started = await harness.send(.signUpStart, ["username": username, "challenge_type": "oob redirect"])
        return await harness.send(.signUpChallenge, ["continuation_token": try started.token()])
    }

    private func submit(_ harness: Harness, _ token: String, _ code: String) async -> WireResponse {
        await harness.send(.signUpContinue, ["continuation_token": token, "grant_type": "oob", "oob": code])
    }

    @Test("a wrong code gives invalid_oob_value (50181) and keeps the token; the right code then works")
    func invalidThenSuccess() async throws {
        let harness = try Harness()
        let challenged = try await challenge(harness, "ann@contoso.com")
        let token = try challenged.token()
        let code = try await harness.code(to: "ann@contoso.com")
        let refused = await submit(harness, token, wrongCode(code))
        #expect(refused.error == "invalid_grant")
        #expect(refused.suberror == "invalid_oob_value")
        #expect(refused.errorCodes == [50181])
        #expect(refused.string("error_description")?.contains(code) == false)
        let accepted = await submit(harness, token, code)
        #expect(accepted.status == 200)
    }

    @Test("maxAttempts wrong codes spend the code (50053, no suberror); the token stays usable for a resend")
    func tooManyAttempts() async throws {
        let harness = try Harness(.testing { $0.codes.maxAttempts = 3 })
        let token = try await challenge(harness, "bo@contoso.com").token()
        let code = try await harness.code(to: "bo@contoso.com")
        for _ in 1..<3 { #expect(await submit(harness, token, wrongCode(code)).suberror == "invalid_oob_value") }
        let last = await submit(harness, token, wrongCode(code))
        #expect(last.error == "invalid_grant")
        #expect(last.suberror == nil)
        #expect(last.errorCodes == [50053])
        let afterwards = await submit(harness, token, code)
        #expect(afterwards.errorCodes == [50053])
        let resend = await harness.send(.signUpChallenge, ["continuation_token": token])
        #expect(resend.status == 200, "\(resend)")
        let newCode = try await harness.code(to: "bo@contoso.com")
        #expect(await submit(harness, try resend.token(), newCode).status == 200)
    }

    @Test("an expired code gives expired_token (552003)")
    func expiredCode() async throws {
        let harness = try Harness(.testing { $0.codes.lifetimeSeconds = 60 })
        let token = try await challenge(harness, "cy@contoso.com").token()
        let code = try await harness.code(to: "cy@contoso.com")
        harness.clock.advance(61)
        let answer = await submit(harness, token, code)
        #expect(answer.error == "expired_token")
        #expect(answer.errorCodes == [552003])
        #expect(answer.string("error_description")?.contains("passcode has expired") == true)
    }

    @Test("a resend sends a new code with a new token; the old code no longer verifies")
    func resendInvalidatesOldCode() async throws {
        let harness = try Harness()
        let first = try await challenge(harness, "di@contoso.com")
        let oldCode = try await harness.code(to: "di@contoso.com")
        let resent = await harness.send(.signUpChallenge, ["continuation_token": try first.token()])
        #expect(resent.string("challenge_type") == "oob")
        #expect(try resent.token() != (try first.token()))
        let newCode = try await harness.code(to: "di@contoso.com")
        #expect(try await harness.emulator.outbox(to: "di@contoso.com").count == 2)
        if oldCode != newCode {
            #expect(await submit(harness, try resent.token(), oldCode).suberror == "invalid_oob_value")
        }
        #expect(await submit(harness, try first.token(), newCode).errorCodes == [55000])
        #expect(await submit(harness, try resent.token(), newCode).status == 200)
    }

    @Test("a resend before resendInterval gives 550026")
    func resendInterval() async throws {
        let harness = try Harness(.testing { $0.codes.resendInterval = 30 })
        let first = try await challenge(harness, "eve@contoso.com")
        #expect(first.integer("interval") == 30)
        let early = await harness.send(.signUpChallenge, ["continuation_token": try first.token()])
        #expect(early.errorCodes == [550026])
        #expect(early.string("error_description")?.contains("wait 30 seconds") == true)
        harness.clock.advance(31)
        let later = await harness.send(.signUpChallenge, ["continuation_token": try first.token()])
        #expect(later.string("challenge_type") == "oob")
    }

    @Test("codes have the configured length", arguments: [4, 6, 12])
    func configuredLength(length: Int) async throws {
        let harness = try Harness(.testing { $0.codes.length = length })
        let challenged = try await challenge(harness, "fay@contoso.com")
        #expect(challenged.integer("code_length") == length)
        #expect(try await harness.code(to: "fay@contoso.com").count == length)
    }
}

@Suite("Continuation tokens")
struct ContinuationTokenTests {
    @Test("a tampered token gives invalid_request 55000")
    func tampered() async throws {
        let harness = try Harness()
        let started = await harness.send(
            .signUpStart, ["username": "ann@contoso.com", "challenge_type": "oob redirect"])
        let token = try started.token()
        let parts = token.split(separator: ".")
        var payload = Array(try #require(base64URLDecode(String(parts[0]))))
        if let index = payload.firstIndex(of: UInt8(ascii: "a")) { payload[index] = UInt8(ascii: "b") }
        let forged =
            Data(payload).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "") + "." + parts[1]
        for candidate in [forged, token + "x", "garbage", String(token.dropLast(2))] {
            let answer = await harness.send(.signUpChallenge, ["continuation_token": candidate])
            #expect(answer.error == "invalid_request")
            #expect(answer.errorCodes == [55000])
        }
    }

    @Test("a used token gives 55000")
    func reused() async throws {
        let harness = try Harness()
        let started = await harness.send(
            .signUpStart, ["username": "bo@contoso.com", "challenge_type": "oob redirect"])
        #expect(await harness.send(.signUpChallenge, ["continuation_token": try started.token()]).status == 200)
        let again = await harness.send(.signUpChallenge, ["continuation_token": try started.token()])
        #expect(again.errorCodes == [55000])
    }

    @Test("a token of another flow or step gives 55000")
    func otherFlow() async throws {
        let harness = try Harness()
        try await harness.signUp("cy@contoso.com", password: strongPassword)
        let started = await harness.send(
            .signUpStart, ["username": "dee@contoso.com", "challenge_type": "oob redirect"])
        let signUpToken = try started.token()
        let asSignIn = await harness.send(.signInChallenge, ["continuation_token": signUpToken])
        #expect(asSignIn.errorCodes == [55000])
        let asReset = await harness.send(.resetPasswordChallenge, ["continuation_token": signUpToken])
        #expect(asReset.errorCodes == [55000])
        let wrongStep = await harness.send(
            .signUpContinue, ["continuation_token": signUpToken, "grant_type": "oob", "oob": "12345678"])
        #expect(wrongStep.errorCodes == [55000])
        let initiated = await harness.send(
            .signInInitiate, ["username": "cy@contoso.com", "challenge_type": "password redirect"])
        let asToken = await harness.send(
            .token, ["continuation_token": try initiated.token(), "grant_type": "password", "password": strongPassword])
        #expect(asToken.errorCodes == [55000])
    }

    @Test("an expired token gives expired_token 552003")
    func expired() async throws {
        let harness = try Harness(.testing { $0.continuationLifetimeSeconds = 120 })
        let started = await harness.send(
            .signUpStart, ["username": "eve@contoso.com", "challenge_type": "oob redirect"])
        harness.clock.advance(121)
        let answer = await harness.send(.signUpChallenge, ["continuation_token": try started.token()])
        #expect(answer.error == "expired_token")
        #expect(answer.errorCodes == [552003])
    }

    @Test("a token issued to another client gives 55000")
    func otherClient() async throws {
        let harness = try Harness(
            .testing { $0.clients = [ClientConfiguration(), ClientConfiguration(clientID: "second-app")] })
        let started = await harness.send(
            .signUpStart, ["username": "fay@contoso.com", "challenge_type": "oob redirect"])
        let answer = await harness.send(
            .signUpChallenge, ["continuation_token": try started.token(), "client_id": "second-app"])
        #expect(answer.errorCodes == [55000])
    }

    @Test("a missing continuation_token gives 90100")
    func missing() async throws {
        let harness = try Harness()
        #expect(await harness.send(.signUpChallenge, [:]).errorCodes == [90100])
    }
}
