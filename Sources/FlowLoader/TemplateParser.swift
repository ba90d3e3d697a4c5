import FlowModel

/// Parses `${name}` / `${name.field}` interpolations; `$$` is a literal `$`, and a `$` followed by anything
/// else is literal too. Each variable read carries the position of its `${`: exact when the string is written
/// verbatim on one line, the string's start otherwise.
enum TemplateParser {
    /// A malformed interpolation (FR019).
    struct Failure: Error, Sendable, Hashable {
        var message: String
        var position: SourcePosition
    }

    static func parse(_ scalar: StringScalar, fallback: SourcePosition) -> Result<Template, Failure> {
        let scalars = Array(scalar.text.unicodeScalars)
        var parts: [Template.Part] = []
        var text = ""
        var index = 0

        func place(_ offset: Int) -> SourcePosition {
            guard scalar.isVerbatim else { return fallback }
            return SourcePosition(line: scalar.contentStart.line, column: scalar.contentStart.column + offset)
        }

        while index < scalars.count {
            let character = scalars[index]
            guard character == "$", index + 1 < scalars.count else {
                text.unicodeScalars.append(character)
                index += 1
                continue
            }
            let next = scalars[index + 1]
            if next == "$" {
                text.append("$")
                index += 2
                continue
            }
            guard next == "{" else {
                text.append("$")
                index += 1
                continue
            }
            let start = index
            guard let close = scalars[(index + 2)...].firstIndex(of: "}") else {
                return .failure(Failure(message: "unterminated `${`: add the closing `}`", position: place(start)))
            }
            let path = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
            guard case .success(let variable) = reference(path, at: place(start)) else {
                return .failure(referenceFailure(path, at: place(start)))
            }
            if !text.isEmpty {
                parts.append(.text(text))
                text = ""
            }
            parts.append(.variable(variable))
            index = close + 1
        }
        if !text.isEmpty { parts.append(.text(text)) }
        return .success(Template(parts: parts))
    }

    /// Parses `name.field.field` into a reference.
    private static func reference(_ path: String, at position: SourcePosition) -> Result<VariableReference, Failure> {
        let segments = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let name = segments.first, segments.allSatisfy(Identifier.isVariableName) else {
            return .failure(referenceFailure(path, at: position))
        }
        return .success(VariableReference(name: name, fields: Array(segments.dropFirst()), position: position))
    }

    private static func referenceFailure(_ path: String, at position: SourcePosition) -> Failure {
        if path.isEmpty {
            return Failure(
                message: "empty `${}`: write a variable name inside, or `$$` for a literal `$`", position: position)
        }
        if path.trimmingCharacters(in: " \t") != path {
            return Failure(
                message: "`${\(path)}` has spaces; write `${\(path.trimmingCharacters(in: " \t"))}`", position: position
            )
        }
        return Failure(
            message: "`${\(path)}` is not a variable: write `${name}` or `${name.field}`, where names are letters, "
                + "digits and `_`, starting with a letter or `_`",
            position: position)
    }
}

extension String {
    fileprivate func trimmingCharacters(in characters: String) -> String {
        let set = Set(characters.unicodeScalars)
        let scalars = Array(unicodeScalars)
        guard let first = scalars.firstIndex(where: { !set.contains($0) }),
            let last = scalars.lastIndex(where: { !set.contains($0) })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
