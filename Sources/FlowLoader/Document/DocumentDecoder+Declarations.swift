import FlowModel

/// `params:` and `inputs:`.
extension DocumentDecoder {
    static let paramKeys = ["type", "secret"]
    static let inputKeys = ["type", "label", "hint", "secret", "pattern", "patternMessage", "fields", "from"]
    static let attributeFieldKeys = ["name", "label", "pattern", "required"]
    static let attributeSourceKeys = ["fields", "from"]

    mutating func params(_ entry: TreeEntry) -> [ParamDeclaration] {
        guard let map = mapping(entry.value, what: "`params`") else { return [] }
        var params: [ParamDeclaration] = []
        for item in map.entries {
            checkVariableName(item.key, what: "param name", at: item.keyPosition)
            func context() -> String { "param `\(item.key)`" }
            guard let fields = mapping(item.value, what: context()) else { continue }
            checkKeys(fields, allowed: Self.paramKeys, in: context())
            let type = fields["type"].map { inputType($0) } ?? .text
            let secret = fields["secret"].flatMap { boolean($0) }
            let resolvedType = type ?? .text
            params.append(
                ParamDeclaration(
                    name: Located(item.key, at: item.keyPosition), type: resolvedType,
                    secret: secret ?? resolvedType.isSecretByDefault))
        }
        return params
    }

    mutating func inputs(_ entry: TreeEntry) -> [InputDeclaration] {
        guard let map = mapping(entry.value, what: "`inputs`") else { return [] }
        var inputs: [InputDeclaration] = []
        for item in map.entries {
            checkVariableName(item.key, what: "input name", at: item.keyPosition)
            if let input = input(item) { inputs.append(input) }
        }
        return inputs
    }

    private mutating func input(_ item: TreeEntry) -> InputDeclaration? {
        func context() -> String { "input `\(item.key)`" }
        guard let fields = mapping(item.value, what: context()) else { return nil }
        checkKeys(fields, allowed: Self.inputKeys, in: context())
        let type = required(fields, "type", in: context(), at: item.keyPosition).flatMap { inputType($0) }
        let label = fields["label"].flatMap { template($0) }
        let hint = fields["hint"].flatMap { template($0) }
        let secret = fields["secret"].flatMap { boolean($0) }
        let pattern = fields["pattern"].flatMap { regularExpression($0) }
        let patternMessage = fields["patternMessage"].flatMap { template($0) }
        if let entry = fields["patternMessage"], !fields.has("pattern") {
            report(.missingKey, "`patternMessage` needs `pattern` in \(context())", at: entry.keyPosition)
        }
        var attributes: AttributeSource?
        if let type {
            attributes = attributeSource(fields, type: type, context: context(), at: item.keyPosition)
        }
        guard let type else { return nil }
        return InputDeclaration(
            name: Located(item.key, at: item.keyPosition), type: type, label: label, hint: hint,
            secret: secret ?? type.isSecretByDefault, pattern: pattern, patternMessage: patternMessage,
            attributes: attributes)
    }

    /// `fields` or `from`: exactly one for `attributes` inputs, neither for the others.
    private mutating func attributeSource(
        _ fields: Fields, type: InputType, context: @autoclosure () -> String, at position: SourcePosition
    ) -> AttributeSource? {
        guard type == .attributes else {
            for entry in fields.present(Self.attributeSourceKeys) {
                report(
                    .conflictingKeys,
                    "`\(entry.key)` applies only to `attributes` inputs, and \(context()) is `\(type.rawValue)`",
                    at: entry.keyPosition)
            }
            return nil
        }
        for key in ["pattern", "patternMessage"] {
            if let entry = fields[key] {
                report(
                    .conflictingKeys,
                    "`\(key)` does not apply to an `attributes` input; give each of its `fields` a `pattern`",
                    at: entry.keyPosition)
            }
        }
        guard
            let (source, isAlone) = exactlyOne(
                of: Self.attributeSourceKeys, in: fields,
                missing: "\(context()) is an `attributes` input and needs `fields` or `from`", at: position,
                conflict: { _, _ in "\(context()) has both `fields` and `from`; keep exactly one of them" }),
            isAlone
        else { return nil }
        if source.key == "from" {
            guard let text = string(source) else { return nil }
            checkVariableName(text.value, what: "`from`", at: text.position)
            return .variable(text)
        }
        return attributeFields(source).map { .fields($0) }
    }

    private mutating func attributeFields(_ entry: TreeEntry) -> [AttributeField]? {
        guard let items = list(entry, of: "fields", atLeastOne: "field") else { return nil }
        var result: [AttributeField] = []
        for item in items {
            guard let fields = mapping(item, what: "each of `fields`") else { continue }
            checkKeys(fields, allowed: Self.attributeFieldKeys, in: "an attribute field")
            let fieldName = required(fields, "name", in: "the attribute field").flatMap {
                name($0, what: "attribute name")
            }
            let label = fields["label"].flatMap { template($0) }
            let pattern = fields["pattern"].flatMap { regularExpression($0) }
            let isRequired = fields["required"].flatMap { boolean($0) } ?? true
            if let fieldName {
                result.append(AttributeField(name: fieldName, label: label, pattern: pattern, required: isRequired))
            }
        }
        return result
    }

    /// `email`, `password`, `code`, `text` or `attributes`.
    private mutating func inputType(_ entry: TreeEntry) -> InputType? {
        guard let text = string(entry) else { return nil }
        if let type = InputType(rawValue: text.value) { return type }
        let names = InputType.allCases.map(\.rawValue)
        var message = "unknown input type `\(text.value)`"
        if let suggestion = Spelling.suggestion(for: text.value, among: names) {
            message += "; did you mean `\(suggestion)`?"
        } else {
            message += "; expected one of " + names.joined(separator: ", ")
        }
        report(.invalidValue, message, at: text.position)
        return nil
    }
}
