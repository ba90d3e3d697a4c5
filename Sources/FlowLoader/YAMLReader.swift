import FlowModel
import Yams

/// Reads YAML text into a ``TreeNode`` through Yams, after the checks that keep Yams safe.
struct YAMLReader {
    let file: String
    let limits: LoaderLimits

    /// The most duplicate keys located exactly (each one costs another compose of the text).
    private static let maxDuplicateRewrites = 64
    /// Bytes composed again in all for locating duplicates: 64 passes for a hand-written file (up to 4 KiB), 4 for
    /// 64 KiB, one for a file over 256 KiB. Found by fuzzing: with 16 MiB, 600 KB of steps with 200 duplicate
    /// names took 3 s of CPU in a release build.
    private static let rewriteByteBudget = 256 * 1024

    func read(_ source: SourceText) -> ParsedTree {
        if let (offset, scalar) = TextChecks.firstForbiddenYAMLCharacter(in: source.bytes) {
            return failure(
                .syntaxError, "the character \(TextChecks.scalarName(scalar)) is not allowed in YAML",
                at: source.position(ofByte: offset))
        }
        if TextChecks.isBlank(source.bytes, allowComments: true) {
            return failure(.emptyFile, "the file has no content, only whitespace and comments", at: nil)
        }
        if let finding = Preflight.check(source.bytes, limits: limits) {
            return failure(finding.code, finding.message, at: finding.position)
        }
        return compose(source)
    }

    private func failure(_ code: RuleCode, _ message: String, at position: SourcePosition?) -> ParsedTree {
        ParsedTree(root: nil, diagnostics: [Diagnostic(code, message, file: file, at: position)])
    }

    /// Composes with Yams. Yams stops at the first mapping with a duplicate key and names only the first
    /// occurrence, so each such key is made unique in a copy of the text (one character replaced by a private-use
    /// character, keeping every line and column) and the text composed again; the tree builder then restores
    /// the key and reports the duplicate at its second occurrence.
    private func compose(_ source: SourceText) -> ParsedTree {
        var working = source
        var restoredKeys: [SourcePosition: String] = [:]
        var diagnostics: [Diagnostic] = []
        let markerBase = Self.markerBase(for: source.bytes)
        var rewrites = 0
        let allowedRewrites = min(
            Self.maxDuplicateRewrites, max(1, Self.rewriteByteBudget / max(1, source.bytes.count)))
        while true {
            let root: Node?
            do {
                root = try Yams.compose(yaml: working.string, .basic, .default, .utf8)
            } catch let YamlError.duplicatedKeysInMapping(duplicates, context) {
                let position = SourcePosition(line: context.mark.line, column: context.mark.column)
                let key = duplicates.first ?? ""
                if rewrites < allowedRewrites, let base = markerBase, restoredKeys[position] == nil,
                    let rewritten = Self.makeKeyUnique(
                        in: working, at: position, marker: base + UInt32(rewrites))
                {
                    rewrites += 1
                    restoredKeys[position] = key
                    working = rewritten
                    continue
                }
                // The duplicates located so far are real too; Yams names the first occurrence of each.
                for (position, key) in restoredKeys.sorted(by: { $0.key < $1.key }) {
                    diagnostics.append(duplicateKey(key, at: position))
                }
                diagnostics.append(duplicateKey(key, at: position))
                return ParsedTree(root: nil, diagnostics: diagnostics)
            } catch let error as YamlError {
                diagnostics.append(diagnostic(for: error, in: source))
                // Duplicates found so far are real, but their second occurrence is unknown here.
                for (position, key) in restoredKeys.sorted(by: { $0.key < $1.key }) {
                    diagnostics.append(duplicateKey(key, at: position))
                }
                return ParsedTree(root: nil, diagnostics: diagnostics)
            } catch {
                diagnostics.append(Diagnostic(.syntaxError, "cannot parse the YAML: \(error)", file: file, at: nil))
                return ParsedTree(root: nil, diagnostics: diagnostics)
            }
            guard let root else {
                return failure(.emptyFile, "the file holds no YAML document", at: nil)
            }
            var builder = YAMLTreeBuilder(file: file, source: source, limits: limits, restoredKeys: restoredKeys)
            let tree = builder.build(root)
            return ParsedTree(root: tree, diagnostics: builder.diagnostics)
        }
    }

    /// FR008 for a duplicate key whose other occurrence Yams did not locate.
    private func duplicateKey(_ key: String, at position: SourcePosition) -> Diagnostic {
        Diagnostic(.duplicateKey, "the key `\(key)` appears more than once in this mapping", file: file, at: position)
    }

    /// The first of 64 private-use code points that do not occur in the text, or `nil`.
    private static func markerBase(for bytes: [UInt8]) -> UInt32? {
        let text = String(decoding: bytes, as: UTF8.self)
        for base: UInt32 in [0xE000, 0xF0000, 0x100000] {
            let range = base..<(base + UInt32(maxDuplicateRewrites))
            if !text.unicodeScalars.contains(where: { range.contains($0.value) }) { return base }
        }
        return nil
    }

    /// A copy of the text where the first character of the key scalar at `position` is replaced by `marker`,
    /// or `nil` when the key cannot be changed safely (an empty key, an escape at its start).
    private static func makeKeyUnique(in source: SourceText, at position: SourcePosition, marker: UInt32)
        -> SourceText?
    {
        guard var offset = source.offset(of: position), let scalar = Unicode.Scalar(marker) else { return nil }
        let bytes = source.bytes
        func byte(_ at: Int) -> UInt8 { at < bytes.count ? bytes[at] : 0 }
        func isBlank(_ at: Int) -> Bool {
            at >= bytes.count || byte(at) == 0x20 || byte(at) == 0x09 || SourceText.isBreak(bytes, at: at)
        }
        // Skip an anchor and a tag written before the key.
        while byte(offset) == UInt8(ascii: "&") || byte(offset) == UInt8(ascii: "!") {
            while !isBlank(offset) { offset += 1 }
            while byte(offset) == 0x20 || byte(offset) == 0x09 { offset += 1 }
        }
        let opening = byte(offset)
        if opening == UInt8(ascii: "'") || opening == UInt8(ascii: "\"") { offset += 1 }
        let first = byte(offset)
        let unsafe: [UInt8] = Array("'\"\\:#,[]{}".utf8)
        guard offset < bytes.count, !isBlank(offset), !unsafe.contains(first) else { return nil }
        let length = SourceText.scalarLength(lead: first)
        var rewritten = Array(bytes[..<offset])
        rewritten.append(contentsOf: Array(String(Character(scalar)).utf8))
        rewritten.append(contentsOf: bytes[min(bytes.count, offset + length)...])
        return SourceText(validUTF8: rewritten, unicodeBreaks: true)
    }

    /// A Yams error as FR005 (or FR021 for a second document), at libyaml's position.
    private func diagnostic(for error: YamlError, in source: SourceText) -> Diagnostic {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _):
            return syntaxError(problem, context: context, mark: mark, source: source)
        case .composer(let context, let problem, let mark, _):
            if problem.contains("another document") {
                return Diagnostic(
                    .multipleDocuments, "a second YAML document starts here; a flow file holds exactly one",
                    file: file, at: SourcePosition(line: mark.line, column: mark.column))
            }
            return syntaxError(problem, context: context, mark: mark, source: source)
        case .reader(let problem, let offset, _, let yaml):
            var position: SourcePosition?
            if let offset, offset >= 0, offset <= yaml.count {
                let prefix = yaml.prefix(offset)
                position = source.position(ofByte: prefix.utf8.count)
            }
            return Diagnostic(.syntaxError, "YAML \(problem)", file: file, at: position)
        default:
            return Diagnostic(.syntaxError, "cannot parse the YAML: \(error)", file: file, at: nil)
        }
    }

    private func syntaxError(_ problem: String, context: YamlError.Context?, mark: Mark, source: SourceText)
        -> Diagnostic
    {
        let position = SourcePosition(line: mark.line, column: mark.column)
        var message = problem
        if let offset = source.offset(of: position), offset < source.bytes.count, source.bytes[offset] == 0x09 {
            message = "a tab character cannot indent YAML; use spaces (\(problem))"
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
