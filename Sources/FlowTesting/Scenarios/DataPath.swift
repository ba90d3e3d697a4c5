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

/// Writes a ``DataNode`` tree as JSON text (JSON is YAML, so YAML readers take it).
enum JSONText {
    static func encode(_ node: DataNode) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return number.isFinite ? String(number) : "null"
        case .string(let text): return quoted(text)
        case .list(let items): return "[" + items.map(encode).joined(separator: ",") + "]"
        case .map(let entries):
            return "{" + entries.map { quoted($0.key) + ":" + encode($0.value) }.joined(separator: ",") + "}"
        }
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
