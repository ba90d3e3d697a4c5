import FlowModel

/// The entries of a mapping being read, one per key, for both readers: a key is announced with ``expect(_:at:)``
/// and its value added with ``add(_:file:)``; a key seen before is reported (FR008) at its second occurrence and
/// left out.
struct MappingEntries {
    private(set) var entries: [TreeEntry] = []
    /// The index of each key's entry, once the mapping is too large to search the entries one by one.
    private var indexByKey: [String: Int]?
    /// The key whose value is being read.
    private var pendingKey: (text: String, position: SourcePosition)?

    /// Mappings with at most this many entries are searched linearly (most mappings of a flow are small).
    private static let linearSearchLimit = 16

    /// Announces the key whose value comes next.
    mutating func expect(_ key: String, at position: SourcePosition) {
        pendingKey = (key, position)
    }

    /// Adds `value` under the announced key; returns the FR008 diagnostic instead when the key was seen before.
    /// Without an announced key, nothing is added.
    mutating func add(_ value: TreeNode, file: String) -> Diagnostic? {
        guard let key = pendingKey else { return nil }
        pendingKey = nil
        if let first = firstEntry(of: key.text) {
            return Diagnostic(
                .duplicateKey,
                "duplicate key `\(key.text)`; it is first defined on line \(entries[first].keyPosition.line)",
                file: file, at: key.position)
        }
        indexByKey?[key.text] = entries.count
        entries.append(TreeEntry(key: key.text, keyPosition: key.position, value: value))
        if indexByKey == nil, entries.count > Self.linearSearchLimit {
            indexByKey = Dictionary(
                entries.indices.map { (entries[$0].key, $0) }, uniquingKeysWith: { first, _ in first })
        }
        return nil
    }

    /// The index of the entry for `key`, if there is one.
    private func firstEntry(of key: String) -> Int? {
        if let indexByKey { return indexByKey[key] }
        return entries.firstIndex { $0.key == key }
    }
}
