/// A JSON value: what a flow's inputs, outcome data, `set` and outputs hold, and what the wire's JSON bodies
/// read into. Not `indirect`: its scalars are stored inline (lists and objects already live in their own
/// storage), so making one allocates nothing for a string, number or flag.
public enum Value: Sendable, Hashable, Codable, CustomStringConvertible {
    case string(String)
    case integer(Int)
    case number(Double)
    case boolean(Bool)
    case list([Value])
    case object([String: Value])
    case null

    /// The value as text, as `${name}` interpolation shows it: lists joined by ", ", objects as `key=value`.
    public var description: String {
        switch self {
        case .string(let text): return text
        case .integer(let number): return String(number)
        case .number(let number): return String(number)
        case .boolean(let flag): return String(flag)
        case .list(let items): return items.map(\.description).joined(separator: ", ")
        case .object(let fields):
            return fields.keys.sorted().map { "\($0)=\(fields[$0]?.description ?? "")" }.joined(separator: ", ")
        case .null: return ""
        }
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The fields of an object whose every value is a string; nil for anything else.
    public var stringFields: [String: String]? {
        guard case .object(let fields) = self else { return nil }
        var strings: [String: String] = [:]
        strings.reserveCapacity(fields.count)
        for (name, field) in fields {
            guard case .string(let text) = field else { return nil }
            strings[name] = text
        }
        return strings
    }

    /// The field `name` of an object value.
    public subscript(field name: String) -> Value? {
        if case .object(let fields) = self { return fields[name] }
        return nil
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .boolean(flag)
        } else if let number = try? container.decode(Int.self) {
            self = .integer(number)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([Value].self) {
            self = .list(items)
        } else {
            self = .object(try container.decode([String: Value].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .integer(let number): try container.encode(number)
        case .number(let number): try container.encode(number)
        case .boolean(let flag): try container.encode(flag)
        case .list(let items): try container.encode(items)
        case .object(let fields): try container.encode(fields)
        case .null: try container.encodeNil()
        }
    }
}

extension Value: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    public init(arrayLiteral elements: Value...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, Value)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
