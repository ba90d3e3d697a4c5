import FlowrunFoundation
import Foundation
import NativeAuth
import NativeAuthWire
import TestSupport
import Testing

@testable import NativeAuthEmulator

/// The emulator's security properties, through `NativeAuthEmulator.handle(_:)`.
///
/// Already tested elsewhere, and not repeated here:
/// - a wrong code keeps the continuation, the right one then works: `CodeTests.invalidThenSuccess`;
/// - a code replayed after it succeeded, over HTTP: `HardeningTests.replayedCode`;
/// - a code used after its lifetime at sign-up: `CodeTests.expiredCode`;
/// - `codes.maxAttempts` wrong codes at sign-up spend the code (the right one included; a resend sends a new
///   one): `CodeTests.tooManyAttempts`;
/// - a resend at sign-up invalidates the previous code and token: `CodeTests.resendInvalidatesOldCode`;
///   a resend before `codes.resendInterval` is 550026, allowed after: `CodeTests.resendInterval`;
/// - tampered, garbage, reused, other-flow, other-step, other-client and expired continuation tokens:
///   `ContinuationTokenTests` (`tampered`, `reused`, `otherFlow`, `expired`, `otherClient`) and, over HTTP,
///   `HardeningTests.continuationTokens`;
/// - refresh tokens rotate, a reused one is refused (70000) and revokes its whole family:
///   `TokenTests.refreshRotation`; an expired one: `TokenTests.expiredRefreshToken`;
/// - no secret in a log line: `EndToEndTests.accessLog`, `TransportTests.logsAtDebugWithoutBodiesParametersOrTokens`
///   and `LogSecretTests` (NativeAuthServerTests).
///
/// What is added here: the code properties for every endpoint that checks a code (sign-in and password reset as
/// well as sign-up), the exact expiry boundary, what a too-early resend leaves behind, every single-character
/// change of a continuation token, a sign-up token at every endpoint of the other flows, and constant-time
/// comparison of codes, password hashes and token MACs.
@Suite("Security properties")
struct SecurityPropertyTests {
    // MARK: Codes

    @Test("a code is accepted once: the same token and code again are refused, the code with a new token too")
    func codeIsSingleUse() async throws {
        for flow in CodeFlow.allCases {
            let harness = try Harness()
            let username = "single-\(flow.rawValue)@contoso.com"
            try await flow.prepare(harness, username)
            let challenged = try await flow.challenge(harness, username)
            let code = try await harness.code(to: username)
            let accepted = await flow.submit(harness, token: try challenged.token(), code: code)
            #expect(accepted.status == 200, "\(flow): \(accepted)")
            let replayed = await flow.submit(harness, token: try challenged.token(), code: code)
            #expect(replayed.status == 400, "\(flow): \(replayed)")
            #expect(replayed.errorCodes == [55000], "\(flow): \(replayed)")

            guard flow != .signUp else { continue }  // a completed sign-up cannot start again for the same user
            let again = try await flow.challenge(harness, username)
            let newCode = try await harness.code(to: username)
            try #require(newCode != code, "two random codes were equal; run again")
            let oldCode = await flow.submit(harness, token: try again.token(), code: code)
            #expect(oldCode.suberror == "invalid_oob_value", "\(flow): \(oldCode)")
            #expect(oldCode.errorCodes == [50181], "\(flow): \(oldCode)")
        }
    }

    @Test("a code verifies until its lifetime ends and never after", arguments: CodeFlow.allCases)
    func codeExpiresAtItsLifetime(flow: CodeFlow) async throws {
        let harness = try Harness(.testing { $0.codes.lifetimeSeconds = 60 })
        let early = "early-\(flow.rawValue)@contoso.com"
        let late = "late-\(flow.rawValue)@contoso.com"
        try await flow.prepare(harness, early)
        try await flow.prepare(harness, late)
        let earlyToken = try await flow.challenge(harness, early).token()
        let earlyCode = try await harness.code(to: early)
        let lateToken = try await flow.challenge(harness, late).token()
        let lateCode = try await harness.code(to: late)

        harness.clock.advance(59)
        let inTime = await flow.submit(harness, token: earlyToken, code: earlyCode)
        #expect(inTime.status == 200, "\(inTime)")

        harness.clock.advance(2)
        for _ in 0..<2 {
            let expired = await flow.submit(harness, token: lateToken, code: lateCode)
            #expect(expired.status == 400, "\(expired)")
            #expect(expired.error == "expired_token", "\(expired)")
            #expect(expired.errorCodes == [552003], "\(expired)")
        }
    }

    /// Sign-up is `CodeTests.tooManyAttempts`.
    @Test(
        "after codes.maxAttempts wrong codes the code is spent: the right code is refused, a resend sends a new one",
        arguments: [CodeFlow.signIn, .resetPassword])
    func wrongCodesSpendTheCode(flow: CodeFlow) async throws {
        let harness = try Harness(.testing { $0.codes.maxAttempts = 3 })
        let username = "tries-\(flow.rawValue)@contoso.com"
        try await flow.prepare(harness, username)
        let token = try await flow.challenge(harness, username).token()
        let code = try await harness.code(to: username)
        for attempt in 1...2 {
            let wrong = await flow.submit(harness, token: token, code: wrongCode(code))
            #expect(wrong.suberror == "invalid_oob_value", "attempt \(attempt): \(wrong)")
        }
        let last = await flow.submit(harness, token: token, code: wrongCode(code))
        #expect(last.error == "invalid_grant", "\(last)")
        #expect(last.suberror == nil, "\(last)")
        #expect(last.errorCodes == [50053], "\(last)")
        let right = await flow.submit(harness, token: token, code: code)
        #expect(right.status == 400, "\(right)")
        #expect(right.errorCodes == [50053], "\(right)")
        let sent = try await harness.emulator.outbox(to: username).count
        let resent = await flow.resend(harness, token: token)
        #expect(resent.status == 200, "\(resent)")
        #expect(try await harness.emulator.outbox(to: username).count == sent + 1)
    }

    /// Sign-up is `CodeTests.resendInvalidatesOldCode`.
    @Test("a resend invalidates the previous code and its token", arguments: [CodeFlow.signIn, .resetPassword])
    func resendInvalidatesThePreviousCode(flow: CodeFlow) async throws {
        let harness = try Harness()
        let username = "resend-\(flow.rawValue)@contoso.com"
        try await flow.prepare(harness, username)
        let first = try await flow.challenge(harness, username).token()
        let oldCode = try await harness.code(to: username)
        let resent = await flow.resend(harness, token: first)
        #expect(resent.string("challenge_type") == "oob", "\(resent)")
        let second = try resent.token()
        let newCode = try await harness.code(to: username)
        try #require(newCode != oldCode, "two random codes were equal; run again")
        let oldWithNewToken = await flow.submit(harness, token: second, code: oldCode)
        #expect(oldWithNewToken.suberror == "invalid_oob_value", "\(oldWithNewToken)")
        let oldToken = await flow.submit(harness, token: first, code: newCode)
        #expect(oldToken.errorCodes == [55000], "\(oldToken)")
        let fresh = await flow.submit(harness, token: second, code: newCode)
        #expect(fresh.status == 200, "\(fresh)")
    }

    /// A resend before `codes.resendInterval` is refused with 550026 (see also `CodeTests.resendInterval`) and
    /// changes nothing: no code is sent, the token is not used up, and the code already sent still verifies.
    @Test("a resend before the interval is refused (550026) and changes nothing", arguments: CodeFlow.allCases)
    func earlyResendChangesNothing(flow: CodeFlow) async throws {
        let harness = try Harness(.testing { $0.codes.resendInterval = 30 })
        let username = "early-\(flow.rawValue)@contoso.com"
        try await flow.prepare(harness, username)
        // The interval is per recipient: preparing the user (its sign-up) sent a code to the same address.
        harness.clock.advance(30)
        let challenged = try await flow.challenge(harness, username)
        #expect(challenged.integer("interval") == 30, "\(challenged)")
        let token = try challenged.token()
        let code = try await harness.code(to: username)
        let sent = try await harness.emulator.outbox(to: username).count

        for (wait, seconds) in [(0.0, 30), (29.0, 1)] {
            harness.clock.advance(wait)
            let early = await flow.resend(harness, token: token)
            #expect(early.status == 400, "\(early)")
            #expect(early.error == "invalid_request", "\(early)")
            #expect(early.errorCodes == [550026], "\(early)")
            #expect(early.string("error_description")?.contains("wait \(seconds) seconds") == true, "\(early)")
            #expect(early.string("continuation_token") == nil)
        }
        #expect(try await harness.emulator.outbox(to: username).count == sent)
        let accepted = await flow.submit(harness, token: token, code: code)
        #expect(accepted.status == 200, "\(accepted)")
    }

    // MARK: Continuation tokens

    @Test("a continuation token with any one character changed is refused (55000); the original still works")
    func everySingleCharacterChangeIsRefused() async throws {
        let harness = try Harness()
        let started = await harness.send(
            .signUpStart, ["username": "flip@contoso.com", "challenge_type": "oob redirect"])
        let token = Array(try started.token())
        #expect(token.count > 40)
        for index in token.indices {
            for replacement in Self.replacements(for: token[index]) {
                var changed = token
                changed[index] = replacement
                let answer = await harness.send(.signUpChallenge, ["continuation_token": String(changed)])
                #expect(
                    answer.errorCodes == [55000] && answer.error == "invalid_request",
                    "character \(index) `\(token[index])` → `\(replacement)`: \(answer)")
            }
        }
        let original = await harness.send(.signUpChallenge, ["continuation_token": String(token)])
        #expect(original.string("challenge_type") == "oob", "\(original)")
    }

    /// Other characters to put at a position: the neighbours in the base64url alphabet (which change only the
    /// unused low bits of a final character when the decoder ignores them), and the separator.
    private static func replacements(for character: Character) -> [Character] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        guard let position = alphabet.firstIndex(of: character) else { return ["A"] }
        var result: [Character] = [alphabet[(position + 1) % 64], alphabet[(position + 63) % 64]]
        if position % 4 != 0 { result.append(alphabet[position - position % 4]) }
        result.append(".")
        return result
    }

    @Test("a sign-up token, started or completed, is refused (55000) at every endpoint of the other flows")
    func signUpTokenAtOtherFlows() async throws {
        let harness = try Harness()
        let completed = try await harness.signUp("cross@contoso.com", password: strongPassword)
        let started = try await harness.send(
            .signUpStart, ["username": "other@contoso.com", "challenge_type": "oob password redirect"]
        ).token()
        let elsewhere: [(NativeAuthEndpoint, [String: String])] = [
            (.signInChallenge, [:]),
            (.signInIntrospect, [:]),
            (.token, ["grant_type": "password", "password": strongPassword]),
            (.token, ["grant_type": "oob", "oob": "12345678"]),
            (.token, ["grant_type": "mfa_oob", "oob": "12345678"]),
            (.registerIntrospect, [:]),
            (.registerChallenge, ["challenge_type": "oob", "challenge_channel": "email"]),
            (.registerContinue, ["grant_type": "oob", "oob": "12345678"]),
            (.resetPasswordChallenge, [:]),
            (.resetPasswordContinue, ["grant_type": "oob", "oob": "12345678"]),
            (.resetPasswordSubmit, ["new_password": otherStrongPassword]),
            (.resetPasswordPollCompletion, [:]),
        ]
        for token in [started, completed] {
            for (endpoint, parameters) in elsewhere {
                var parameters = parameters
                parameters["continuation_token"] = token
                let answer = await harness.send(endpoint, parameters)
                #expect(answer.status == 400, "\(endpoint) \(parameters["grant_type"] ?? ""): \(answer)")
                #expect(answer.errorCodes == [55000], "\(endpoint) \(parameters["grant_type"] ?? ""): \(answer)")
            }
        }
        // The refusals used nothing up: the completed sign-up still gets its tokens.
        let tokens = await harness.send(
            .token, ["continuation_token": completed, "grant_type": "continuation_token", "scope": "openid"])
        #expect(tokens.status == 200, "\(tokens)")
        #expect(try await harness.signIn("cross@contoso.com", password: strongPassword).status == 200)
    }

    // MARK: Constant-time comparison

    @Test("ConstantTime.equalStrings compares the UTF-8 bytes, whatever their lengths")
    func constantTimeEqualStrings() {
        #expect(ConstantTime.equalStrings("12345678", "12345678"))
        #expect(ConstantTime.equalStrings("", ""))
        #expect(!ConstantTime.equalStrings("12345678", "12345679"))
        #expect(!ConstantTime.equalStrings("12345678", "02345678"))
        #expect(!ConstantTime.equalStrings("12345678", "1234567"))
        #expect(!ConstantTime.equalStrings("1234567", "12345678"))
        #expect(!ConstantTime.equalStrings("12345678", ""))
        #expect(!ConstantTime.equalStrings("12345678", " 12345678"))
    }

    @Test("PasswordHasher.verify accepts the password only, and no malformed hash")
    func passwordVerification() throws {
        let encoded = try PasswordHasher.hash(strongPassword, iterations: 1_000)
        #expect(PasswordHasher.verify(strongPassword, against: encoded))
        #expect(!PasswordHasher.verify(otherStrongPassword, against: encoded))
        #expect(!PasswordHasher.verify(strongPassword + "x", against: encoded))
        #expect(!PasswordHasher.verify(String(strongPassword.dropLast()), against: encoded))
        let parts = encoded.split(separator: "$").map(String.init)
        let truncatedHash = [parts[0], parts[1], parts[2], String(parts[3].dropLast(4))].joined(separator: "$")
        for malformed in ["", encoded + "$", truncatedHash, encoded.replacingOccurrences(of: "pbkdf2", with: "x")] {
            #expect(!PasswordHasher.verify(strongPassword, against: malformed), "\(malformed)")
        }
    }

    /// The secret comparisons of the emulator, as source text: each must call `ConstantTime` and never compare
    /// the secret with `==` or `!=` (which stop at the first differing byte).
    @Test(
        "codes, password hashes and token MACs are compared with ConstantTime, never with == or !=",
        arguments: [
            SecretComparison(
                file: "Crypto/PasswordHasher.swift", call: "ConstantTime.equal(derived, Array(expected))",
                secrets: ["derived", "expected"]),
            SecretComparison(
                file: "Endpoints/Codes.swift", call: "ConstantTime.equalStrings(stored, code.code)",
                secrets: ["stored", "code.code"]),
            SecretComparison(
                file: "Crypto/ContinuationTokens.swift", call: "ConstantTime.equal(Array(expected), Array(mac))",
                secrets: ["expected", "mac"]),
        ])
    func secretsAreComparedInConstantTime(comparison: SecretComparison) throws {
        let text = try String(contentsOfFile: comparison.path, encoding: .utf8)
        #expect(text.contains(comparison.call), "\(comparison.file) does not call \(comparison.call)")
        let offending = comparison.plainComparisons(in: text)
        #expect(offending.isEmpty, "\(comparison.file) compares a secret with == or !=: \(offending)")
        // The scan finds what it looks for: the same file with one comparison written plainly.
        for secret in comparison.secrets {
            let planted = text + "\nlet same = \(secret) == other\n"
            #expect(comparison.plainComparisons(in: planted).count == offending.count + 1, "\(secret)")
        }
    }
}

/// A source file of the emulator, the constant-time call it must make and the names of its secret values.
struct SecretComparison: Sendable, CustomTestStringConvertible {
    var file: String
    var call: String
    var secrets: [String]

    var testDescription: String { file }

    /// The file under `Sources/NativeAuthEmulator` of this package.
    var path: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/NativeAuthEmulator/\(file)").path
    }

    /// The lines (comments dropped) that compare one of ``secrets`` with `==` or `!=`.
    func plainComparisons(in text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.compactMap { fullLine in
            let line = fullLine.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let compares = secrets.contains { secret in
                ["\(secret) ==", "\(secret) !=", "== \(secret)", "!= \(secret)"].contains { pattern in
                    line.ranges(of: pattern).contains { range in
                        // Whole names only: `mac ==` is not `hmac ==`, `== mac` is not `== machine`.
                        let before =
                            range.lowerBound == line.startIndex ? " " : line[line.index(before: range.lowerBound)]
                        let after = range.upperBound == line.endIndex ? " " : line[range.upperBound]
                        return !Self.isNameCharacter(before) && before != "." && !Self.isNameCharacter(after)
                    }
                }
            }
            return compares ? String(fullLine) : nil
        }
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
