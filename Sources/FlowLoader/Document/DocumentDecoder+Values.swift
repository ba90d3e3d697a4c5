import FlowModel

/// `with`, `set` and `output`: ordered maps of name → value.
extension DocumentDecoder {
    /// The entries of a value map in source order; names must be names, values templates, numbers, booleans
    /// or lists of those.
    mutating func valueMap(_ entry: TreeEntry) -> [NamedValue] {
        guard let fields = mapping(entry.value, what: "`\(entry.key)`") else { return [] }
        var values: [NamedValue] = []
        for item in fields.entries {
            checkVariableName(item.key, what: "name", at: item.keyPosition)
            if let value = valueExpression(item.value, what: "the value of `\(item.key)`", allowList: true) {
                values.append(NamedValue(name: Located(item.key, at: item.keyPosition), value: value))
            }
        }
        return values
    }

    private mutating func valueExpression(_ node: TreeNode, what: @autoclosure () -> String, allowList: Bool)
        -> ValueExpression?
    {
        switch node.value {
        case .string(let scalar): return template(scalar, at: node.position).map { .template($0) }
        case .int(let value): return .integer(value)
        case .double(let value): return .number(value)
        case .bool(let value): return .boolean(value)
        case .sequence(let items) where allowList:
            let values = items.compactMap { valueExpression($0, what: "each item of \(what())", allowList: false) }
            return values.count == items.count ? .list(values) : nil
        default:
            let expected = allowList ? "a string, number, boolean or list" : "a string, number or boolean"
            report(.wrongType, "\(what()) must be \(expected), found \(node.kindDescription)", at: node.position)
            return nil
        }
    }
}
