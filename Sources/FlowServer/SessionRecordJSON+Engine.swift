import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation

/// The engine's values a session record holds, as `Value` in the shape their `Codable` forms give (see
/// ``SessionRecordJSON``).
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
            let flowID = object.required("flowID", \.stringValue), let step = object.required("step", \.stringValue),
            let fields = object.required("fields", { $0.list(InputField.init(json:)) }),
            let choices = object.required("choices", \.strings)
        else { return nil }
        let hint = object.optional("hint", \.stringValue)
        let problem = object.optional("problem", \.stringValue)
        let problemField = object.optional("problemField", \.stringValue)
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
            let name = fields.required("name", \.stringValue),
            let type = fields.required("type", { $0.stringValue.flatMap(InputType.init(rawValue:)) }),
            let label = fields.required("label", \.stringValue), let secret = fields.required("secret", \.boolean),
            let attributes = fields.required("attributes", { $0.list(AttributeRequest.init(json:)) })
        else { return nil }
        let hint = fields.optional("hint", \.stringValue)
        let pattern = fields.optional("pattern", \.stringValue)
        let patternMessage = fields.optional("patternMessage", \.stringValue)
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
            let name = fields.required("name", \.stringValue), let label = fields.required("label", \.stringValue),
            let required = fields.required("required", \.boolean)
        else { return nil }
        let pattern = fields.optional("pattern", \.stringValue)
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
            let kind = fields.required("kind", { $0.stringValue.map(EndKind.init(name:)) }),
            let output = fields.required("output", \.objectFields)
        else { return nil }
        let reason = fields.optional("reason", \.stringValue)
        let message = fields.optional("message", \.stringValue)
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
        let sealed = fields.optional("sealedContinuation") { $0.stringValue.flatMap { Data(base64Encoded: $0) } }
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
            let version = fields.required("version", \.integer), let flowID = fields.required("flowID", \.stringValue),
            let flowDigest = fields.required("flowDigest", \.stringValue),
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
            let strings = fields.required("fields", \.stringFields)
        else { return nil }
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
            let file = fields.required("file", \.stringValue), let step = fields.required("step", \.integer),
            let variables = fields.required("variables", \.objectFields),
            let secretNames = fields.required("secretNames", \.strings)
        else { return nil }
        self.init(file: file, step: step, variables: variables, secretNames: Set(secretNames))
    }
}
