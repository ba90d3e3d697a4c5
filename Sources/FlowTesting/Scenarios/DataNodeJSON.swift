import FlowLoader
import Foundation

/// Writes a ``DataNode`` tree as JSON text (JSON is YAML, so YAML readers take it).
enum DataNodeJSON {
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
