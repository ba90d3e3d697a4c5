import FlowrunFoundation
import NativeAuthWire

/// A JSON column's value that converts to and from `Value` directly, so that ``RecordJSON`` writes and reads it
/// without Foundation's coders (continuations are written and read on every request). The text is the same
/// JSON, keys sorted; what the direct reader does not take is left to `JSONDecoder`.
package protocol RecordJSONValue: Codable {
    var recordJSON: Value { get }
    init?(recordJSON: Value)
}

extension RecordJSON {
    package static func encode<T: RecordJSONValue>(_ value: T) throws -> String {
        guard let bytes = JSONWriter.encode(value.recordJSON) else { return try encodeWithFoundation(value) }
        return String(decoding: bytes, as: UTF8.self)
    }

    package static func decode<T: RecordJSONValue>(_ type: T.Type, from text: String) throws -> T {
        if let value = JSONObjectReader.readValue(text.utf8), let decoded = T(recordJSON: value) { return decoded }
        return try decodeWithFoundation(type, from: text)
    }
}

extension String: RecordJSONValue {
    package var recordJSON: Value { .string(self) }

    package init?(recordJSON: Value) {
        guard case .string(let text) = recordJSON else { return nil }
        self = text
    }
}

/// A list of strings (a continuation's steps) or of registered methods (a user's).
extension Array: RecordJSONValue where Element: RecordJSONValue {
    package var recordJSON: Value { .list(map(\.recordJSON)) }

    package init?(recordJSON: Value) {
        guard case .list(let items) = recordJSON else { return nil }
        var elements: [Element] = []
        elements.reserveCapacity(items.count)
        for item in items {
            guard let element = Element(recordJSON: item) else { return nil }
            elements.append(element)
        }
        self = elements
    }
}

extension Dictionary: RecordJSONValue where Key == String, Value == String {
    package var recordJSON: FlowrunFoundation.Value { .object(mapValues(FlowrunFoundation.Value.string)) }

    package init?(recordJSON: FlowrunFoundation.Value) {
        guard let strings = recordJSON.stringFields else { return nil }
        self = strings
    }
}

extension StrongAuthMethod: RecordJSONValue {
    package var recordJSON: Value {
        .object(["id": .string(id), "channel": .string(channel), "target": .string(target)])
    }

    package init?(recordJSON: Value) {
        guard case .object(let fields) = recordJSON, fields.count == 3, case .string(let id)? = fields["id"],
            case .string(let channel)? = fields["channel"], case .string(let target)? = fields["target"]
        else { return nil }
        self.init(id: id, channel: channel, target: target)
    }
}

extension AuthorizationBinding {
    /// The binding as ``FlowProgress/recordJSON`` writes it, in the shape `JSONEncoder` gives.
    var recordJSON: Value {
        var fields: [String: Value] = [
            "redirectURI": .string(redirectURI), "codeChallenge": .string(codeChallenge),
            "scopes": scopes.recordJSON,
        ]
        if let nonce { fields["nonce"] = .string(nonce) }
        return .object(fields)
    }
}

extension FlowProgress: RecordJSONValue {
    package var recordJSON: Value {
        var fields: [String: Value] = [
            "phase": .string(phase.rawValue), "session": .string(session), "attributes": attributes.recordJSON,
            "challengeTypes": challengeTypes.recordJSON, "capabilities": capabilities.recordJSON,
            "polls": .integer(polls),
        ]
        if let userID { fields["userID"] = .string(userID) }
        if let passwordHash { fields["passwordHash"] = .string(passwordHash) }
        if let method { fields["method"] = method.recordJSON }
        if let authorization { fields["authorization"] = authorization.recordJSON }
        return .object(fields)
    }

    /// Nil for a key this type does not have, a missing one or one of another type, as `JSONDecoder` would
    /// refuse; a `null` optional too (left to `JSONDecoder`, which reads it as absent). An authorization code's
    /// binding is left to `JSONDecoder` too (codes are read once).
    package init?(recordJSON: Value) {
        guard case .object(let fields) = recordJSON,
            fields.keys.allSatisfy(Self.keys.contains),
            case .string(let phaseName)? = fields["phase"], let phase = Phase(rawValue: phaseName),
            case .string(let session)? = fields["session"],
            let attributes = fields["attributes"].flatMap([String: String].init(recordJSON:)),
            let challengeTypes = fields["challengeTypes"].flatMap([String].init(recordJSON:)),
            let capabilities = fields["capabilities"].flatMap([String].init(recordJSON:)),
            case .integer(let polls)? = fields["polls"]
        else { return nil }
        var userID: String?
        if let field = fields["userID"] {
            guard case .string(let text) = field else { return nil }
            userID = text
        }
        var passwordHash: String?
        if let field = fields["passwordHash"] {
            guard case .string(let text) = field else { return nil }
            passwordHash = text
        }
        var method: StrongAuthMethod?
        if let field = fields["method"] {
            guard let read = StrongAuthMethod(recordJSON: field) else { return nil }
            method = read
        }
        self.init(
            phase: phase, session: session, userID: userID, passwordHash: passwordHash, attributes: attributes,
            challengeTypes: challengeTypes, capabilities: capabilities, polls: polls, method: method)
    }

    private static let keys: Set<String> = [
        "phase", "session", "userID", "passwordHash", "attributes", "challengeTypes", "capabilities", "polls",
        "method",
    ]
}
