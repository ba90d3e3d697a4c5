/// A coding key for any name, so configuration types can see every key a document holds and refuse unknown ones.
struct ConfigurationKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int?

    init(_ name: String) {
        self.stringValue = name
        self.intValue = nil
    }

    init?(stringValue: String) {
        self.init(stringValue)
    }

    init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension Decoder {
    /// A keyed container over the document's mapping that has already refused keys outside `known`.
    func configurationContainer(known: [String]) throws -> KeyedDecodingContainer<ConfigurationKey> {
        let container = try self.container(keyedBy: ConfigurationKey.self)
        for key in container.allKeys where !known.contains(key.stringValue) {
            let expected = known.joined(separator: ", ")
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath + [key],
                    debugDescription: "unknown key '\(key.stringValue)' (expected one of: \(expected))"
                )
            )
        }
        return container
    }
}

extension KeyedDecodingContainer where Key == ConfigurationKey {
    /// The value under `name`, or `fallback` when the key is absent or null.
    func value<T: Decodable>(_ name: String, or fallback: T) throws -> T {
        try decodeIfPresent(T.self, forKey: ConfigurationKey(name)) ?? fallback
    }

    /// The optional value under `name`.
    func optional<T: Decodable>(_ name: String) throws -> T? {
        try decodeIfPresent(T.self, forKey: ConfigurationKey(name))
    }
}
