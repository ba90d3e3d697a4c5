import FlowEngine
import FlowLoader
import FlowModel
import FlowrunFoundation

/// Reads the parts of a ``DataNode`` tree, collecting a diagnostic with `file:line:column` for every value of
/// the wrong shape (the codes of the flow format: FR009 unknown key, FR010 wrong type, FR011 missing key,
/// FR012 invalid value).
struct DataReader {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String) {
        self.file = file
    }

    mutating func report(_ code: RuleCode, _ message: String, at position: SourcePosition?, hint: String? = nil) {
        diagnostics.append(Diagnostic(code, message, file: file, at: position, hint: hint))
    }

    /// The entries of a map by key, reporting keys outside `known` (with a suggestion) and missing `required`
    /// ones; `nil` when `node` is not a map.
    mutating func map(
        _ node: DataNode, _ what: String, known: [String], required: [String] = []
    ) -> [String: DataEntry]? {
        guard case .map(let entries) = node.value else {
            report(.wrongType, "\(what) must be a map, not \(node.kindDescription)", at: node.position)
            return nil
        }
        var fields: [String: DataEntry] = [:]
        for entry in entries {
            if known.contains(entry.key) {
                fields[entry.key] = entry
            } else {
                let suggestion = Spelling.suggestion(for: entry.key, among: known).map { "; did you mean `\($0)`?" }
                report(
                    .unknownKey, "unknown key `\(entry.key)` in \(what)\(suggestion ?? "")", at: entry.keyPosition,
                    hint: "the keys of \(what) are " + known.map { "`\($0)`" }.joined(separator: ", "))
            }
        }
        for key in required where fields[key] == nil {
            report(.missingKey, "\(what) needs `\(key)`", at: node.position)
        }
        return fields
    }

    mutating func string(_ node: DataNode, _ what: String) -> Located<String>? {
        switch node.value {
        case .string(let text) where !text.isEmpty: return Located(text, at: node.position)
        case .string: report(.invalidValue, "\(what) must not be empty", at: node.position)
        default: report(.wrongType, "\(what) must be a string, not \(node.kindDescription)", at: node.position)
        }
        return nil
    }

    mutating func integer(_ node: DataNode, _ what: String, atLeast minimum: Int) -> Int? {
        guard case .int(let number) = node.value else {
            report(.wrongType, "\(what) must be an integer, not \(node.kindDescription)", at: node.position)
            return nil
        }
        guard number >= minimum else {
            report(.invalidValue, "\(what) must be at least \(minimum), not \(number)", at: node.position)
            return nil
        }
        return number
    }

    mutating func bool(_ node: DataNode, _ what: String) -> Bool? {
        guard case .bool(let flag) = node.value else {
            report(.wrongType, "\(what) must be true or false, not \(node.kindDescription)", at: node.position)
            return nil
        }
        return flag
    }

    mutating func list(_ node: DataNode, _ what: String) -> [DataNode]? {
        guard case .list(let items) = node.value else {
            report(.wrongType, "\(what) must be a list, not \(node.kindDescription)", at: node.position)
            return nil
        }
        return items
    }

    /// A list of strings; a single string counts as a list of one.
    mutating func strings(_ node: DataNode, _ what: String) -> Located<[String]>? {
        if case .string = node.value { return string(node, what).map { Located([$0.value], at: node.position) } }
        guard let items = list(node, what) else { return nil }
        let texts = items.compactMap { string($0, "an entry of \(what)")?.value }
        return texts.count == items.count ? Located(texts, at: node.position) : nil
    }

    /// A map of strings to strings (attribute values); numbers and booleans are taken as their text.
    mutating func stringMap(_ node: DataNode, _ what: String) -> [String: String]? {
        guard case .map(let entries) = node.value else {
            report(.wrongType, "\(what) must be a map, not \(node.kindDescription)", at: node.position)
            return nil
        }
        var values: [String: String] = [:]
        for entry in entries {
            switch entry.value.value {
            case .string(let text): values[entry.key] = text
            case .int(let number): values[entry.key] = String(number)
            case .double(let number): values[entry.key] = String(number)
            case .bool(let flag): values[entry.key] = String(flag)
            default:
                report(
                    .wrongType, "\(what): `\(entry.key)` must be text, not \(entry.value.kindDescription)",
                    at: entry.value.position)
            }
        }
        return values
    }

    /// Any value, as flows hold it.
    static func value(_ node: DataNode) -> Value {
        switch node.value {
        case .null: return .null
        case .bool(let flag): return .boolean(flag)
        case .int(let number): return .integer(number)
        case .double(let number): return .number(number)
        case .string(let text): return .string(text)
        case .list(let items): return .list(items.map(value))
        case .map(let entries):
            return .object(Dictionary(entries.map { ($0.key, value($0.value)) }, uniquingKeysWith: { $1 }))
        }
    }

    /// A map of values.
    mutating func values(_ node: DataNode, _ what: String) -> Located<[String: Value]>? {
        guard case .object(let fields) = Self.value(node) else {
            report(.wrongType, "\(what) must be a map, not \(node.kindDescription)", at: node.position)
            return nil
        }
        return Located(fields, at: node.position)
    }
}
