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
        // Most texts interpolate nothing: they are one literal part as they are.
        let dollar = UInt8(ascii: "$")
        let hasDollar =
            scalar.text.utf8.withContiguousStorageIfAvailable { $0.contains(dollar) }
            ?? scalar.text.utf8.contains(dollar)
        guard hasDollar else {
            return .success(Template(parts: scalar.text.isEmpty ? [] : [.text(scalar.text)]))
        }
        let bytes = Array(scalar.text.utf8)
        var parts: [Template.Part] = []
        var text: [UInt8] = []
        var index = 0

        // `$`, `{` and `}` are ASCII, so they are found byte by byte; a position counts Unicode scalars.
        func place(_ offset: Int) -> SourcePosition {
            guard scalar.isVerbatim else { return fallback }
            let column = bytes[..<offset].reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
            return SourcePosition(line: scalar.contentStart.line, column: scalar.contentStart.column + column)
        }

        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "$"), index + 1 < bytes.count else {
                text.append(byte)
                index += 1
                continue
            }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "$") {
                text.append(byte)
                index += 2
                continue
            }
            guard next == UInt8(ascii: "{") else {
                text.append(byte)
                index += 1
                continue
            }
            let start = index
            guard let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: "}")) else {
                return .failure(Failure(message: "unterminated `${`: add the closing `}`", position: place(start)))
            }
            let path = String(decoding: bytes[(index + 2)..<close], as: UTF8.self)
            guard case .success(let variable) = reference(path, at: place(start)) else {
                return .failure(referenceFailure(path, at: place(start)))
            }
            if !text.isEmpty {
                parts.append(.text(String(decoding: text, as: UTF8.self)))
                text.removeAll(keepingCapacity: true)
            }
            parts.append(.variable(variable))
            index = close + 1
        }
        if !text.isEmpty { parts.append(.text(String(decoding: text, as: UTF8.self))) }
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
