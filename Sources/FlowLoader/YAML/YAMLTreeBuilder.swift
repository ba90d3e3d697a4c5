internal import CYaml
import FlowModel

/// Builds the positioned ``TreeNode`` of a YAML document in one pass over libyaml's events: resolves scalars by
/// the YAML 1.2 core schema, expands aliases while counting every node, enforces the depth limit, rejects
/// non-string keys and reports duplicate keys at their second occurrence.
///
/// An alias shares the tree of its anchor instead of copying it, and adds the anchor's whole size to the node
/// count: an alias bomb reaches the node limit (FR007) after building only the nodes actually written.
/// Collections are built with an explicit stack, so deep documents cost heap, not thread stack.
struct YAMLTreeBuilder {
    let file: String
    let limits: LoaderLimits
    /// Where scalars are in the source, to place the characters of strings.
    var placer: ScalarPlacer
    private(set) var diagnostics: [Diagnostic] = []
    var nodeCount = 0
    /// The collections being built, innermost last.
    private var stack: [Frame] = []
    /// Nodes by anchor name; a later anchor of the same name replaces an earlier one, as in YAML.
    var anchors: [String: Anchored] = [:]
    /// The size and height of every collection built since the first anchor, by position and kind, for aliases
    /// that must be walked again (see ``YAMLTreeBuilder/walk(_:depth:)``); `nil` while there is no anchor.
    var shapes: [ShapeKey: Shape]?

    /// What stopped the build early.
    enum Stop: Error {
        /// A limit was reached; the diagnostic is in ``diagnostics``.
        case limit
        /// An alias names no anchor defined before it.
        case undefinedAlias(SourcePosition)
    }

    /// The number of nodes and the height of a subtree.
    struct Shape {
        var size: Int
        var height: Int
    }

    struct ShapeKey: Hashable {
        var position: SourcePosition
        var isMapping: Bool
    }

    /// A node with an anchor: its tree, its shape, and for a scalar its text (an alias can be a key).
    struct Anchored {
        var node: TreeNode
        var shape: Shape
        var scalarText: String?
    }

    /// A collection being built.
    private struct Frame {
        var isMapping: Bool
        var position: SourcePosition
        var depth: Int
        var anchor: String?
        /// Inside a key that is not a string, or the value of such a key: built (an anchor inside may be used
        /// later) but neither counted nor checked, and dropped at the end.
        var isDiscarded: Bool
        /// The collection is itself a (rejected) key.
        var isKey: Bool
        var items: [TreeNode] = []
        var members = MappingEntries()
        var shape = Shape(size: 1, height: 1)
        /// For a mapping: whether the next node is a key.
        var expectsKey = true
        /// For a mapping: whether the next value belongs to a rejected key.
        var discardsValue = false
    }

    /// Where the next node goes.
    private enum Slot {
        /// A value at this depth (the root, an item, or the value of a string key).
        case value(depth: Int)
        /// A mapping key.
        case key(isDiscarded: Bool)
        /// Part of a rejected key or of its value.
        case discarded
    }

    init(file: String, limits: LoaderLimits, placer: ScalarPlacer) {
        self.file = file
        self.limits = limits
        self.placer = placer
    }

    private var slot: Slot {
        // Reads the innermost frame's flags in place (copying the frame would retain its children).
        let top = stack.count - 1
        guard top >= 0 else { return .value(depth: 1) }
        if stack[top].isMapping, stack[top].expectsKey { return .key(isDiscarded: stack[top].isDiscarded) }
        if stack[top].isDiscarded || (stack[top].isMapping && stack[top].discardsValue) { return .discarded }
        return .value(depth: stack[top].depth + 1)
    }

    /// Takes one event inside the document; returns the root once it is complete.
    mutating func take(_ event: UnsafePointer<yaml_event_t>) throws(Stop) -> TreeNode? {
        switch event.pointee.type {
        case YAML_SCALAR_EVENT:
            return try scalar(event)
        case YAML_ALIAS_EVENT:
            return try alias(event)
        case YAML_SEQUENCE_START_EVENT:
            try startCollection(event, isMapping: false, anchor: event.pointee.data.sequence_start.anchor)
            return nil
        case YAML_MAPPING_START_EVENT:
            try startCollection(event, isMapping: true, anchor: event.pointee.data.mapping_start.anchor)
            return nil
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            return endCollection()
        default:
            return nil  // libyaml produces no other event inside a document
        }
    }

    /// The anchors of the open collections, registered once they close.
    var openAnchors: [String?] { stack.map(\.anchor) }

    // MARK: - Events

    private mutating func scalar(_ event: UnsafePointer<yaml_event_t>) throws(Stop) -> TreeNode? {
        let data = event.pointee.data.scalar
        let position = LibYAMLParser.position(event.pointee.start_mark)
        let anchor = data.anchor.map { String(cString: $0) }
        let bytes = UnsafeBufferPointer(start: data.value, count: data.length)
        switch slot {
        case .key(let isDiscarded):
            if !isDiscarded { try count(at: position, depth: nil) }
            let text = String(decoding: bytes, as: UTF8.self)
            if let anchor {
                let node = TreeNode(value(of: data, bytes: bytes, mark: event.pointee.start_mark), at: position)
                register(anchor, Anchored(node: node, shape: Shape(size: 1, height: 1), scalarText: text))
            }
            announceKey(text, at: position)
            return nil
        case .value(let depth):
            try count(at: position, depth: depth)
        case .discarded:
            break
        }
        let node = TreeNode(value(of: data, bytes: bytes, mark: event.pointee.start_mark), at: position)
        if let anchor {
            let text = String(decoding: bytes, as: UTF8.self)
            register(anchor, Anchored(node: node, shape: Shape(size: 1, height: 1), scalarText: text))
        }
        return place(node, shape: Shape(size: 1, height: 1))
    }

    private mutating func alias(_ event: UnsafePointer<yaml_event_t>) throws(Stop) -> TreeNode? {
        let name = event.pointee.data.alias.anchor.map { String(cString: $0) } ?? ""
        guard let anchored = anchors[name] else {
            throw .undefinedAlias(LibYAMLParser.position(event.pointee.start_mark))
        }
        let position = anchored.node.position
        switch slot {
        case .key(let isDiscarded):
            if !isDiscarded { try count(at: position, depth: nil) }
            if let text = anchored.scalarText {
                announceKey(text, at: position)
            } else {
                rejectKey(anchored.node, at: position, isDiscarded: isDiscarded)
                discardNextValue()
            }
            return nil
        case .value(let depth):
            if depth + anchored.shape.height - 1 <= limits.depthLimit {
                try count(anchored.shape.size, at: position, depth: depth)
            } else {
                try walk(anchored.node, depth: depth)
            }
        case .discarded:
            break
        }
        return place(anchored.node, shape: anchored.shape)
    }

    private mutating func startCollection(
        _ event: UnsafePointer<yaml_event_t>, isMapping: Bool, anchor: UnsafeMutablePointer<yaml_char_t>?
    ) throws(Stop) {
        let position = LibYAMLParser.position(event.pointee.start_mark)
        let name = anchor.map { String(cString: $0) }
        if name != nil, shapes == nil { shapes = [:] }
        var frame = Frame(
            isMapping: isMapping, position: position, depth: 0, anchor: name, isDiscarded: true, isKey: false)
        switch slot {
        case .key(let isDiscarded):
            if !isDiscarded {
                try count(at: position, depth: nil)
                let found = isMapping ? "a map" : "a list"
                diagnostics.append(
                    Diagnostic(
                        .wrongType, "mapping keys must be plain strings, found \(found)", file: file, at: position))
            }
            stack[stack.count - 1].shape.size = Self.saturatingSum(stack[stack.count - 1].shape.size, 1)
            frame.isKey = true
        case .value(let depth):
            try count(at: position, depth: depth)
            frame.depth = depth
            frame.isDiscarded = false
        case .discarded:
            break
        }
        stack.append(frame)
    }

    private mutating func endCollection() -> TreeNode? {
        guard let frame = stack.popLast() else { return nil }
        let node = TreeNode(
            frame.isMapping ? .mapping(frame.members.entries) : .sequence(frame.items), at: frame.position)
        shapes?[ShapeKey(position: frame.position, isMapping: frame.isMapping)] = frame.shape
        if let anchor = frame.anchor { register(anchor, Anchored(node: node, shape: frame.shape, scalarText: nil)) }
        if frame.isKey {
            discardNextValue()
            return nil
        }
        return place(node, shape: frame.shape)
    }

    // MARK: - Building

    /// Adds a finished node where it belongs; returns it when it is the root.
    private mutating func place(_ node: TreeNode, shape: Shape) -> TreeNode? {
        let top = stack.count - 1
        guard top >= 0 else { return node }
        if stack[top].isMapping {
            stack[top].expectsKey = true
            if stack[top].discardsValue {
                stack[top].discardsValue = false
                return nil
            }
        }
        stack[top].shape.size = Self.saturatingSum(stack[top].shape.size, shape.size)
        stack[top].shape.height = max(stack[top].shape.height, shape.height + 1)
        if stack[top].isMapping {
            if let duplicate = stack[top].members.add(node, file: file), !stack[top].isDiscarded {
                diagnostics.append(duplicate)
            }
        } else {
            stack[top].items.append(node)
        }
        return nil
    }

    /// Counts a key of the innermost mapping and announces its text.
    private mutating func announceKey(_ text: String, at position: SourcePosition) {
        let top = stack.count - 1
        stack[top].shape.size = Self.saturatingSum(stack[top].shape.size, 1)
        stack[top].members.expect(text, at: position)
        stack[top].expectsKey = false
    }

    /// FR010 for a key that is an alias of a list or map.
    private mutating func rejectKey(_ node: TreeNode, at position: SourcePosition, isDiscarded: Bool) {
        let top = stack.count - 1
        stack[top].shape.size = Self.saturatingSum(stack[top].shape.size, 1)
        guard !isDiscarded else { return }
        diagnostics.append(
            Diagnostic(
                .wrongType, "mapping keys must be plain strings, found \(node.kindDescription)", file: file,
                at: position))
    }

    /// The innermost mapping's next value belongs to a rejected key.
    private mutating func discardNextValue() {
        let top = stack.count - 1
        stack[top].expectsKey = false
        stack[top].discardsValue = true
    }

    mutating func register(_ anchor: String, _ anchored: Anchored) {
        if shapes == nil { shapes = [:] }
        anchors[anchor] = anchored
    }

    // MARK: - Limits

    /// `a + b`, or `Int.max` when that overflows (alias expansions can be astronomically large).
    static func saturatingSum(_ lhs: Int, _ rhs: Int) -> Int {
        let (sum, overflow) = lhs.addingReportingOverflow(rhs)
        return overflow ? Int.max : sum
    }

    /// Counts `size` nodes; `depth` is checked for values (`nil` for keys, which are not values).
    mutating func count(_ size: Int = 1, at position: SourcePosition, depth: Int?) throws(Stop) {
        nodeCount = Self.saturatingSum(nodeCount, size)
        if nodeCount > limits.nodeLimit {
            diagnostics.append(
                Diagnostic(
                    .documentTooLarge,
                    "the document has more than \(limits.nodeLimit) nodes once aliases are expanded", file: file,
                    at: position))
            throw .limit
        }
        if let depth, depth > limits.depthLimit {
            diagnostics.append(
                Diagnostic(
                    .nestingTooDeep, "nesting is deeper than \(limits.depthLimit) levels", file: file, at: position))
            throw .limit
        }
    }
}
