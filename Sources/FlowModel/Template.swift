/// A string with `${name}` / `${name.field}` interpolations, parsed once by the loader.
public struct Template: Sendable, Hashable {
    /// A piece of a template: literal text, or a variable read.
    public enum Part: Sendable, Hashable {
        case text(String)
        case variable(VariableReference)
    }

    public var parts: [Part]

    public init(parts: [Part]) {
        self.parts = parts
    }

    /// A template of plain text only.
    public init(literal: String) {
        self.parts = literal.isEmpty ? [] : [.text(literal)]
    }

    /// The variables the template reads, in order.
    public var variables: [VariableReference] {
        parts.compactMap {
            if case .variable(let reference) = $0 { return reference }
            return nil
        }
    }

    /// The single variable when the whole template is exactly one `${name}`: its value passes unchanged.
    public var soleVariable: VariableReference? {
        if parts.count == 1, case .variable(let reference) = parts[0] { return reference }
        return nil
    }

    /// The template written back in source form (`$` doubled where it was escaped).
    public var source: String {
        parts.map { part in
            switch part {
            case .text(let text):
                return text.split(separator: "$", omittingEmptySubsequences: false).joined(separator: "$$")
            case .variable(let reference): return "${\(reference.path)}"
            }
        }.joined()
    }
}

/// A read of a variable inside a template: `name` or `name.field.field`.
public struct VariableReference: Sendable, Hashable {
    /// The variable, the part before the first dot.
    public var name: String
    /// Fields read inside the variable's value.
    public var fields: [String]
    public var position: SourcePosition {
        get { mark.position }
        set { mark = SourceMark(newValue) }
    }
    private var mark: SourceMark

    public init(name: String, fields: [String] = [], position: SourcePosition) {
        self.name = name
        self.fields = fields
        self.mark = SourceMark(position)
    }

    /// `name.field` as written.
    public var path: String { ([name] + fields).joined(separator: ".") }
}

/// A value written in a flow: a template string, a number, a boolean, or a list of values.
public indirect enum ValueExpression: Sendable, Hashable {
    case template(Template)
    case integer(Int)
    case number(Double)
    case boolean(Bool)
    case list([ValueExpression])

    /// Every variable the value reads.
    public var variables: [VariableReference] {
        switch self {
        case .template(let template): return template.variables
        case .integer, .number, .boolean: return []
        case .list(let items): return items.flatMap(\.variables)
        }
    }
}

/// An ordered `name: value` entry of `with`, `set` or `output`.
public struct NamedValue: Sendable, Hashable {
    public var name: Located<String>
    public var value: ValueExpression

    public init(name: Located<String>, value: ValueExpression) {
        self.name = name
        self.value = value
    }
}
