import FlowrunFoundation

/// How much one answer (or a start's params) may carry and how large a stored session may grow, so that no
/// client can make the server keep kilobytes of text per session.
public struct AnswerLimits: Sendable, Hashable {
    /// The most bytes of a request body that answers or starts a session (413 beyond).
    public var bodyBytes: Int
    /// The most keys in one answer, counted at every depth (an `attributes` input's attributes included).
    public var keys: Int
    /// The most characters of one text value.
    public var valueLength: Int
    /// The most bytes of a session as stored (its JSON before sealing).
    public var recordBytes: Int

    public init(bodyBytes: Int = 16_384, keys: Int = 50, valueLength: Int = 1_024, recordBytes: Int = 32_768) {
        self.bodyBytes = bodyBytes
        self.keys = keys
        self.valueLength = valueLength
        self.recordBytes = recordBytes
    }

    /// 16 KiB bodies, 50 keys, values of 1,024 characters, 32 KiB stored.
    public static let standard = AnswerLimits()

    /// Why `values` is over a limit, in words that name the limit (never a value); nil when it is within them.
    func problem(with values: [String: Value]) -> String? {
        var keys = 0
        var longest = 0
        func walk(_ value: Value) {
            switch value {
            case .string(let text): longest = max(longest, text.count)
            case .list(let items): items.forEach(walk)
            case .object(let fields):
                keys += fields.count
                for (key, field) in fields {
                    longest = max(longest, key.count)
                    walk(field)
                }
            case .integer, .number, .boolean, .null: break
            }
        }
        walk(.object(values))
        if keys > self.keys { return "an answer takes at most \(self.keys) inputs and attributes" }
        if longest > valueLength { return "a value or name is at most \(valueLength) characters" }
        return nil
    }
}
