import FlowModel

/// Finds values of a ``DataNode`` tree by dotted path (`signUp.requiredAttributes[0].name`).
public enum DataPath {
    /// The position of the value at `path` below `root`, or of the deepest part of the path that exists.
    public static func position(of path: String, in root: DataNode) -> SourcePosition {
        position(of: components(path), in: root, pointingAtKey: false)
    }

    /// A step of a path: a key of a map or an index of a list.
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// The position of the value at `path` below `root`, or of the deepest part that exists; with
    /// `pointingAtKey`, the last key's own position (for a key that should not be there).
    public static func position(of path: [Component], in root: DataNode, pointingAtKey: Bool) -> SourcePosition {
        var node = root
        for (offset, component) in path.enumerated() {
            switch (component, node.value) {
            case (.key(let key), .map(let entries)):
                guard let entry = entries.first(where: { $0.key == key }) else { return node.position }
                if pointingAtKey && offset == path.count - 1 { return entry.keyPosition }
                node = entry.value
            case (.index(let index), .list(let items)) where items.indices.contains(index):
                node = items[index]
            default:
                return node.position
            }
        }
        return node.position
    }

    private static func components(_ path: String) -> [Component] {
        var components: [Component] = []
        for part in path.split(separator: ".") {
            var rest = Substring(part)
            if let bracket = rest.firstIndex(of: "[") {
                if bracket != rest.startIndex { components.append(.key(String(rest[..<bracket]))) }
                rest = rest[bracket...]
                while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                    if let index = Int(rest[rest.index(after: rest.startIndex)..<close]) {
                        components.append(.index(index))
                    }
                    rest = rest[rest.index(after: close)...]
                }
            } else {
                components.append(.key(String(rest)))
            }
        }
        return components
    }
}
