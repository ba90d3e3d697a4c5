import FlowrunFoundation

/// The sessions taking an answer in this process, by the digest of their id: the first guard that keeps a
/// session's answers one at a time (the store's mark keeps them so across servers).
final class AnswersInProgress: Sendable {
    private let keys = Locked<Set<String>>([])

    /// Marks `key` as taking an answer; false when it already is.
    func begin(_ key: String) -> Bool {
        keys.withLock { $0.insert(key).inserted }
    }

    /// The answer of `key` is over.
    func end(_ key: String) {
        _ = keys.withLock { $0.remove(key) }
    }
}
