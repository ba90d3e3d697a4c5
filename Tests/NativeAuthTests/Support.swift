import FlowEngine
import FlowLoader
import FlowModel
import FlowrunFoundation
import Foundation
import NativeAuth
import NativeAuthWire
import Testing

/// The `native-auth` catalog the CLI uses.
let nativeAuthCatalog: ActionCatalog =
    NativeAuthClient.defaultCatalog

let testClientID = "11111111-2222-3333-4444-555555555555"
let fixedNow = Date(timeIntervalSince1970: 1_750_000_000)

// Planted secrets: none may leave the client except token.get's declared secret data.
let plantedPassword = "Pl4nted-Passw0rd!"
let plantedCode = "73914628"
let plantedAccessToken = "eyPLANTED.ACCESS-TOKEN.value"
let plantedRefreshToken = "PLANTED-REFRESH-TOKEN-0001"
let rotatedRefreshToken = "PLANTED-REFRESH-TOKEN-0002"
let plantedSecrets = [plantedPassword, plantedCode, plantedAccessToken, plantedRefreshToken, rotatedRefreshToken]

extension NativeAuthConfiguration {
    static let test = NativeAuthConfiguration(clientID: testClientID)
    static let capable = NativeAuthConfiguration(
        clientID: testClientID, capabilities: ["mfa_required", "registration_required"])
}

/// A transport answering each endpoint from a queue of canned responses (the last one repeats) and
/// recording every request. An endpoint without answers throws, as a dead connection would.
actor CannedTransport: Transport {
    private var answers: [NativeAuthEndpoint: [WireResponse]]
    private(set) var requests: [WireRequest] = []

    init(_ answers: [NativeAuthEndpoint: [WireResponse]] = [:]) {
        self.answers = answers
    }

    func send(_ request: WireRequest) async throws -> WireResponse {
        requests.append(request)
        guard var queue = answers[request.endpoint], let first = queue.first else {
            throw CannedTransportError(endpoint: request.endpoint)
        }
        if queue.count > 1 {
            queue.removeFirst()
            answers[request.endpoint] = queue
        }
        var response = first
        if response.status == Canned.noAnswer.status { throw CannedTransportError(endpoint: request.endpoint) }
        if !response.headers.keys.contains(where: { $0.lowercased() == "client-request-id" }) {
            response.headers["client-request-id"] = request.headers["client-request-id"]
        }
        return response
    }
}

struct CannedTransportError: Error, CustomStringConvertible {
    var endpoint: NativeAuthEndpoint
    var description: String { "connection refused for \(endpoint.path)" }
}

/// Records the client's sleeps.
actor SleepRecorder {
    private(set) var sleeps: [Duration] = []

    func record(_ duration: Duration) {
        sleeps.append(duration)
    }
}

/// A store whose every operation fails.
struct FailingAccountStore: AccountStore {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "disk on fire" }
    }

    func load() async throws -> CachedAccount? { throw Failure() }
    func save(_ account: CachedAccount) async throws { throw Failure() }
    func remove() async throws { throw Failure() }
}

/// Canned wire answers.
enum Canned {
    static func ok(_ body: [String: Value], headers: [String: String] = [:]) -> WireResponse {
        .ok(body, headers: headers)
    }

    /// 200 `{continuation_token}`.
    /// Not an answer: the transport throws instead, as on a network failure.
    static let noAnswer = WireResponse(status: 0, body: nil)

    static func token(_ token: String) -> WireResponse {
        .ok(["continuation_token": .string(token)])
    }

    /// 200 oob challenge.
    static func oob(_ token: String, label: String = "a***e@co**o.com", channel: String = "email", length: Int = 8)
        -> WireResponse
    {
        .ok([
            "continuation_token": .string(token), "challenge_type": "oob", "binding_method": "prompt",
            "challenge_channel": .string(channel), "challenge_target_label": .string(label),
            "code_length": .integer(length), "interval": 300,
        ])
    }

    /// 200 password challenge.
    static func passwordChallenge(_ token: String) -> WireResponse {
        .ok(["continuation_token": .string(token), "challenge_type": "password"])
    }

    static func redirect(_ reason: String = "Client is missing a challenge type") -> WireResponse {
        .ok(["challenge_type": "redirect", "redirect_reason": .string(reason)])
    }

    static func error(
        _ error: String, suberror: String? = nil, codes: [Int] = [], token: String? = nil,
        description: String? = nil, required: [RequiredAttribute]? = nil, invalid: [String]? = nil,
        status: Int = 400
    ) -> WireResponse {
        let wire = WireError(
            error: error, description: description ?? "AADSTS\(codes.first ?? 0): \(error) happened.", codes: codes,
            suberror: suberror, continuationToken: token, requiredAttributes: required, invalidAttributes: invalid,
            correlationID: "body-correlation", traceID: "trace", timestamp: "2025-06-15 10:00:00Z")
        return WireResponse(status: status, body: wire.body)
    }

    static func status(_ status: Int, body: [String: Value]? = nil) -> WireResponse {
        WireResponse(status: status, body: body)
    }

    static let oid = "00000000-0000-0000-0000-0000000000aa"
    static let tid = "aaaabbbb-0000-cccc-1111-dddd2222eeee"

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func json(_ value: [String: Value]) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(value)) ?? Data()
    }

    static func idToken(username: String = "ann@contoso.com", oid: String = Canned.oid) -> String {
        let header = base64URL(json(["alg": "ES256", "typ": "JWT"]))
        let payload = base64URL(
            json([
                "oid": .string(oid), "tid": .string(tid), "sub": "subject", "preferred_username": .string(username),
                "name": "Ann", "iat": 1_750_000_000, "exp": 1_750_003_600, "city": "Oslo",
            ]))
        return "\(header).\(payload).c2lnbmF0dXJl"
    }

    static func clientInfo(uid: String = Canned.oid) -> String {
        base64URL(json(["uid": .string(uid), "utid": .string(tid)]))
    }

    /// 200 token answer.
    static func tokens(
        username: String = "ann@contoso.com", accessToken: String = plantedAccessToken,
        refreshToken: String? = plantedRefreshToken, clientInfo: String? = Canned.clientInfo(),
        idToken: String? = nil, scope: String = "openid profile offline_access api://x/read", expiresIn: Int = 3600
    ) -> WireResponse {
        var body: [String: Value] = [
            "token_type": "Bearer", "scope": .string(scope), "expires_in": .integer(expiresIn),
            "ext_expires_in": .integer(expiresIn), "access_token": .string(accessToken),
            "id_token": .string(idToken ?? Canned.idToken(username: username)),
        ]
        body["refresh_token"] = refreshToken.map(Value.string)
        body["client_info"] = clientInfo.map(Value.string)
        return .ok(body)
    }

    static func introspect(_ token: String, methods: [(String, String, String)] = [("m1", "email", "a***e@co**o.com")])
        -> WireResponse
    {
        .ok([
            "continuation_token": .string(token),
            "methods": .list(
                methods.map {
                    .object([
                        "id": .string($0.0), "challenge_type": "oob", "challenge_channel": .string($0.1),
                        "login_hint": .string($0.2),
                    ])
                }),
        ])
    }

    /// A signed-in account as the client would have cached it.
    static func account(
        expiresOn: Date = fixedNow.addingTimeInterval(3600), refreshToken: String? = plantedRefreshToken,
        scopes: [String] = ["openid", "profile", "offline_access", "api://x/read"]
    ) -> CachedAccount {
        CachedAccount(
            username: "ann@contoso.com", accountID: oid, tenantID: tid,
            claims: ["oid": .string(oid), "tid": .string(tid), "preferred_username": "ann@contoso.com"],
            idToken: idToken(), accessToken: plantedAccessToken, accessTokenExpiresOn: expiresOn,
            refreshToken: refreshToken, scopes: scopes)
    }
}

/// Whether `value` has the shape of the catalog type `type`.
func conforms(_ value: Value, to type: ValueType) -> Bool {
    func isObject(_ item: Value, keys: Set<String>, optional: Set<String> = []) -> Bool {
        guard case .object(let fields) = item else { return false }
        return keys.isSubset(of: fields.keys) && Set(fields.keys).isSubset(of: keys.union(optional))
    }
    switch (type, value) {
    case (.string, .string), (.email, .string), (.password, .string), (.code, .string): return true
    case (.integer, .integer), (.boolean, .boolean), (.object, .object): return true
    case (.stringList, .list(let items)), (.attributeNames, .list(let items)):
        return items.allSatisfy { $0.stringValue != nil }
    case (.attributeDescriptors, .list(let items)):
        return items.allSatisfy { isObject($0, keys: ["name", "type", "required"], optional: ["regex"]) }
    case (.methods, .list(let items)):
        return items.allSatisfy { isObject($0, keys: ["id", "channel", "loginHint"]) }
    default: return false
    }
}

/// Checks that `result` is an outcome `action` declares, with exactly its data keys and types.
func expectDeclared(_ result: ActionResult, of action: String, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let outcome = nativeAuthCatalog.actions[action]?.outcomes[result.outcome] else {
        Issue.record("\(action) does not declare \(result.outcome)", sourceLocation: sourceLocation)
        return
    }
    #expect(
        Set(result.data.keys) == Set(outcome.data.keys), "data keys of \(action) → \(result.outcome)",
        sourceLocation: sourceLocation)
    for (key, declared) in outcome.data {
        if let value = result.data[key] {
            #expect(
                conforms(value, to: declared.type), "\(key) = \(value) is not a \(declared.type)",
                sourceLocation: sourceLocation)
        }
    }
}
