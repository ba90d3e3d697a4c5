import FlowModel
import FlowrunFoundation
import Foundation

/// The checks an answer must pass before it is taken: present, an email's shape, the input's pattern.
enum InputValidation {
    /// Why an answer was refused, and the input it concerns.
    struct Problem: Sendable, Hashable {
        var field: String
        var message: String
    }

    static func problem(with values: [String: Value], for fields: [InputField]) -> Problem? {
        // By index: iterating the fields would copy each one.
        for index in fields.indices {
            if let message = problem(with: values[fields[index].name], for: fields[index]) {
                return Problem(field: fields[index].name, message: message)
            }
        }
        return nil
    }

    private static func problem(with value: Value?, for field: InputField) -> String? {
        if field.type == .attributes { return attributesProblem(value, field: field) }
        if field.type == .list { return listProblem(value, field: field) }
        guard case .string(let text)? = value, !text.isEmpty else {
            return "\(field.label) is required"
        }
        if field.type == .email, !EmailAddress.hasShape(text) {
            return field.patternMessage ?? "Enter a valid email address"
        }
        if let pattern = field.pattern, !Patterns.wholeMatch(pattern, text) {
            return field.patternMessage ?? "\(field.label) is not in the expected form"
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
}
