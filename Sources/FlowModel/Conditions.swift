import FlowrunFoundation
import Foundation

/// The tests of `choose` branches: the engine takes a branch by them, and the checker decides branches whose
/// variable a `use` gives a constant value.
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

/// Whole-string regular expression matches, as inputs' `pattern` and `matches` conditions test them.
public enum Patterns {
    /// Whether the whole of `text` matches `pattern`; an invalid pattern matches nothing.
    public static func wholeMatch(_ pattern: String, _ text: String) -> Bool {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return false }
        let range = NSRange(text.startIndex..., in: text)
        guard let match = expression.firstMatch(in: text, options: [.anchored], range: range) else { return false }
        return match.range == range
    }
}
