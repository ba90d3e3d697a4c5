import FlowModel
import Yams

/// Turns a composed Yams ``Node`` into a ``TreeNode``: resolves scalars by the YAML 1.2 core schema, expands
/// aliases while counting every node, enforces the depth limit, rejects non-string keys and reports duplicate
/// keys at their second occurrence.
///
/// Yams' composer shares an aliased node instead of copying it. The builder converts each collection once and
/// reuses the result for every further use, adding its whole size to the node count: an alias bomb reaches
/// the node limit (FR007) after converting only the nodes actually written.
struct YAMLTreeBuilder {
    let file: String
    let source: SourceText
    let limits: LoaderLimits
    /// Keys made unique to get past Yams' duplicate check, by position, with their real text.
    let restoredKeys: [SourcePosition: String]
    private(set) var diagnostics: [Diagnostic] = []
    private var nodeCount = 0
    /// Collections converted so far, by position and kind, for reuse when an alias names them again.
    private var converted: [ConvertedKey: Converted] = [:]

    private struct Stop: Error {}

    private struct ConvertedKey: Hashable {
        var position: SourcePosition
        var isMapping: Bool
    }

    /// A converted subtree with its node count and height.
    private struct Converted {
        var node: TreeNode
        var size: Int
        var height: Int
    }

    init(file: String, source: SourceText, limits: LoaderLimits, restoredKeys: [SourcePosition: String]) {
        self.file = file
        self.source = source
        self.limits = limits
        self.restoredKeys = restoredKeys
    }

    /// The tree, or `nil` when a limit stopped the walk (the reason is in ``diagnostics``).
    mutating func build(_ root: Node) -> TreeNode? {
        do {
            return try convert(root)
        } catch {
            return nil
        }
    }

    private func position(of mark: Mark?) -> SourcePosition {
        mark.map { SourcePosition(line: $0.line, column: $0.column) } ?? .start
    }

    /// `a + b`, or `Int.max` when that overflows (alias expansions can be astronomically large).
    private static func saturatingSum(_ lhs: Int, _ rhs: Int) -> Int {
        let (sum, overflow) = lhs.addingReportingOverflow(rhs)
        return overflow ? Int.max : sum
    }

    /// Counts `size` nodes; `depth` is checked for values (`nil` for keys, which are not values).
    private mutating func count(_ size: Int = 1, at position: SourcePosition, depth: Int?) throws(Stop) {
        nodeCount = Self.saturatingSum(nodeCount, size)
        if nodeCount > limits.nodeLimit {
            diagnostics.append(
                Diagnostic(
                    .documentTooLarge,
                    "the document has more than \(limits.nodeLimit) nodes once aliases are expanded", file: file,
                    at: position))
            throw Stop()
        }
        if let depth, depth > limits.depthLimit {
            diagnostics.append(
                Diagnostic(
                    .nestingTooDeep, "nesting is deeper than \(limits.depthLimit) levels", file: file, at: position))
            throw Stop()
        }
    }

    /// A collection being converted: its children so far and the next one to visit. A class, so that
    /// appending a child never copies the children before it.
    private final class Frame {
        enum Source {
            case sequence(Node.Sequence)
            case mapping(Node.Mapping)
        }

        let source: Source
        let position: SourcePosition
        let depth: Int
        var next = 0
        var items: [TreeNode] = []
        var members = MappingEntries()
        var size = 1
        var height = 1

        init(_ source: Source, position: SourcePosition, depth: Int) {
            self.source = source
            self.position = position
            self.depth = depth
        }

        var isMapping: Bool {
            if case .mapping = source { return true }
            return false
        }

        var count: Int {
            switch source {
            case .sequence(let sequence): return sequence.endIndex
            case .mapping(let mapping): return mapping.endIndex
            }
        }

        var converted: Converted {
            let node = TreeNode(isMapping ? .mapping(members.entries) : .sequence(items), at: position)
            return Converted(node: node, size: size, height: height)
        }
    }

    /// Converts iteratively with an explicit stack, so deep documents cost heap, not thread stack.
    private mutating func convert(_ root: Node) throws(Stop) -> TreeNode {
        var stack: [Frame] = []
        if let done = try visit(root, depth: 1, stack: &stack) { return done.node }
        while let frame = stack.last {
            guard frame.next < frame.count else {
                stack.removeLast()
                let done = frame.converted
                converted[ConvertedKey(position: frame.position, isMapping: frame.isMapping)] = done
                guard let parent = stack.last else { return done.node }
                attach(done, to: parent)
                continue
            }
            let index = frame.next
            frame.next += 1
            let child: Node
            switch frame.source {
            case .sequence(let sequence):
                child = sequence[index]
            case .mapping(let mapping):
                let (key, value) = mapping[index]
                let keyPosition = position(of: key.mark)
                try count(at: keyPosition, depth: nil)
                frame.size = Self.saturatingSum(frame.size, 1)
                guard case .scalar(let keyScalar) = key else {
                    let found = key.sequence != nil ? "a list" : key.mapping != nil ? "a map" : "an alias"
                    diagnostics.append(
                        Diagnostic(
                            .wrongType, "mapping keys must be plain strings, found \(found)", file: file,
                            at: keyPosition))
                    continue
                }
                frame.members.expect(restoredKeys[keyPosition] ?? keyScalar.string, at: keyPosition)
                child = value
            }
            if let done = try visit(child, depth: frame.depth + 1, stack: &stack) {
                attach(done, to: frame)
            }
        }
        return TreeNode(.null, at: .start)
    }

    /// Counts a node; returns it when it is a scalar or a collection converted before, or pushes a frame to
    /// fill in.
    private mutating func visit(_ node: Node, depth: Int, stack: inout [Frame]) throws(Stop) -> Converted? {
        let source: Frame.Source
        let position: SourcePosition
        switch node {
        case .scalar(let scalar):
            let start = self.position(of: scalar.mark)
            try count(at: start, depth: depth)
            return Converted(node: TreeNode(value(of: scalar, at: start), at: start), size: 1, height: 1)
        case .alias(let alias):
            // Yams' composer resolves aliases itself; an unresolved one cannot be expanded.
            let start = self.position(of: alias.mark)
            try count(at: start, depth: depth)
            return Converted(node: TreeNode(.null, at: start), size: 1, height: 1)
        case .sequence(let sequence):
            source = .sequence(sequence)
            position = self.position(of: sequence.mark)
        case .mapping(let mapping):
            source = .mapping(mapping)
            position = self.position(of: mapping.mark)
        }
        let key = ConvertedKey(position: position, isMapping: node.mapping != nil)
        if let done = converted[key], depth + done.height - 1 <= limits.depthLimit {
            try count(done.size, at: position, depth: depth)
            return done
        }
        try count(at: position, depth: depth)
        stack.append(Frame(source, position: position, depth: depth))
        return nil
    }

    /// Adds a finished child to its collection, reporting a duplicate key instead of adding it twice.
    private mutating func attach(_ child: Converted, to frame: Frame) {
        frame.size = Self.saturatingSum(frame.size, child.size)
        frame.height = max(frame.height, child.height + 1)
        guard frame.isMapping else {
            frame.items.append(child.node)
            return
        }
        if let duplicate = frame.members.add(child.node, file: file) { diagnostics.append(duplicate) }
    }
}
