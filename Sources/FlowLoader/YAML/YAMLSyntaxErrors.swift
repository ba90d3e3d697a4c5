import FlowModel

/// Diagnostics for YAML that is not one well-formed document: libyaml's problem text at its position (FR005),
/// an undefined alias (FR005) and a second document (FR021).
struct YAMLSyntaxErrors {
    let file: String
    /// The text, indexed by line only now that it is needed.
    let source: SourceText

    init(file: String, bytes: [UInt8]) {
        self.file = file
        self.source = SourceText(validUTF8: bytes, unicodeBreaks: true)
    }

    func diagnostic(for failure: YAMLTreeBuilder.StreamFailure) -> Diagnostic {
        switch failure {
        case .libyaml(let error):
            switch error.kind {
            case .memory:
                return Diagnostic(.syntaxError, "cannot parse the YAML: Memory error", file: file, at: nil)
            case .reader(let offset):
                let position = offset >= 0 && offset <= source.bytes.count ? source.position(ofByte: offset) : nil
                return Diagnostic(.syntaxError, "YAML \(error.problem)", file: file, at: position)
            case .syntax:
                return syntaxError(error.problem, context: error.context, at: error.mark)
            }
        case .undefinedAlias(let position):
            return syntaxError("found undefined alias", context: nil, at: position)
        case .secondDocument(let position):
            return Diagnostic(
                .multipleDocuments, "a second YAML document starts here; a flow file holds exactly one", file: file,
                at: position)
        }
    }

    private func syntaxError(_ problem: String, context: LibYAMLError.Context?, at position: SourcePosition)
        -> Diagnostic
    {
        var message = problem
        if let offset = source.offset(of: position), offset < source.bytes.count, source.bytes[offset] == 0x09 {
            message = "a tab character cannot indent YAML; use spaces (\(problem))"
        } else if let fault = YAMLIndentation(source: source).explain(problem, at: position) {
            return Diagnostic(
                .syntaxError, fault.message, file: file, at: fault.position,
                hint: "YAML nests by indentation: the keys of one map are indented alike")
        } else if let context {
            message += " (\(context.text) at \(context.mark.line):\(context.mark.column))"
        }
        var hint: String?
        if let context, context.text.contains("flow mapping") || context.text.contains("flow sequence"),
            position.line >= 1, position.line <= source.lineStarts.count,
            Self.hasUnquotedTemplate(source.bytes, lineStart: source.lineStarts[position.line - 1])
        {
            hint = Self.quoteTemplateHint
        }
        return Diagnostic(.syntaxError, message, file: file, at: position, hint: hint)
    }

    /// The hint for the most common syntax error: in a flow collection `{` and `}` are indicators, so a plain
    /// scalar such as `Hi ${email}` ends at the `{`.
    static let quoteTemplateHint =
        "inside `{ }` or `[ ]`, quote strings that contain `${...}`: message: \"Hi ${email}\""

    /// Whether the line starting at `lineStart` has `${` outside quoted scalars and comments.
    private static func hasUnquotedTemplate(_ bytes: [UInt8], lineStart: Int) -> Bool {
        let scalarStarts = Array(" \t[{,:".utf8)
        var quote: UInt8?
        var isEscaped = false
        var previous = UInt8(ascii: " ")
        var index = lineStart
        while index < bytes.count, !SourceText.isBreak(bytes, at: index) {
            let byte = bytes[index]
            if let open = quote {
                if isEscaped {
                    isEscaped = false
                } else if open == UInt8(ascii: "\""), byte == UInt8(ascii: "\\") {
                    isEscaped = true
                } else if byte == open {
                    // `''` inside single quotes is an escaped quote.
                    let isDoubled = index + 1 < bytes.count && bytes[index + 1] == open
                    if open == UInt8(ascii: "'"), isDoubled { isEscaped = true } else { quote = nil }
                }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                // A quote starts a quoted scalar only where a scalar can start.
                if scalarStarts.contains(previous) { quote = byte }
            } else if byte == UInt8(ascii: "#"), previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\t") {
                return false
            } else if byte == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{") {
                return true
            }
            previous = byte
            index += 1
        }
        return false
    }
}
