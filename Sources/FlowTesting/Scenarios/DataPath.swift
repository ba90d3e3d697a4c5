import FlowLoader
import FlowModel
import Foundation

/// Finds values of a ``DataNode`` tree by dotted path (`signUp.requiredAttributes[0].name`).
enum DataPath {
    /// The position of the value at `path` below `root`, or of the deepest part of the path that exists.
    static func position(of path: String, in root: DataNode) -> SourcePosition? {
        var node = root
        for component in components(path) {
            switch (component, node.value) {
            case (.key(let key), .map(let entries)):
                guard let entry = entries.first(where: { $0.key == key }) else { return node.position }
                node = entry.value
            case (.index(let index), .list(let items)) where items.indices.contains(index):
                node = items[index]
            default:
                return node.position
            }
        }
        return node.position
    }

    private enum Component {
        case key(String)
        case index(Int)
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
