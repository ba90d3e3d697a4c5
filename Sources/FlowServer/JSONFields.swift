import FlowrunFoundation

/// The fields of a JSON object as `JSONDecoder` reads a synthesized `Decodable`: `init?(_:keys:)` is nil for a key
/// outside `keys` (left to `JSONDecoder`, which ignores it), and each read is nil when the field is missing (for a
/// required one) or of another type; an optional read is nil-or-absent, refusing `null` (which `JSONDecoder` reads
/// as absent, and which is left to it).
struct JSONFields {
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

/// What a field holds, for ``JSONFields``' reads: nil when it holds something else.
extension Value {
    /// An integer (not a number with a fraction).
    var integer: Int? {
        if case .integer(let number) = self { return number }
        return nil
    }

    /// A number, with or without a fraction.
    var double: Double? {
        switch self {
        case .integer(let number): return Double(number)
        case .number(let number): return number
        default: return nil
        }
    }

    /// A flag.
    var boolean: Bool? {
        if case .boolean(let flag) = self { return flag }
        return nil
    }

    /// A list of strings.
    var strings: [String]? {
        guard case .list(let items) = self else { return nil }
        var strings: [String] = []
        strings.reserveCapacity(items.count)
        for item in items {
            guard case .string(let text) = item else { return nil }
            strings.append(text)
        }
        return strings
    }

    /// The fields of an object.
    var objectFields: [String: Value]? {
        if case .object(let fields) = self { return fields }
        return nil
    }

    /// The items of a list, each converted by `read`; nil when one does not convert.
    func list<T>(_ read: (Value) -> T?) -> [T]? {
        guard case .list(let items) = self else { return nil }
        var converted: [T] = []
        converted.reserveCapacity(items.count)
        for item in items {
            guard let element = read(item) else { return nil }
            converted.append(element)
        }
        return converted
    }

    /// A list of strings as a value.
    static func texts(_ strings: [String]) -> Value {
        .list(strings.map(Value.string))
    }
}
