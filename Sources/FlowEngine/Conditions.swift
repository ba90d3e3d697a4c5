import FlowModel
import Foundation

/// The tests of `choose` branches.
public enum Conditions {
    /// Whether `condition` holds for `variables` (a `choose` branch is taken when its condition holds).
    public static func holds(_ condition: Condition, in variables: [String: Value]) -> Bool {
        let path = condition.variable.value.split(separator: ".").map(String.init)
        var value = path.first.flatMap { variables[$0] }
        for field in path.dropFirst() { value = value?[field: field] }
        switch condition.test {
        case .present(let expected):
            return isPresent(value) == expected
        case .equals(let scalar):
            return value.map { equal($0, scalar) } ?? false
        case .notEquals(let scalar):
            return !(value.map { equal($0, scalar) } ?? false)
        case .oneOf(let scalars):
            return value.map { value in scalars.contains { equal(value, $0) } } ?? false
        case .matches(let pattern):
            guard let value, isPresent(value) else { return false }
            return Patterns.wholeMatch(pattern.value, value.description)
        }
    }

    private static func isPresent(_ value: Value?) -> Bool {
        switch value {
        case nil, .null?: return false
        case .string(let text)?: return !text.isEmpty
        case .list(let items)?: return !items.isEmpty
        default: return true
        }
    }

    /// Scalars compare by value; a number equals a string with the same text (`codeLength == "8"`).
    private static func equal(_ value: Value, _ scalar: ScalarValue) -> Bool {
        switch (value, scalar) {
        case (.integer(let lhs), .number(let rhs)): return Double(lhs) == rhs
        case (.number(let lhs), .integer(let rhs)): return lhs == Double(rhs)
        case (.number(let lhs), .number(let rhs)): return lhs == rhs
        default: return value.description == scalar.description
        }
    }
}

/// Whole-string regular expression matches.
enum Patterns {
    static func wholeMatch(_ pattern: String, _ text: String) -> Bool {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return false }
        let range = NSRange(text.startIndex..., in: text)
        guard let match = expression.firstMatch(in: text, options: [.anchored], range: range) else { return false }
        return match.range == range
    }
}

/// The checks an answer must pass before it is taken: present, an email's shape, the input's pattern.
enum InputValidation {
    static func problem(with values: [String: Value], for fields: [InputField]) -> String? {
        for field in fields {
            if field.type == .attributes {
                if let problem = attributesProblem(values[field.name], field: field) { return problem }
                continue
            }
            if field.type == .list {
                if let problem = listProblem(values[field.name], field: field) { return problem }
                continue
            }
            guard case .string(let text)? = values[field.name], !text.isEmpty else {
                return "\(field.label) is required"
            }
            if field.type == .email, !isEmail(text) {
                return field.patternMessage ?? "Enter a valid email address"
            }
            if let pattern = field.pattern, !Patterns.wholeMatch(pattern, text) {
                return field.patternMessage ?? "\(field.label) is not in the expected form"
            }
        }
        return nil
    }

    /// A `list` answer: at least one word, each matching the input's pattern.
    private static func listProblem(_ value: Value?, field: InputField) -> String? {
        guard case .list(let items)? = value, !items.isEmpty else { return "\(field.label) is required" }
        for item in items {
            guard case .string(let word) = item else { return "\(field.label) must be a list of words" }
            if let pattern = field.pattern, !Patterns.wholeMatch(pattern, word) {
                return field.patternMessage ?? "\(field.label): `\(word)` is not in the expected form"
            }
        }
        return nil
    }

    private static func attributesProblem(_ value: Value?, field: InputField) -> String? {
        guard case .object(let answers)? = value else { return "\(field.label) is required" }
        for attribute in field.attributes {
            let text = answers[attribute.name]?.description ?? ""
            if text.isEmpty {
                if attribute.required { return "\(attribute.label) is required" }
                continue
            }
            if let pattern = attribute.pattern, !Patterns.wholeMatch(pattern, text) {
                return "\(attribute.label) is not in the expected form"
            }
        }
        return nil
    }

    /// `local@domain.tld` with no spaces: the shape every email must have, not a full RFC 5322 check.
    static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty }
    }
}
