/// The digest of an action catalog's content: its format version, authority name, and every action's
/// parameters and outcomes (each outcome's error flag and data), with every value's type and its `required`
/// and `secret` flags, in name order. Descriptions, titles and tenant settings are prose and are left out:
/// two catalogs that differ only there prove the same flows. 64-bit FNV-1a: it tells catalogs apart, it is
/// not a security check.
enum CatalogDigest {
    static func of(_ catalog: ActionCatalog) -> String {
        var hasher = Hasher64()
        hasher.add(catalog.catalog)
        hasher.add(catalog.authority)
        for (name, action) in catalog.actions.sorted(by: { $0.key < $1.key }) {
            hasher.add(name)
            hasher.add(action.parameters)
            hasher.add(action.outcomes.count)
            for (outcome, declaration) in action.outcomes.sorted(by: { $0.key < $1.key }) {
                hasher.add(outcome)
                hasher.add(declaration.error ? 1 : 0)
                hasher.add(declaration.data)
            }
        }
        return hasher.hex
    }

    /// 64-bit FNV-1a over length-prefixed fields, so that no two different sequences of fields feed the same
    /// bytes.
    private struct Hasher64 {
        private var state: UInt64 = 0xcbf2_9ce4_8422_2325

        mutating func add(_ values: [String: CatalogValue]) {
            add(values.count)
            for (name, value) in values.sorted(by: { $0.key < $1.key }) {
                add(name)
                add(value.type.rawValue)
                add((value.required ? 1 : 0) + (value.secret ? 2 : 0))
            }
        }

        mutating func add(_ text: String) {
            add(text.utf8.count)
            for byte in text.utf8 { add(byte: byte) }
        }

        mutating func add(_ number: Int) {
            var bits = UInt64(bitPattern: Int64(number))
            for _ in 0..<8 {
                add(byte: UInt8(truncatingIfNeeded: bits))
                bits >>= 8
            }
        }

        private mutating func add(byte: UInt8) {
            state ^= UInt64(byte)
            state &*= 0x0000_0100_0000_01B3
        }

        /// The digest as 16 hexadecimal digits.
        var hex: String {
            let digits = String(state, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
    }
}
