import FlowEngine
import FlowModel
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

/// The fields of a JSON object as `JSONDecoder` reads a synthesized `Decodable`: `init?(_:keys:)` is nil for a key
/// outside `keys` (left to `JSONDecoder`, which ignores it), and each read is nil when the field is missing (for a
/// required one) or of another type; an optional read is nil-or-absent, refusing `null` (which `JSONDecoder` reads
/// as absent, and which is left to it).
private struct JSONFields {
    let fields: [String: Value]
    /// Whether a field read so far was present but unreadable.
    private(set) var failed = false

    init?(_ value: Value, keys: Set<String>) {
        guard case .object(let fields) = value, fields.keys.allSatisfy(keys.contains) else { return nil }
        self.fields = fields
    }

    /// The required field `key`, converted by `read`.
    mutating func required<T>(_ key: String, _ read: (Value) -> T?) -> T? {
        guard let field = fields[key], let value = read(field) else {
            failed = true
            return nil
        }
        return value
    }

    /// The optional field `key`, converted by `read`: nil when absent, and marks the fields failed when unreadable.
    mutating func optional<T>(_ key: String, _ read: (Value) -> T?) -> T? {
        guard let field = fields[key] else { return nil }
        guard let value = read(field) else {
            failed = true
            return nil
        }
        return value
    }
}

extension Value {
    fileprivate var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    fileprivate var integer: Int? {
        if case .integer(let number) = self { return number }
        return nil
    }

    fileprivate var double: Double? {
        switch self {
        case .integer(let number): return Double(number)
        case .number(let number): return number
        default: return nil
        }
    }

    fileprivate var boolean: Bool? {
        if case .boolean(let flag) = self { return flag }
        return nil
    }

    fileprivate var strings: [String]? {
        guard case .list(let items) = self else { return nil }
        var strings: [String] = []
        strings.reserveCapacity(items.count)
        for item in items {
            guard case .string(let text) = item else { return nil }
            strings.append(text)
        }
        return strings
    }

    fileprivate var objectFields: [String: Value]? {
        if case .object(let fields) = self { return fields }
        return nil
    }

    /// The items of a list, each converted by `read`; nil when one does not convert.
    fileprivate func list<T>(_ read: (Value) -> T?) -> [T]? {
        guard case .list(let items) = self else { return nil }
        var converted: [T] = []
        converted.reserveCapacity(items.count)
        for item in items {
            guard let element = read(item) else { return nil }
            converted.append(element)
        }
        return converted
    }

    fileprivate static func texts(_ strings: [String]) -> Value {
        .list(strings.map(Value.string))
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
            let id = fields.required("id", \.string), let flow = fields.required("flow", \.string),
            let state = fields.required("state", { $0.string.flatMap(State.init(rawValue:)) }),
            let messages = fields.required("messages", \.strings),
            let version = fields.required("version", \.integer)
        else { return nil }
        let ask = fields.optional("ask", InputRequest.init(json:))
        let refused = fields.optional("refused", \.boolean)
        let end = fields.optional("end", EndResult.init(json:))
        let reason = fields.optional("reason", \.string)
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

extension InputRequest {
    private static let keys: Set<String> = [
        "flowID", "step", "fields", "hint", "choices", "problem", "problemField",
    ]

    var json: Value {
        var object: [String: Value] = [
            "flowID": .string(flowID), "step": .string(step), "fields": .list(fields.map(\.json)),
            "choices": .texts(choices),
        ]
        if let hint { object["hint"] = .string(hint) }
        if let problem { object["problem"] = .string(problem) }
        if let problemField { object["problemField"] = .string(problemField) }
        return .object(object)
    }

    init?(json: Value) {
        guard var object = JSONFields(json, keys: Self.keys),
            let flowID = object.required("flowID", \.string), let step = object.required("step", \.string),
            let fields = object.required("fields", { $0.list(InputField.init(json:)) }),
            let choices = object.required("choices", \.strings)
        else { return nil }
        let hint = object.optional("hint", \.string)
        let problem = object.optional("problem", \.string)
        let problemField = object.optional("problemField", \.string)
        guard !object.failed else { return nil }
        self.init(
            flowID: flowID, step: step, fields: fields, hint: hint, choices: choices, problem: problem,
            problemField: problemField)
    }
}

extension InputField {
    private static let keys: Set<String> = [
        "name", "type", "label", "hint", "secret", "pattern", "patternMessage", "attributes",
    ]

    var json: Value {
        var fields: [String: Value] = [
            "name": .string(name), "type": .string(type.rawValue), "label": .string(label), "secret": .boolean(secret),
            "attributes": .list(attributes.map(\.json)),
        ]
        if let hint { fields["hint"] = .string(hint) }
        if let pattern { fields["pattern"] = .string(pattern) }
        if let patternMessage { fields["patternMessage"] = .string(patternMessage) }
        return .object(fields)
    }

    init?(json: Value) {
        guard var fields = JSONFields(json, keys: Self.keys),
            let name = fields.required("name", \.string),
            let type = fields.required("type", { $0.string.flatMap(InputType.init(rawValue:)) }),
            let label = fields.required("label", \.string), let secret = fields.required("secret", \.boolean),
            let attributes = fields.required("attributes", { $0.list(AttributeRequest.init(json:)) })
        else { return nil }
        let hint = fields.optional("hint", \.string)
        let pattern = fields.optional("pattern", \.string)
        let patternMessage = fields.optional("patternMessage", \.string)
        guard !fields.failed else { return nil }
        self.init(
            name: name, type: type, label: label, hint: hint, secret: secret, pattern: pattern,
            patternMessage: patternMessage, attributes: attributes)
    }
}

extension AttributeRequest {
    private static let keys: Set<String> = ["name", "label", "required", "pattern"]

    var json: Value {
        var fields: [String: Value] = [
            "name": .string(name), "label": .string(label), "required": .boolean(required),
        ]
        if let pattern { fields["pattern"] = .string(pattern) }
        return .object(fields)
    }

    init?(json: Value) {
        guard var fields = JSONFields(json, keys: Self.keys),
            let name = fields.required("name", \.string), let label = fields.required("label", \.string),
            let required = fields.required("required", \.boolean)
        else { return nil }
        let pattern = fields.optional("pattern", \.string)
        guard !fields.failed else { return nil }
        self.init(name: name, label: label, required: required, pattern: pattern)
    }
}

extension EndResult {
    private static let keys: Set<String> = ["kind", "reason", "message", "output"]

    var json: Value {
        var fields: [String: Value] = ["kind": .string(kind.name), "output": .object(output)]
        if let reason { fields["reason"] = .string(reason) }
        if let message { fields["message"] = .string(message) }
        return .object(fields)
    }

    init?(json: Value) {
        guard var fields = JSONFields(json, keys: Self.keys),
            let kind = fields.required("kind", { $0.string.map(EndKind.init(name:)) }),
            let output = fields.required("output", \.objectFields)
        else { return nil }
        let reason = fields.optional("reason", \.string)
        let message = fields.optional("message", \.string)
        guard !fields.failed else { return nil }
        self.init(kind: kind, reason: reason, message: message, output: output)
    }
}

extension SealedSession {
    private static let keys: Set<String> = ["session", "sealedContinuation"]

    var json: Value {
        var fields: [String: Value] = ["session": session.json]
        if let sealedContinuation { fields["sealedContinuation"] = .string(sealedContinuation.base64EncodedString()) }
        return .object(fields)
    }

    init?(json: Value) {
        guard var fields = JSONFields(json, keys: Self.keys),
            let session = fields.required("session", Session.init(json:))
        else { return nil }
        let sealed = fields.optional("sealedContinuation") { $0.string.flatMap { Data(base64Encoded: $0) } }
        guard !fields.failed, session.continuation == nil else { return nil }
        self.init(session: session, sealedContinuation: sealed)
    }
}

extension Session {
    private static let keys: Set<String> = ["version", "flowID", "flowDigest", "frames", "attempts", "continuation"]

    var json: Value {
        var fields: [String: Value] = [
            "version": .integer(version), "flowID": .string(flowID), "flowDigest": .string(flowDigest),
            "frames": .list(frames.map(\.json)), "attempts": .object(attempts.mapValues(Value.integer)),
        ]
        if let continuation {
            fields["continuation"] = .object(["fields": .object(continuation.fields.mapValues(Value.string))])
        }
        return .object(fields)
    }

    init?(json: Value) {
        guard var fields = JSONFields(json, keys: Self.keys),
            let version = fields.required("version", \.integer), let flowID = fields.required("flowID", \.string),
            let flowDigest = fields.required("flowDigest", \.string),
            let frames = fields.required("frames", { $0.list(Frame.init(json:)) }),
            let attempts = fields.required("attempts", { $0.objectFields.flatMap(Self.integers) })
        else { return nil }
        let continuation = fields.optional("continuation", Self.continuation)
        guard !fields.failed else { return nil }
        self.init(flowID: flowID, flowDigest: flowDigest, frames: frames)
        self.version = version
        self.attempts = attempts
        self.continuation = continuation
    }

    private static func integers(_ fields: [String: Value]) -> [String: Int]? {
        var integers: [String: Int] = [:]
        for (name, field) in fields {
            guard case .integer(let number) = field else { return nil }
            integers[name] = number
        }
        return integers
    }

    private static func continuation(_ value: Value) -> AuthorityContinuation? {
        guard var fields = JSONFields(value, keys: ["fields"]),
            let object = fields.required("fields", \.objectFields)
        else { return nil }
        var strings: [String: String] = [:]
        for (name, field) in object {
            guard case .string(let text) = field else { return nil }
            strings[name] = text
        }
        return AuthorityContinuation(strings)
    }
}

extension Session.Frame {
    private static let keys: Set<String> = ["file", "step", "variables", "secretNames"]

    /// The frame as its `Encodable` form writes it: secret variables left out.
    var json: Value {
        .object([
            "file": .string(file), "step": .integer(step),
            "variables": .object(variables.filter { !secretNames.contains($0.key) }),
            "secretNames": .texts(secretNames.sorted()),
        ])
    }

    init?(json: Value) {
        guard var fields = JSONFields(json, keys: Self.keys),
            let file = fields.required("file", \.string), let step = fields.required("step", \.integer),
            let variables = fields.required("variables", \.objectFields),
            let secretNames = fields.required("secretNames", \.strings)
        else { return nil }
        self.init(file: file, step: step, variables: variables, secretNames: Set(secretNames))
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
                let binding = fields.required("binding", \.string)
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
            let clientID = fields.required("clientID", \.string),
            let redirectURI = fields.required("redirectURI", \.string),
            let codeChallenge = fields.required("codeChallenge", \.string),
            let scopes = fields.required("scopes", \.strings)
        else { return nil }
        let state = fields.optional("state", \.string)
        let nonce = fields.optional("nonce", \.string)
        let loginHint = fields.optional("loginHint", \.string)
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
            let userID = fields.required("userID", \.string), let username = fields.required("username", \.string)
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
            let clientID = fields.required("clientID", \.string), let scopes = fields.required("scopes", \.strings)
        else { return nil }
        self.init(clientID: clientID, scopes: scopes)
    }
}
