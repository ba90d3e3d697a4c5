import FlowModel
import Foundation

/// Typed reads of single values, each reporting FR010 (wrong type) or FR012 (not allowed) itself.
extension DocumentDecoder {
    /// The entries of a map, or FR010.
    mutating func mapping(_ node: TreeNode, what: @autoclosure () -> String) -> Fields? {
        guard case .mapping(let entries) = node.value else {
            report(.wrongType, "\(what()) must be a map, found \(node.kindDescription)", at: node.position)
            return nil
        }
        return Fields(entries: entries, position: node.position)
    }

    /// The items of a list: FR010 when `entry` is not a list (of `items`), FR012 when it is empty (it must list
    /// at least one `item`), and then the empty list.
    mutating func list(_ entry: TreeEntry, of items: String, atLeastOne item: String) -> [TreeNode]? {
        guard case .sequence(let nodes) = entry.value.value else {
            report(
                .wrongType, "`\(entry.key)` must be a list of \(items), found \(entry.value.kindDescription)",
                at: entry.value.position)
            return nil
        }
        if nodes.isEmpty {
            report(.invalidValue, "`\(entry.key)` must list at least one \(item)", at: entry.value.position)
        }
        return nodes
    }

    /// FR009 for every key of `fields` not in `allowed` (nor in `ignoring`), with a suggestion when one is close;
    /// keys in `elsewhere` are said to belong elsewhere, and `misplaced` gives the message of a key that is at the
    /// wrong level (nil: not one).
    mutating func checkKeys(
        _ fields: Fields, allowed: [String], in context: @autoclosure () -> String, elsewhere: [String] = [],
        ignoring: [String] = [], misplaced: (TreeEntry) -> String? = { _ in nil }
    ) {
        for entry in fields.entries where !allowed.contains(entry.key) && !ignoring.contains(entry.key) {
            guard !isSaturated else { return }
            if let message = misplaced(entry) {
                report(.unknownKey, message, at: entry.keyPosition, hint: Self.indentationHint)
                continue
            }
            var message = "unknown key `\(entry.key)` in \(context())"
            if elsewhere.contains(entry.key) {
                message = "`\(entry.key)` does not belong in \(context())"
            } else if let suggestion = Spelling.suggestion(for: entry.key, among: allowed) {
                report(.unknownKey, message + "; did you mean `\(suggestion)`?", at: entry.keyPosition)
                continue
            }
            message += "; allowed keys: " + allowed.joined(separator: ", ")
            report(.unknownKey, message, at: entry.keyPosition)
        }
    }

    /// The entry for a key that must be present, or FR011.
    mutating func required(
        _ fields: Fields, _ key: String, in context: @autoclosure () -> String, at position: SourcePosition? = nil
    )
        -> TreeEntry?
    {
        if let entry = fields[key] { return entry }
        report(.missingKey, "\(context()) is missing `\(key)`", at: position ?? fields.position)
        return nil
    }

    /// The entry of `fields` whose key is one of `keys`: FR011 with `missing` at `position` when there is none,
    /// FR013 with `conflict(first, extra)` at each one after the first. With more than one, the first (in source
    /// order) is returned with `isAlone` false.
    mutating func exactlyOne(
        of keys: [String], in fields: Fields, missing: @autoclosure () -> String, at position: SourcePosition,
        conflict: (_ first: String, _ extra: String) -> String
    ) -> (entry: TreeEntry, isAlone: Bool)? {
        guard let firstIndex = fields.entries.firstIndex(where: { keys.contains($0.key) }) else {
            report(.missingKey, missing(), at: position)
            return nil
        }
        let first = fields.entries[firstIndex]
        var isAlone = true
        for extra in fields.entries[(firstIndex + 1)...] where keys.contains(extra.key) {
            isAlone = false
            report(.conflictingKeys, conflict(first.key, extra.key), at: extra.keyPosition)
        }
        return (first, isAlone)
    }

    mutating func string(_ entry: TreeEntry) -> Located<String>? {
        string(entry.value, what: "`\(entry.key)`")
    }

    mutating func string(_ node: TreeNode, what: @autoclosure () -> String) -> Located<String>? {
        stringScalar(node, what: what()).map { Located($0.text, at: node.position) }
    }

    /// The string scalar of `node`, or FR010.
    mutating func stringScalar(_ node: TreeNode, what: @autoclosure () -> String) -> StringScalar? {
        guard case .string(let scalar) = node.value else {
            report(.wrongType, "\(what()) must be a string, found \(node.kindDescription)", at: node.position)
            return nil
        }
        return scalar
    }

    mutating func integer(_ entry: TreeEntry) -> Located<Int>? {
        guard case .int(let value) = entry.value.value else {
            report(
                .wrongType, "`\(entry.key)` must be an integer, found \(entry.value.kindDescription)",
                at: entry.value.position)
            return nil
        }
        return Located(value, at: entry.value.position)
    }

    mutating func boolean(_ entry: TreeEntry) -> Bool? {
        guard case .bool(let value) = entry.value.value else {
            report(
                .wrongType, "`\(entry.key)` must be a boolean (true or false), found \(entry.value.kindDescription)",
                at: entry.value.position)
            return nil
        }
        return value
    }

    /// A name (`[A-Za-z_][A-Za-z0-9_-]*`): a step, input, param, outcome, end or reason.
    mutating func name(_ entry: TreeEntry, what: @autoclosure () -> String) -> Located<String>? {
        name(entry.value, what: what())
    }

    mutating func name(_ node: TreeNode, what: @autoclosure () -> String) -> Located<String>? {
        guard let text = string(node, what: what()) else { return nil }
        checkName(text.value, what: what(), at: text.position)
        return text
    }

    /// FR012 unless `text` is a name.
    mutating func checkName(_ text: String, what: @autoclosure () -> String, at position: SourcePosition) {
        guard !Identifier.isName(text) else { return }
        report(
            .invalidValue,
            "\(what()) `\(text)` is not a valid name: use letters, digits, `_` and `-`, starting with a letter or `_`",
            at: position)
    }

    /// FR012 unless `text` is a variable name (no `-`).
    mutating func checkVariableName(_ text: String, what: @autoclosure () -> String, at position: SourcePosition) {
        guard !Identifier.isVariableName(text) else { return }
        report(
            .invalidValue,
            "\(what()) `\(text)` is not a valid variable name: use "
                + "letters, digits and `_`, starting with a letter or `_`",
            at: position)
    }

    /// A flow id or authority (`[A-Za-z][A-Za-z0-9_.-]*`).
    mutating func flowID(_ entry: TreeEntry, key: String) -> Located<String>? {
        guard let text = string(entry) else { return nil }
        guard Identifier.isFlowID(text.value) else {
            report(
                .invalidValue,
                "`\(key)` `\(text.value)` is not a valid identifier: use letters, digits, `_`, `.` and `-`, "
                    + "starting with a letter",
                at: text.position)
            return nil
        }
        return text
    }

    /// A template string (FR010 when not a string, FR019 when malformed).
    mutating func template(_ entry: TreeEntry) -> Template? {
        template(entry.value, what: "`\(entry.key)`")
    }

    mutating func template(_ node: TreeNode, what: @autoclosure () -> String) -> Template? {
        stringScalar(node, what: what()).flatMap { template($0, at: node.position) }
    }

    mutating func template(_ scalar: StringScalar, at position: SourcePosition) -> Template? {
        switch TemplateParser.parse(scalar, fallback: position) {
        case .success(let template):
            return template
        case .failure(let failure):
            report(.templateSyntax, failure.message, at: failure.position)
            return nil
        }
    }

    /// A regular expression (FR010 when not a string, FR020 when it does not compile).
    mutating func regularExpression(_ entry: TreeEntry) -> Located<String>? {
        guard let pattern = string(entry) else { return nil }
        if compiledPatterns[pattern.value] == nil {
            compiledPatterns[pattern.value] = (try? NSRegularExpression(pattern: pattern.value, options: [])) != nil
        }
        if compiledPatterns[pattern.value] != true {
            report(
                .invalidPattern, "`\(entry.key)` is not a valid regular expression: `\(pattern.value)`",
                at: pattern.position)
            return nil
        }
        return pattern
    }
}
