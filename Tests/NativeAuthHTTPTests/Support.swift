import FlowEngine
import FlowLoader
import FlowModel
import Foundation
import Logging
import NativeAuth
import NativeAuthHTTP
import NativeAuthURLSession
import NativeAuthWire
import Testing

/// The `native-auth` catalog the CLI uses.
let nativeAuthCatalog: ActionCatalog =
    NativeAuthClient.defaultCatalog

let testClientID = "11111111-2222-3333-4444-555555555555"
let user = "ann@contoso.com"
let maskedUser = "a***n@co**o**o.com"
let fixedNow = Date(timeIntervalSince1970: 1_750_000_000)

// Planted secrets: none may appear in a log line or in an outcome that does not declare it.
let plantedPassword = "Pl4nted P@ss&w0rd=+%"
let plantedCode = "73914628"
let plantedAccessToken = "eyPLANTED.ACCESS-TOKEN.value"
let plantedRefreshToken = "PLANTED-REFRESH-TOKEN-0001"

extension NativeAuthConfiguration {
    static let test = NativeAuthConfiguration(clientID: testClientID)
    static let capable = NativeAuthConfiguration(
        clientID: testClientID, capabilities: ["mfa_required", "registration_required"])
}

/// Continuation fields of a flow in progress.
func flowState(
    _ flow: String, _ step: String, token: String, methods: String? = nil
) -> [String: String] {
    var fields = ["flow": flow, "step": step, "continuationToken": token, "username": user]
    fields["methods"] = methods
    return fields
}

/// Records the client's sleeps instead of sleeping.
actor SleepRecorder {
    private(set) var sleeps: [Duration] = []

    func record(_ duration: Duration) {
        sleeps.append(duration)
    }
}

/// The HTTP transports a native-auth client can use.
enum TransportKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case asyncHTTPClient
    case urlSession

    var testDescription: String { rawValue }
}

/// A native-auth client over ``HTTPTransport`` (or ``URLSessionTransport``) to `authority`.
func httpClient(
    _ authority: URL, configuration: NativeAuthConfiguration = .test, account: CachedAccount? = nil,
    requestTimeout: Duration = .seconds(10), sleeps: SleepRecorder = SleepRecorder(),
    logger: Logger = Logger(label: "test"), over kind: TransportKind = .asyncHTTPClient
) -> NativeAuthClient {
    let transport: any Transport =
        switch kind {
        case .asyncHTTPClient: HTTPTransport(authority: authority, requestTimeout: requestTimeout, logger: logger)
        case .urlSession: URLSessionTransport(authority: authority, requestTimeout: requestTimeout)
        }
    return NativeAuthClient(
        configuration: configuration,
        transport: transport,
        accounts: MemoryAccountStore(account: account), catalog: nativeAuthCatalog, now: { fixedNow },
        sleep: { await sleeps.record($0) })
}

/// Checks that `result` is an outcome `action` declares in the catalog, with exactly its data keys.
func expectDeclared(_ result: ActionResult, of action: String, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let declared = nativeAuthCatalog.actions[action]?.outcomes[result.outcome] else {
        Issue.record("\(action) does not declare \(result.outcome)", sourceLocation: sourceLocation)
        return
    }
    #expect(
        Set(result.data.keys) == Set(declared.data.keys), "data keys of \(action) → \(result.outcome)",
        sourceLocation: sourceLocation)
}

/// Canned bodies of successful answers.
enum Bodies {
    static func token(_ token: String) -> Canned { .ok(["continuation_token": .string(token)]) }

    static func oob(_ token: String, channel: String = "email", length: Int = 8) -> Canned {
        .ok([
            "continuation_token": .string(token), "challenge_type": "oob", "binding_method": "prompt",
            "challenge_channel": .string(channel),
            "challenge_target_label": .string(channel == "sms" ? "+*******1234" : maskedUser),
            "code_length": .integer(length), "interval": 300,
        ])
    }

    static func passwordChallenge(_ token: String) -> Canned {
        .ok(["continuation_token": .string(token), "challenge_type": "password"])
    }

    static func redirect(_ reason: String = "Client is missing a challenge type") -> Canned {
        .ok(["challenge_type": "redirect", "redirect_reason": .string(reason)])
    }

    static func introspect(_ token: String, channel: String = "email") -> Canned {
        .ok([
            "continuation_token": .string(token),
            "methods": [
                [
                    "id": "m1", "challenge_type": "oob", "challenge_channel": .string(channel),
                    "login_hint": .string(channel == "sms" ? "+*******1234" : maskedUser),
                ]
            ],
        ])
    }

    static let oid = "00000000-0000-0000-0000-0000000000aa"
    static let tid = "aaaabbbb-0000-cccc-1111-dddd2222eeee"

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func idToken() -> String {
        let header = base64URL(Data(Canned.json(["alg": "ES256", "typ": "JWT"]).utf8))
        let payload = base64URL(
            Data(
                Canned.json([
                    "oid": .string(oid), "tid": .string(tid), "sub": "subject", "preferred_username": .string(user),
                    "iat": 1_750_000_000, "exp": 1_750_003_600,
                ]).utf8))
        return "\(header).\(payload).c2lnbmF0dXJl"
    }

    /// 200 with tokens.
    static func tokens() -> Canned {
        .ok([
            "token_type": "Bearer", "scope": "openid profile offline_access", "expires_in": 3600,
            "ext_expires_in": 3600, "access_token": .string(plantedAccessToken),
            "refresh_token": .string(plantedRefreshToken), "id_token": .string(idToken()),
            "client_info": .string(base64URL(Data(Canned.json(["uid": .string(oid), "utid": .string(tid)]).utf8))),
        ])
    }

    /// A signed-in account whose access token has expired (so `token.get` refreshes).
    static func expiredAccount() -> CachedAccount {
        CachedAccount(
            username: user, accountID: oid, tenantID: tid, claims: ["oid": .string(oid), "tid": .string(tid)],
            idToken: idToken(), accessToken: plantedAccessToken, accessTokenExpiresOn: fixedNow.addingTimeInterval(-60),
            refreshToken: plantedRefreshToken, scopes: ["openid", "profile", "offline_access"])
    }
}
