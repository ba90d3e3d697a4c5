import FlowModel

/// `allow:` on a step: rule code → the reason the author accepts that warning here.
extension DocumentDecoder {
    mutating func acknowledgements(_ entry: TreeEntry) -> [Acknowledgement] {
        guard let map = mapping(entry.value, what: "`allow`") else { return [] }
        var result: [Acknowledgement] = []
        for item in map.entries {
            guard let rule = Rule.catalog[RuleCode(rawValue: item.key)] else {
                report(.invalidValue, "`allow`: `\(item.key)` is not a rule code", at: item.keyPosition)
                continue
            }
            guard rule.severity == .warning else {
                report(
                    .invalidValue, "`allow`: \(item.key) is an error; only warnings can be acknowledged",
                    at: item.keyPosition)
                continue
            }
            guard let reason = string(item), !reason.value.allSatisfy(\.isWhitespace) else {
                report(.invalidValue, "`allow`: \(item.key) needs a reason", at: item.value.position)
                continue
            }
            result.append(Acknowledgement(code: Located(item.key, at: item.keyPosition), reason: reason))
        }
        return result
    }
}
