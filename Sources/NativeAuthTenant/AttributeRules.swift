import FlowrunFoundation
import Foundation

/// Parses and validates the `attributes` parameter against the tenant's attribute lists.
package enum AttributeRules {
    /// A compiled regular expression, or nil when `pattern` does not compile.
    package static func compile(_ pattern: String) -> Regex<AnyRegexOutput>? {
        try? Regex(pattern)
    }

    /// The attributes JSON object (`{"displayName":"Ann"}`) as names → strings; numbers and booleans become their
    /// text. Nil when the text is not a JSON object of scalars.
    package static func parse(_ text: String) -> [String: String]? {
        guard let data = text.data(using: .utf8),
            let object = try? JSONDecoder().decode([String: Value].self, from: data)
        else { return nil }
        var attributes: [String: String] = [:]
        for (name, value) in object {
            switch value {
            case .string(let text): attributes[name] = text
            case .integer, .number, .boolean: attributes[name] = value.description
            case .null: continue
            case .list, .object: return nil
            }
        }
        return attributes
    }

    /// The longest attribute value accepted, in characters.
    package static let maximumLength = 1024

    /// Whether `value` is acceptable for `requirement`: at most ``maximumLength`` characters, no control
    /// characters (they could rewrite a terminal that prints them), non-empty when required, and wholly matching
    /// its regex (a regex ``RegexSafety`` refuses never runs).
    package static func accepts(_ value: String, for requirement: AttributeRequirement) -> Bool {
        guard value.count <= maximumLength,
            !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return false }
        if requirement.required && value.trimmingCharacters(in: .whitespaces).isEmpty { return false }
        guard let pattern = requirement.regex else { return true }
        guard RegexSafety.problem(in: pattern) == nil, let regex = compile(pattern) else { return false }
        return (try? regex.wholeMatch(in: value)) != nil
    }

    /// Splits submitted attributes into the accepted ones among `allowed` (unknown names are ignored) and the
    /// names of invalid ones (sorted).
    package static func check(
        _ submitted: [String: String], allowed: [AttributeRequirement]
    ) -> (accepted: [String: String], invalid: [String]) {
        var accepted: [String: String] = [:]
        var invalid: [String] = []
        for requirement in allowed {
            guard let value = submitted[requirement.name] else { continue }
            if accepts(value, for: requirement) {
                accepted[requirement.name] = value
            } else {
                invalid.append(requirement.name)
            }
        }
        return (accepted, invalid.sorted())
    }

    /// The next `attributes_required` round: every missing attribute on the lowest page that still misses a
    /// required one; nil when nothing required is missing.
    package static func nextRound(
        collected: [String: String], requirements: [AttributeRequirement]
    ) -> [AttributeRequirement]? {
        let missing = requirements.filter { collected[$0.name] == nil }
        guard let page = missing.filter(\.required).map(\.page).min() else { return nil }
        return missing.filter { $0.page == page }
    }
}
