import FlowEngine
import FlowrunFoundation
import Foundation
import NativeAuthWire

/// A session record as JSON without Foundation's coders, which took a seventh of the flow API's time (a record is
/// read and written at every answer): the same text `JSONEncoder` writes (keys sorted), through `Value`. A record
/// the direct reader does not take — a key it does not know, a `null`, a number in another form, as an older
/// flowrun may have stored — is left to `JSONDecoder`, so what is read is always what `JSONDecoder` reads.
enum SessionRecordJSON {
    /// The record's JSON.
    static func encode(_ record: SessionRecord) throws -> Data {
        guard let bytes = JSONWriter.encode(record.json) else { return try JSONEncoder().encode(record) }
        return Data(bytes)
    }

    /// The record in `data`.
    static func decode(_ data: Data) throws -> SessionRecord {
        if let value = JSONObjectReader.readValue(data, fractions: true), let record = SessionRecord(json: value) {
            return record
        }
        return try JSONDecoder().decode(SessionRecord.self, from: data)
    }
}

extension SessionRecord {
    private static let keys: Set<String> = [
        "id", "flow", "state", "ask", "messages", "refused", "end", "reason", "session", "sealedSession", "version",
        "answeredAt", "creator", "authorization", "account", "tokensFor",
    ]

    var json: Value {
        var fields: [String: Value] = [
            "id": .string(id), "flow": .string(flow), "state": .string(state.rawValue),
            "messages": .texts(messages), "version": .integer(version),
        ]
        if let ask { fields["ask"] = ask.json }
        if let refused { fields["refused"] = .boolean(refused) }
        if let end { fields["end"] = end.json }
        if let reason { fields["reason"] = .string(reason) }
        if let session { fields["session"] = session.json }
        if let sealedSession { fields["sealedSession"] = sealedSession.json }
        if let answeredAt { fields["answeredAt"] = .list(answeredAt.map(Value.number)) }
        if let creator { fields["creator"] = creator.json }
        if let authorization { fields["authorization"] = authorization.json }
        if let account { fields["account"] = account.json }
        if let tokensFor { fields["tokensFor"] = tokensFor.json }
        return .object(fields)
    }

    init?(json: Value) {
        guard var fields = JSONFields(json, keys: Self.keys),
            let id = fields.required("id", \.stringValue), let flow = fields.required("flow", \.stringValue),
            let state = fields.required("state", { $0.stringValue.flatMap(State.init(rawValue:)) }),
            let messages = fields.required("messages", \.strings),
            let version = fields.required("version", \.integer)
        else { return nil }
        let ask = fields.optional("ask", InputRequest.init(json:))
        let refused = fields.optional("refused", \.boolean)
        let end = fields.optional("end", EndResult.init(json:))
        let reason = fields.optional("reason", \.stringValue)
        let session = fields.optional("session", Session.init(json:))
        let sealedSession = fields.optional("sealedSession", SealedSession.init(json:))
        let answeredAt = fields.optional("answeredAt") { $0.list(\.double) }
        let creator = fields.optional("creator", SessionCreator.init(json:))
        let authorization = fields.optional("authorization", AuthorizationRequest.init(json:))
        let account = fields.optional("account", SignedInAccount.init(json:))
        let tokensFor = fields.optional("tokensFor", APITokenRequest.init(json:))
        guard !fields.failed else { return nil }
        self.init(
            id: id, flow: flow, state: state, ask: ask, messages: messages, refused: refused, end: end,
            reason: reason, session: session, sealedSession: sealedSession, version: version, answeredAt: answeredAt,
            creator: creator, authorization: authorization, account: account, tokensFor: tokensFor)
    }
}

extension SessionView {
    /// The view's JSON, as the API answers it.
    var json: Value {
        var fields: [String: Value] = [
            "id": .string(id), "flow": .string(flow), "state": .string(state.rawValue),
            "messages": .texts(messages),
        ]
        if let ask { fields["ask"] = ask.json }
        if let end { fields["end"] = end.json }
        if let reason { fields["reason"] = .string(reason) }
        if let tokens { fields["tokens"] = .object(tokens) }
        return .object(fields)
    }
}

extension SessionCreator {
    var json: Value {
        switch self {
        case .api: return .object(["api": .object([:])])
        case .browser(let binding): return .object(["browser": .object(["binding": .string(binding)])])
        }
    }

    init?(json: Value) {
        guard case .object(let cases) = json, cases.count == 1, let (name, value) = cases.first else { return nil }
        switch name {
        case "api":
            guard value == .object([:]) else { return nil }
            self = .api
        case "browser":
            guard var fields = JSONFields(value, keys: ["binding"]),
                let binding = fields.required("binding", \.stringValue)
            else { return nil }
            self = .browser(binding: binding)
        default: return nil
        }
    }
}

extension AuthorizationRequest {
    private static let keys: Set<String> = [
        "clientID", "redirectURI", "codeChallenge", "state", "nonce", "scopes", "loginHint",
    ]

    var json: Value {
        var fields: [String: Value] = [
            "clientID": .string(clientID), "redirectURI": .string(redirectURI),
            "codeChallenge": .string(codeChallenge), "scopes": .texts(scopes),
        ]
        if let state { fields["state"] = .string(state) }
        if let nonce { fields["nonce"] = .string(nonce) }
        if let loginHint { fields["loginHint"] = .string(loginHint) }
        return .object(fields)
    }

    init?(json: Value) {
        guard var fields = JSONFields(json, keys: Self.keys),
            let clientID = fields.required("clientID", \.stringValue),
            let redirectURI = fields.required("redirectURI", \.stringValue),
            let codeChallenge = fields.required("codeChallenge", \.stringValue),
            let scopes = fields.required("scopes", \.strings)
        else { return nil }
        let state = fields.optional("state", \.stringValue)
        let nonce = fields.optional("nonce", \.stringValue)
        let loginHint = fields.optional("loginHint", \.stringValue)
        guard !fields.failed else { return nil }
        self.init(
            clientID: clientID, redirectURI: redirectURI, codeChallenge: codeChallenge, state: state, nonce: nonce,
            scopes: scopes, loginHint: loginHint)
    }
}

extension SignedInAccount {
    var json: Value {
        .object(["userID": .string(userID), "username": .string(username)])
    }

    init?(json: Value) {
        guard var fields = JSONFields(json, keys: ["userID", "username"]),
            let userID = fields.required("userID", \.stringValue),
            let username = fields.required("username", \.stringValue)
        else { return nil }
        self.init(userID: userID, username: username)
    }
}

extension APITokenRequest {
    var json: Value {
        .object(["clientID": .string(clientID), "scopes": .texts(scopes)])
    }

    init?(json: Value) {
        guard var fields = JSONFields(json, keys: ["clientID", "scopes"]),
            let clientID = fields.required("clientID", \.stringValue), let scopes = fields.required("scopes", \.strings)
        else { return nil }
        self.init(clientID: clientID, scopes: scopes)
    }
}
