import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation
import NativeAuth
import NativeAuthWire
import Testing

/// One row of the wire-mapping table: a canned answer named in section 7 of the protocol reference, served
/// over real HTTP, and the catalog outcome section 4 gives it.
struct WireRow: Sendable, CustomTestStringConvertible {
    /// `endpoint: MockName`, as section 7 lists it.
    var name: String
    var action: String
    var arguments: [String: Value] = [:]
    var state: [String: String]?
    var answers: [NativeAuthEndpoint: [Canned]]
    var outcome: String
    /// Data the outcome must carry (others are only checked against the catalog).
    var data: [String: Value] = [:]
    /// For `unexpected`: the wire `error` it must report.
    var error: String?
    var configuration = NativeAuthConfiguration.test
    var account: CachedAccount?

    var testDescription: String { "\(name) → \(action) → \(outcome)" }

    /// Runs the row against a canned server and checks the outcome, its data and the catalog.
    func check() async throws {
        let result = try await CannedServer.with(answers) { authority, _ in
            try await httpClient(authority, configuration: configuration, account: account).perform(
                action, arguments: arguments, continuation: state.map { AuthorityContinuation($0) })
        }
        #expect(result.outcome == outcome, "data: \(result.data)")
        expectDeclared(result, of: action)
        for (key, value) in data {
            #expect(result.data[key] == value, "datum \(key)")
        }
        if let error {
            #expect(result.data["error"] == .string(error), "wire error")
            #expect(result.data["correlationId"]?.stringValue?.isEmpty == false, "correlation id")
        }
    }
}

/// `user@…`, `code` and `password` arguments.
let usernameArgument: [String: Value] = ["username": .string(user)]
let passwordArguments: [String: Value] = ["username": .string(user), "password": .string(plantedPassword)]
let codeArgument: [String: Value] = ["code": .string(plantedCode)]
let newPasswordArgument: [String: Value] = ["password": .string(plantedPassword)]

/// The five password suberrors section 7 names (`Password*`).
let passwordSuberrors = [
    ("PasswordTooWeak", "password_too_weak"), ("PasswordTooShort", "password_too_short"),
    ("PasswordTooLong", "password_too_long"), ("PasswordRecentlyUsed", "password_recently_used"),
    ("PasswordBanned", "password_banned"),
]

/// The data of `codeRequired` for the canned oob challenge.
let emailCodeData: [String: Value] = ["sentTo": .string(maskedUser), "channel": "email", "codeLength": 8]
