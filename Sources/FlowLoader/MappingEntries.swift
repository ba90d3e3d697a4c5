import FlowModel

/// The entries of a mapping being read, one per key, for both readers: a key is announced with ``expect(_:at:)``
/// and its value added with ``add(_:file:)``; a key seen before is reported (FR008) at its second occurrence and
/// left out.
struct MappingEntries {
    private(set) var entries: [TreeEntry] = []
    /// The line where each key was first defined.
    private var firstLines: [String: Int] = [:]
    /// The key whose value is being read.
    private var pendingKey: (text: String, position: SourcePosition)?

    /// Announces the key whose value comes next.
    mutating func expect(_ key: String, at position: SourcePosition) {
        pendingKey = (key, position)
    }

    /// Adds `value` under the announced key; returns the FR008 diagnostic instead when the key was seen before.
    /// Without an announced key, nothing is added.
    mutating func add(_ value: TreeNode, file: String) -> Diagnostic? {
        guard let key = pendingKey else { return nil }
        pendingKey = nil
        if let firstLine = firstLines[key.text] {
            return Diagnostic(
                .duplicateKey, "duplicate key `\(key.text)`; it is first defined on line \(firstLine)", file: file,
                at: key.position)
        }
        firstLines[key.text] = key.position.line
        entries.append(TreeEntry(key: key.text, keyPosition: key.position, value: value))
        return nil
    }
}
