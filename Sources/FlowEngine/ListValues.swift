import FlowModel
import FlowrunFoundation

/// Values of `list` inputs and params: a list of words. Given as text (a terminal answer, `--param`, `--input`),
/// the text is split at spaces and commas; a list is taken as it is.
enum ListValues {
    /// The words of `text`: split at whitespace and commas, empty parts dropped.
    static func words(_ text: String) -> [String] {
        text.split { $0.isWhitespace || $0 == "," }.map(String.init)
    }

    /// `value` as a list of strings when `type` is `list` and it was given as text; unchanged otherwise.
    static func converted(_ value: Value, to type: InputType) -> Value {
        guard type == .list, case .string(let text) = value else { return value }
        return .list(words(text).map(Value.string))
    }

    /// The answers with those of `list` fields converted.
    static func converted(_ values: [String: Value], for fields: [InputField]) -> [String: Value] {
        var result = values
        // By index: iterating the fields would copy each one.
        for index in fields.indices where fields[index].type == .list {
            let name = fields[index].name
            if let value = values[name] { result[name] = converted(value, to: .list) }
        }
        return result
    }
}
