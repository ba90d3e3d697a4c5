import FlowModel

/// `choose:` branches and their conditions.
extension DocumentDecoder {
    static let branchKeys = ["if", "then"]
    static let conditionTests = ["equals", "notEquals", "oneOf", "present", "matches"]
    static let conditionKeys = ["var"] + conditionTests

    mutating func chooseStep(_ fields: Fields, context: @autoclosure () -> String, at position: SourcePosition)
        -> StepKind?
    {
        var branches: [ChooseBranch]?
        if let entry = fields["choose"], let items = list(entry, of: "`if`/`then` branches", atLeastOne: "branch") {
            var decoded: [ChooseBranch] = []
            for (index, item) in items.enumerated() {
                if let branch = branch(item, number: index + 1) { decoded.append(branch) }
            }
            branches = decoded
        }
        let otherwise = required(fields, "otherwise", in: context(), at: position).flatMap {
            transition($0.value, what: "`otherwise`")
        }
        guard let branches, let otherwise else { return nil }
        return .choose(ChooseStep(branches: branches, otherwise: otherwise))
    }

    private mutating func branch(_ node: TreeNode, number: Int) -> ChooseBranch? {
        func context() -> String { "branch \(number) of `choose`" }
        guard let fields = mapping(node, what: context()) else { return nil }
        checkKeys(fields, allowed: Self.branchKeys, in: context())
        let test = required(fields, "if", in: context()).flatMap { condition($0.value) }
        let then = required(fields, "then", in: context()).flatMap { transition($0.value, what: "`then`") }
        guard let test, let then else { return nil }
        return ChooseBranch(condition: test, then: then)
    }

    private mutating func condition(_ node: TreeNode) -> Condition? {
        guard let fields = mapping(node, what: "`if`") else { return nil }
        func context() -> String { "the condition" }
        checkKeys(fields, allowed: Self.conditionKeys, in: context())
        var variable: Located<String>?
        if let entry = required(fields, "var", in: context()), let text = string(entry) {
            if text.value.split(separator: ".", omittingEmptySubsequences: false)
                .allSatisfy({ Identifier.isVariableName(String($0)) })
            {
                variable = text
            } else {
                report(
                    .invalidValue,
                    "`var` `\(text.value)` is not a variable: write `name` or `name.field`, where names are letters, "
                        + "digits and `_`, starting with a letter or `_`",
                    at: text.position)
            }
        }
        guard
            let (testEntry, isAlone) = exactlyOne(
                of: Self.conditionTests, in: fields,
                missing: "\(context()) needs one test: "
                    + Self.conditionTests.map { "`\($0)`" }.joined(separator: ", "),
                at: fields.position,
                conflict: { "\(context()) has both `\($0)` and `\($1)`; a condition has exactly one test" })
        else { return nil }
        let test = conditionTest(testEntry)
        guard let variable, let test, isAlone else { return nil }
        return Condition(variable: variable, test: test, position: node.position)
    }

    private mutating func conditionTest(_ entry: TreeEntry) -> Condition.Test? {
        switch entry.key {
        case "equals": return scalar(entry.value, what: "`equals`").map { .equals($0) }
        case "notEquals": return scalar(entry.value, what: "`notEquals`").map { .notEquals($0) }
        case "present": return boolean(entry).map { .present($0) }
        case "matches": return regularExpression(entry).map { .matches($0) }
        default:
            guard let items = list(entry, of: "values", atLeastOne: "value"), !items.isEmpty else { return nil }
            let values = items.compactMap { scalar($0, what: "each value of `oneOf`") }
            return values.count == items.count ? .oneOf(values) : nil
        }
    }

    /// A string, number or boolean compared against.
    private mutating func scalar(_ node: TreeNode, what: @autoclosure () -> String) -> ScalarValue? {
        switch node.value {
        case .string(let scalar): return .string(scalar.text)
        case .int(let value): return .integer(value)
        case .double(let value): return .number(value)
        case .bool(let value): return .boolean(value)
        default:
            report(
                .wrongType, "\(what()) must be a string, number or boolean, found \(node.kindDescription)",
                at: node.position)
            return nil
        }
    }
}
