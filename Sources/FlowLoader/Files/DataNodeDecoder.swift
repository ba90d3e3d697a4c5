import FlowModel

/// Decodes a `Decodable` value from a ``DataNode``, so that configuration files are read by the same reader
/// as flows and scenarios and every error carries the position of the value (or unknown key) it concerns.
public struct DataNodeDecoder: Sendable {
    public init() {}

    /// Decodes `type` from `node`.
    public func decode<T: Decodable>(_ type: T.Type, from node: DataNode) throws(DataDecodingError) -> T {
        do {
            return try T(from: NodeDecoder(node: node, codingPath: []))
        } catch let error as DecodingError {
            throw DataDecodingError(error, root: node)
        } catch let error as DataDecodingError {
            throw error
        } catch {
            throw DataDecodingError(position: node.position, path: "", message: "\(error)")
        }
    }
}

/// Why a value could not be decoded: where (position and dotted key path) and what is wrong.
public struct DataDecodingError: Error, Sendable, Hashable {
    public var position: SourcePosition
    /// The dotted key path (`codes.length`, `clients[0].clientID`); empty at the root.
    public var path: String
    public var message: String

    public init(position: SourcePosition, path: String, message: String) {
        self.position = position
        self.path = path
        self.message = message
    }

    /// Locates a decoding error in the tree it came from: the value at its coding path, or the key itself
    /// when the error is about an unknown key.
    init(_ error: DecodingError, root: DataNode) {
        let context: DecodingError.Context?
        switch error {
        case .typeMismatch(let type, let errorContext):
            context = errorContext
            message = "expected \(Self.describe(type))"
        case .valueNotFound(let type, let errorContext):
            context = errorContext
            message = "missing value: expected \(Self.describe(type))"
        case .keyNotFound(let key, let errorContext):
            context = errorContext
            message = "missing key '\(key.stringValue)'"
        case .dataCorrupted(let errorContext):
            context = errorContext
            message = errorContext.debugDescription
        @unknown default:
            context = nil
            message = "\(error)"
        }
        let components = (context?.codingPath ?? []).map { key -> DataPath.Component in
            key.intValue.map(DataPath.Component.index) ?? .key(key.stringValue)
        }
        position = DataPath.position(
            of: components, in: root, pointingAtKey: message.hasPrefix("unknown key"))
        path = components.reduce(into: "") { text, component in
            switch component {
            case .key(let name): text += text.isEmpty ? name : ".\(name)"
            case .index(let index): text += "[\(index)]"
            }
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type: return "an integer"
        case is Bool.Type: return "a boolean (true or false)"
        case is Double.Type: return "a number"
        case is [String].Type: return "a list of strings"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "a list" }
            if name.hasPrefix("Dictionary") { return "a mapping" }
            return "a mapping (\(name))"
        }
    }
}

/// The `Decoder` over one node of the tree.
private struct NodeDecoder: Decoder {
    let node: DataNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .map(let entries) = node.value else {
            throw DecodingError.typeMismatch(
                [String: Any].self,
                DecodingError.Context(codingPath: codingPath, debugDescription: "expected a mapping"))
        }
        return KeyedDecodingContainer(KeyedNodeContainer<Key>(entries: entries, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .list(let items) = node.value else {
            throw DecodingError.typeMismatch(
                [Any].self, DecodingError.Context(codingPath: codingPath, debugDescription: "expected a list"))
        }
        return UnkeyedNodeContainer(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath)
    }
}

/// A coding key for a list index or a key read from the document.
private struct NodeKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let entries: [DataEntry]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { entries.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { entries.contains { $0.key == key.stringValue } }

    private func node(_ key: Key) throws -> DataNode {
        guard let entry = entries.first(where: { $0.key == key.stringValue }) else {
            throw DecodingError.keyNotFound(
                key, DecodingError.Context(codingPath: codingPath, debugDescription: "no key '\(key.stringValue)'"))
        }
        return entry.value
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard case .null = try node(key).value else { return false }
        return true
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try T(from: NodeDecoder(node: node(key), codingPath: codingPath + [key]))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try NodeDecoder(node: node(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try NodeDecoder(node: node(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        throw DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: codingPath, debugDescription: "no super decoder"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        NodeDecoder(node: try node(key), codingPath: codingPath + [key])
    }
}

private struct UnkeyedNodeContainer: UnkeyedDecodingContainer {
    let items: [DataNode]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(items: [DataNode], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next() throws -> NodeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self, DecodingError.Context(codingPath: codingPath, debugDescription: "the list has no more items"))
        }
        defer { currentIndex += 1 }
        return NodeDecoder(node: items[currentIndex], codingPath: codingPath + [NodeKey(intValue: currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = items[currentIndex].value else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: next()) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try next() }
}

/// Scalars: text also accepts a number or a boolean written plainly (`tenant: 1234`), as YAML readers do.
private struct SingleNodeContainer: SingleValueDecodingContainer {
    let node: DataNode
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool {
        guard case .null = node.value else { return false }
        return true
    }

    private func mismatch<T>(_ type: T.Type) -> DecodingError {
        DecodingError.typeMismatch(
            type, DecodingError.Context(codingPath: codingPath, debugDescription: "found \(node.kindDescription)"))
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = node.value else { throw mismatch(type) }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        switch node.value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .bool(let flag): return String(flag)
        default: throw mismatch(type)
        }
    }

    func decode(_ type: Double.Type) throws -> Double {
        switch node.value {
        case .double(let number): return number
        case .int(let number): return Double(number)
        default: throw mismatch(type)
        }
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    func decode(_ type: Int.Type) throws -> Int {
        guard case .int(let number) = node.value else { throw mismatch(type) }
        return number
    }

    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case .int(let number) = node.value, let value = T(exactly: number) else { throw mismatch(type) }
        return value
    }

    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try T(from: NodeDecoder(node: node, codingPath: codingPath))
    }
}
