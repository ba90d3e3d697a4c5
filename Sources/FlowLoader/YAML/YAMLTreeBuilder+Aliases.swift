import FlowModel

/// Aliases whose anchor is too tall to count in one step where they are used.
extension YAMLTreeBuilder {
    /// A step of ``walk(_:depth:)``: a node to visit, or a key to count.
    private enum WalkStep {
        case node(TreeNode, depth: Int)
        case key(SourcePosition)
    }

    /// Counts the nodes of an aliased subtree one by one, as if they were written out at `depth`, so that the
    /// limit that stops it is reported at the node that crosses it. A collection that fits below `depth` as a
    /// whole is counted in one step. Only called when the subtree does not fit, so it stops within the depth
    /// limit's number of levels.
    mutating func walk(_ root: TreeNode, depth: Int) throws(Stop) {
        var pending: [WalkStep] = [.node(root, depth: depth)]
        while let step = pending.popLast() {
            let node: TreeNode
            let depth: Int
            switch step {
            case .key(let position):
                try count(at: position, depth: nil)
                continue
            case .node(let next, let nextDepth):
                node = next
                depth = nextDepth
            }
            switch node.value {
            case .sequence(let items):
                guard try !countWhole(node, isMapping: false, depth: depth) else { continue }
                for item in items.reversed() { pending.append(.node(item, depth: depth + 1)) }
            case .mapping(let entries):
                guard try !countWhole(node, isMapping: true, depth: depth) else { continue }
                for entry in entries.reversed() {
                    pending.append(.node(entry.value, depth: depth + 1))
                    pending.append(.key(entry.keyPosition))
                }
            case .null, .bool, .int, .double, .string:
                try count(at: node.position, depth: depth)
            }
        }
    }

    /// Counts a collection in one step when it fits below `depth` (and returns true), or counts only the
    /// collection itself (and returns false: its children are to be walked).
    private mutating func countWhole(_ node: TreeNode, isMapping: Bool, depth: Int) throws(Stop) -> Bool {
        if let shape = shapes?[ShapeKey(position: node.position, isMapping: isMapping)],
            depth + shape.height - 1 <= limits.depthLimit
        {
            try count(shape.size, at: node.position, depth: depth)
            return true
        }
        try count(at: node.position, depth: depth)
        return false
    }
}
