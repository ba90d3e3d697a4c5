import FlowModel

/// Reads YAML text into a ``TreeNode``: the checks on the raw text, the pre-scan that bounds nesting and size,
/// then one pass over libyaml's events (``YAMLTreeBuilder``).
struct YAMLReader {
    let file: String
    let limits: LoaderLimits

    /// Reads the text of `source`.
    func read(_ source: SourceText) -> ParsedTree {
        read(source.bytes)
    }

    /// Reads valid UTF-8 without a byte order mark.
    func read(_ bytes: [UInt8]) -> ParsedTree {
        if let (offset, scalar) = TextChecks.firstForbiddenYAMLCharacter(in: bytes) {
            return failure(
                .syntaxError, "the character \(TextChecks.scalarName(scalar)) is not allowed in YAML",
                at: SourceText.position(ofByte: offset, in: bytes, unicodeBreaks: true))
        }
        if TextChecks.isBlank(bytes, allowComments: true) {
            return failure(.emptyFile, "the file has no content, only whitespace and comments", at: nil)
        }
        if let finding = Preflight.check(bytes, limits: limits) {
            return failure(finding.code, finding.message, at: finding.position)
        }
        return parse(bytes)
    }

    private func failure(_ code: RuleCode, _ message: String, at position: SourcePosition?) -> ParsedTree {
        ParsedTree(root: nil, diagnostics: [Diagnostic(code, message, file: file, at: position)])
    }

    private func parse(_ bytes: [UInt8]) -> ParsedTree {
        let read = LibYAMLParser.withEvents(of: bytes) { parser in
            var builder = YAMLTreeBuilder(file: file, limits: limits, placer: ScalarPlacer(bytes: bytes))
            let outcome = builder.build(from: parser)
            return (outcome, builder.diagnostics)
        }
        guard let (outcome, diagnostics) = read else {
            return failure(.syntaxError, "cannot parse the YAML: Memory error", at: nil)
        }
        switch outcome {
        case .tree(let root):
            return ParsedTree(root: root, diagnostics: diagnostics)
        case .noDocument:
            return failure(.emptyFile, "the file holds no YAML document", at: nil)
        case .failed(let failure):
            // Duplicate keys found before the error are real; nothing else about a broken document is.
            let error = YAMLSyntaxErrors(file: file, bytes: bytes).diagnostic(for: failure)
            return ParsedTree(root: nil, diagnostics: [error] + diagnostics.filter { $0.code == .duplicateKey })
        }
    }
}
