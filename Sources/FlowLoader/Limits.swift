/// Bounds the loader enforces on every file, so that hostile input is rejected in bounded time and memory.
public struct LoaderLimits: Sendable, Hashable {
    /// The largest file read, in bytes (FR002).
    public var maxFileBytes: Int
    /// The deepest nesting of values; the top-level value is at depth 1 (FR006). Values above
    /// ``hardDepthLimit`` are treated as ``hardDepthLimit``.
    public var maxDepth: Int
    /// The most nodes a document may have once aliases are expanded (FR007).
    public var maxNodes: Int
    /// The most steps one flow may declare (FR015).
    public var maxSteps: Int

    /// Creates limits; the defaults suit every hand-written flow.
    public init(
        maxFileBytes: Int = 4 * 1024 * 1024, maxDepth: Int = 64, maxNodes: Int = 200_000, maxSteps: Int = 10_000
    ) {
        self.maxFileBytes = maxFileBytes
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
        self.maxSteps = maxSteps
    }

    /// Nesting the YAML parser is never asked to handle, whatever ``maxDepth`` says: the pre-scan rejects deeper
    /// documents before libyaml (which keeps a state per level) reads them, and 200 levels stay far inside a
    /// 512 KiB thread stack wherever a reader recurses.
    public static let hardDepthLimit = 200

    /// ``maxDepth`` clamped to `1...hardDepthLimit`.
    var depthLimit: Int { Swift.max(1, Swift.min(maxDepth, Self.hardDepthLimit)) }

    /// ``maxNodes``, at least 1.
    var nodeLimit: Int { Swift.max(1, maxNodes) }
}
