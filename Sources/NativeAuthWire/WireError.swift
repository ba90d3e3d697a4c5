import FlowrunFoundation

/// The JSON error body of a 400 answer (docs/native-auth.md).
public struct WireError: Sendable, Hashable, Error {
    public var error: String
    public var description: String
    public var codes: [Int]
    public var suberror: String?
    public var continuationToken: String?
    /// `required_attributes`: descriptors of the attributes still needed.
    public var requiredAttributes: [RequiredAttribute]?
    /// `invalid_attributes` / `unverified_attributes`: attribute names.
    public var invalidAttributes: [String]?
    public var unverifiedAttributes: [String]?
    public var correlationID: String?
    public var traceID: String?
    public var timestamp: String?

    public init(
        error: String, description: String, codes: [Int] = [], suberror: String? = nil,
        continuationToken: String? = nil, requiredAttributes: [RequiredAttribute]? = nil,
        invalidAttributes: [String]? = nil, unverifiedAttributes: [String]? = nil, correlationID: String? = nil,
        traceID: String? = nil, timestamp: String? = nil
    ) {
        self.error = error
        self.description = description
        self.codes = codes
        self.suberror = suberror
        self.continuationToken = continuationToken
        self.requiredAttributes = requiredAttributes
        self.invalidAttributes = invalidAttributes
        self.unverifiedAttributes = unverifiedAttributes
        self.correlationID = correlationID
        self.traceID = traceID
        self.timestamp = timestamp
    }

    /// The snake_case JSON body.
    public var body: [String: Value] {
        var body: [String: Value] = [
            "error": .string(error), "error_description": .string(description),
            "error_codes": .list(codes.map(Value.integer)),
        ]
        body["suberror"] = suberror.map(Value.string)
        body["continuation_token"] = continuationToken.map(Value.string)
        body["required_attributes"] = requiredAttributes.map { .list($0.map(\.value)) }
        body["invalid_attributes"] = invalidAttributes.map { .list($0.map { .object(["name": .string($0)]) }) }
        body["unverified_attributes"] = unverifiedAttributes.map { .list($0.map { .object(["name": .string($0)]) }) }
        body["correlation_id"] = correlationID.map(Value.string)
        body["trace_id"] = traceID.map(Value.string)
        body["timestamp"] = timestamp.map(Value.string)
        return body
    }

    /// Reads an error body; `nil` when it has no `error` string (the SDKs then report a general error).
    public init?(body: [String: Value]) {
        guard let error = body["error"]?.stringValue else { return nil }
        self.error = error
        self.description = body["error_description"]?.stringValue ?? ""
        if case .list(let codes) = body["error_codes"] {
            self.codes = codes.compactMap { if case .integer(let code) = $0 { return code } else { return nil } }
        } else {
            self.codes = []
        }
        self.suberror = body["suberror"]?.stringValue
        self.continuationToken = body["continuation_token"]?.stringValue
        if case .list(let items) = body["required_attributes"] {
            self.requiredAttributes = items.compactMap(RequiredAttribute.init(value:))
        }
        func names(_ key: String) -> [String]? {
            guard case .list(let items) = body[key] else { return nil }
            return items.compactMap { $0[field: "name"]?.stringValue }
        }
        self.invalidAttributes = names("invalid_attributes")
        self.unverifiedAttributes = names("unverified_attributes")
        self.correlationID = body["correlation_id"]?.stringValue
        self.traceID = body["trace_id"]?.stringValue
        self.timestamp = body["timestamp"]?.stringValue
    }
}

/// A required-attribute descriptor (docs/native-auth.md).
public struct RequiredAttribute: Sendable, Hashable, Codable {
    public var name: String
    public var type: String
    public var required: Bool
    public var regex: String?

    public init(name: String, type: String = "string", required: Bool = true, regex: String? = nil) {
        self.name = name
        self.type = type
        self.required = required
        self.regex = regex
    }

    /// `{name, type, required, options: {regex}}`.
    public var value: Value {
        var object: [String: Value] = ["name": .string(name), "type": .string(type), "required": .boolean(required)]
        if let regex { object["options"] = .object(["regex": .string(regex)]) }
        return .object(object)
    }

    /// Reads a descriptor; `nil` when `name`, `type` or `required` is missing (the iOS SDK fails the same way).
    public init?(value: Value) {
        guard let name = value[field: "name"]?.stringValue, let type = value[field: "type"]?.stringValue,
            case .boolean(let required) = value[field: "required"]
        else { return nil }
        self.init(
            name: name, type: type, required: required, regex: value[field: "options"]?[field: "regex"]?.stringValue)
    }
}
