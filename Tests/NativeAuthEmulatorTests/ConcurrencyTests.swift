import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation
import NativeAuth
import NativeAuthTenant
import NativeAuthWire
import TestSupport
import Testing

@testable import NativeAuthEmulator

/// The password check and the token opening run before the write transaction; what a request relies on is
/// checked and consumed inside it. These tests send one continuation token (and one code) many times at once and
/// expect exactly one success, on the in-memory store and on the file store (whose reads run in parallel).
@Suite("Concurrent use of one continuation or code")
struct ConcurrencyTests {
    static let attempts = 8

    /// A harness over the in-memory store, or over a file store in a fresh directory (removed by `cleanUp`).
    static func harness(file: Bool) throws -> (harness: Harness, cleanUp: @Sendable () -> Void) {
        guard file else { return (try Harness(), {}) }
        let directory = NSTemporaryDirectory() + "flowrun-concurrency-\(UUID().uuidString.lowercased())"
        let harness = try Harness(store: try EmulatorStore(directory: directory))
        return (harness, { try? FileManager.default.removeItem(atPath: directory) })
    }

    /// Sends `parameters` to `endpoint` `attempts` times at once.
    static func race(
        _ harness: Harness, _ endpoint: NativeAuthEndpoint, _ parameters: [String: String]
    ) async -> [WireResponse] {
        await withTaskGroup(of: WireResponse.self) { group in
            for _ in 0..<attempts {
                group.addTask { await harness.send(endpoint, parameters) }
            }
            var answers: [WireResponse] = []
            for await answer in group { answers.append(answer) }
            return answers
        }
    }

    @Test("one password continuation presented at once many times gives tokens once", arguments: [false, true])
    func passwordContinuationOnce(file: Bool) async throws {
        let (harness, cleanUp) = try Self.harness(file: file)
        defer { cleanUp() }
        try await harness.signUp("ann@contoso.com", password: strongPassword)
        let challenged = try await harness.signInChallenge("ann@contoso.com")
        try #require(challenged.string("challenge_type") == "password", "\(challenged)")
        let answers = await Self.race(
            harness, .token,
            [
                "continuation_token": try challenged.token(), "grant_type": "password",
                "password": strongPassword, "scope": "openid offline_access",
            ])
        #expect(answers.filter { $0.status == 200 }.count == 1, "\(answers)")
        #expect(answers.filter { $0.errorCodes == [55000] }.count == Self.attempts - 1, "\(answers)")
        #expect(answers.filter { $0.string("refresh_token") != nil }.count == 1)
    }

    @Test("one code presented at once many times signs in once", arguments: [false, true])
    func codeOnce(file: Bool) async throws {
        let (harness, cleanUp) = try Self.harness(file: file)
        defer { cleanUp() }
        try await harness.signUp("bea@contoso.com")
        let challenged = try await harness.signInChallenge("bea@contoso.com", types: "oob redirect")
        try #require(challenged.string("challenge_type") == "oob", "\(challenged)")
        let code = try await harness.code(to: "bea@contoso.com")
        let answers = await Self.race(
            harness, .token,
            ["continuation_token": try challenged.token(), "grant_type": "oob", "oob": code, "scope": "openid"])
        #expect(answers.filter { $0.status == 200 }.count == 1, "\(answers)")
        #expect(answers.filter { $0.errorCodes == [55000] }.count == Self.attempts - 1, "\(answers)")
    }

    @Test("wrong codes sent at once count every try: the code is spent after maxAttempts")
    func wrongCodesCount() async throws {
        let (harness, cleanUp) = try Self.harness(file: true)
        defer { cleanUp() }
        try await harness.signUp("cat@contoso.com")
        let challenged = try await harness.signInChallenge("cat@contoso.com", types: "oob redirect")
        let token = try challenged.token()
        let code = try await harness.code(to: "cat@contoso.com")
        let answers = await Self.race(
            harness, .token, ["continuation_token": token, "grant_type": "oob", "oob": wrongCode(code)])
        let maxAttempts = TenantConfiguration.testing().codes.maxAttempts
        #expect(answers.allSatisfy { $0.status == 400 }, "\(answers)")
        #expect(answers.filter { $0.errorCodes == [50053] && $0.suberror == nil }.count >= 1, "\(answers)")
        #expect(answers.filter { $0.suberror == "invalid_oob_value" }.count == min(maxAttempts - 1, Self.attempts - 1))
        let after = await harness.send(
            .token, ["continuation_token": token, "grant_type": "oob", "oob": code, "scope": "openid"])
        #expect(after.status == 400 && after.errorCodes == [50053], "\(after)")
    }

    @Test("a precomputed password check is used only for the exact stored hash it was computed against")
    func preparedVerifyFallsBack() throws {
        let current = try PasswordHasher.hash(strongPassword, iterations: 1_000)
        let changed = try PasswordHasher.hash(otherStrongPassword, iterations: 1_000)
        // A (wrong) precomputed answer for `current` must not be used for `changed`.
        var prepared = PrecomputedWork()
        prepared.verified = PrecomputedWork.Verified(password: strongPassword, hash: current, matches: true)
        #expect(prepared.verify(strongPassword, against: current))
        #expect(!prepared.verify(strongPassword, against: changed))
        #expect(prepared.verify(otherStrongPassword, against: changed))
        prepared.hashed = PrecomputedWork.Hashed(password: strongPassword, iterations: 1_000, hash: current)
        #expect(try prepared.hash(strongPassword, iterations: 1_000) == current)
        let other = try prepared.hash(otherStrongPassword, iterations: 1_000)
        #expect(other != current && PasswordHasher.verify(otherStrongPassword, against: other))
    }

    @Test("Base64URL matches Foundation's base64 with the URL alphabet, and refuses non-canonical text")
    func base64URL() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let expected = Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            let encoded = Base64URL.encode(bytes)
            #expect(encoded == expected)
            #expect(Base64URL.decode(encoded) == Data(bytes))
            // Bytes without contiguous storage are encoded alike.
            let repeated = repeatElement(UInt8(0xFB), count: length)
            #expect(Base64URL.encode(repeated) == Base64URL.encode(Array(repeated)))
        }
        #expect(Base64URL.decode("QQ") == Data("A".utf8))
        #expect(Base64URL.decode("QR") == nil)  // low bits set: not canonical
        #expect(Base64URL.decode("QUI") == Data("AB".utf8))
        #expect(Base64URL.decode("QUJ") == nil)
        #expect(Base64URL.decode("Q") == nil)
        #expect(Base64URL.decode("QQ==") == nil)
        #expect(Base64URL.decode("Q+8/") == nil)
        #expect(Base64URL.decode("") == Data())
    }

    @Test("lenient decoding reads base64url and plain base64, padded or not, as Foundation does")
    func base64Lenient() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<40 {
            let bytes = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let plain = bytes.base64EncodedString()
            let url = Base64URL.encode(bytes)
            #expect(Base64URL.decodeLeniently(Substring(plain)) == bytes, "\(plain)")
            #expect(Base64URL.decodeLeniently(Substring(url)) == bytes, "\(url)")
        }
        #expect(Base64URL.decodeLeniently("QR") == Data("A".utf8))  // low bits set: accepted when lenient
        #expect(Base64URL.decodeLeniently("Q") == nil)
        #expect(Base64URL.decodeLeniently("Q!==") == nil)
    }

    @Test("trimmingWhitespace trims exactly what trimmingCharacters(in:) trims")
    func trimming() {
        let samples = [
            "", " ", "a", " a", "a ", "\ta\n", "ann@contoso.com", "\u{00A0}x\u{3000}", "é", " é ", "x\u{2028}",
            "\u{85}y",
            "a b", "~", "!x!", "\r\n",
        ]
        for sample in samples {
            #expect(sample.trimmingWhitespace() == sample.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(sample.trimmingWhitespace(.spaces) == sample.trimmingCharacters(in: .whitespaces))
        }
    }

    @Test("JSONWriter writes what JSONEncoder writes with sorted keys and unescaped slashes")
    func jsonText() throws {
        let value: Value = [
            "b": "a/b \"q\" \\ \n\t\r\u{8}\u{c}\u{1} é ☃ 😀", "a": 3600, "c": [true, false, .null, -7],
            "d": ["z": "1", "y": ["x": 2]], "e": .number(1.5), "f": .number(-0.25),
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let expected = try encoder.encode(value)
        let written = try #require(JSONWriter.encode(value))
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(try JSONDecoder().decode(Value.self, from: Data(written)) == value)
        #expect(JSONWriter.encode(.number(.infinity)) == nil)
    }
}
