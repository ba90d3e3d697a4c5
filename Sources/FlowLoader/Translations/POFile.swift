import FlowModel

/// A gettext `.po` file read strictly: entries of `msgctxt` (the message key), `msgid` (the English source) and
/// `msgstr` (the translation), each a quoted string that may go on over following `"…"` lines, with `#` comment
/// lines between them (`#, fuzzy` marks a translator's draft, which is not used). The header entry (an empty
/// `msgid` without `msgctxt`) is skipped; plural forms are refused, flows have none.
public enum POFile {
    /// Why a `.po` file cannot be read, and where.
    public struct Failure: Error, Sendable, Hashable {
        public var message: String
        public var position: SourcePosition
    }

    /// The entries of `text`, translations parsed as templates; the first malformed line is a failure, and a
    /// malformed `${…}` in a translation a `templateSyntax` diagnostic with the entry left untranslated.
    public static func parse(_ text: String, file: String) -> Result<
        (entries: [TranslatedText], problems: [Diagnostic]), Failure
    > {
        var parser = Parser(lines: text.split(separator: "\n", omittingEmptySubsequences: false))
        do {
            let raw = try parser.entries()
            var entries: [TranslatedText] = []
            var problems: [Diagnostic] = []
            var seen: Set<String> = []
            for entry in raw {
                guard let key = entry.context else {
                    if entry.source.text.isEmpty { continue }
                    throw Failure(
                        message: "the entry has no `msgctxt`: every entry names its message key there",
                        position: entry.start)
                }
                guard seen.insert(key.text).inserted else {
                    throw Failure(
                        message: "the key `\(key.text)` has a second entry", position: key.scalar.contentStart)
                }
                var translation: Template?
                if !entry.translation.text.isEmpty && !entry.fuzzy {
                    switch TemplateParser.parse(
                        entry.translation.scalar, fallback: entry.translation.scalar.contentStart)
                    {
                    case .success(let template): translation = template
                    case .failure(let failure):
                        problems.append(Diagnostic(.templateSyntax, failure.message, file: file, at: failure.position))
                    }
                }
                entries.append(
                    TranslatedText(
                        key: key.text, source: entry.source.text, translation: translation,
                        position: entry.translation.scalar.contentStart))
            }
            return .success((entries, problems))
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(message: "\(error)", position: .start))
        }
    }

    /// A quoted string, joined over its lines, with where its text starts.
    struct Quoted {
        var text: String
        var scalar: StringScalar
    }

    struct RawEntry {
        var start: SourcePosition
        var fuzzy: Bool
        var context: Quoted?
        var source: Quoted
        var translation: Quoted
    }

    struct Parser {
        var lines: [Substring]
        var index = 0

        mutating func entries() throws(Failure) -> [RawEntry] {
            var entries: [RawEntry] = []
            var fuzzy = false
            var context: Quoted?
            var source: Quoted?
            var start = SourcePosition.start
            while index < lines.count {
                let line = lines[index].hasSuffix("\r") ? lines[index].dropLast() : lines[index]
                let number = index + 1
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                if trimmed.isEmpty || trimmed.hasPrefix("#") {
                    if trimmed.hasPrefix("#,") && trimmed.contains("fuzzy") { fuzzy = true }
                    index += 1
                    continue
                }
                let indent = line.count - trimmed.count
                guard let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
                    throw Failure(
                        message: "expected a keyword and a quoted string",
                        position: .init(line: number, column: indent + 1))
                }
                let keyword = String(trimmed[..<space])
                let column = indent + trimmed.distance(from: trimmed.startIndex, to: space) + 1
                let rest = trimmed[space...].drop { $0 == " " || $0 == "\t" }
                let quoteColumn = column + trimmed[space...].count - rest.count
                let value = try quoted(rest, line: number, column: quoteColumn)
                switch keyword {
                case "msgctxt":
                    guard context == nil, source == nil else { throw misplaced(keyword, number, indent) }
                    start = SourcePosition(line: number, column: indent + 1)
                    context = value
                case "msgid":
                    guard source == nil else { throw misplaced(keyword, number, indent) }
                    if context == nil { start = SourcePosition(line: number, column: indent + 1) }
                    source = value
                case "msgstr":
                    guard let id = source else { throw misplaced(keyword, number, indent) }
                    entries.append(
                        RawEntry(start: start, fuzzy: fuzzy, context: context, source: id, translation: value))
                    fuzzy = false
                    context = nil
                    source = nil
                case "msgid_plural", "msgstr[0]":
                    throw Failure(
                        message: "plural forms are not used: flow texts have no count to choose a form by",
                        position: SourcePosition(line: number, column: indent + 1))
                default:
                    throw Failure(
                        message: "`\(keyword)` is not a .po keyword: expected msgctxt, msgid or msgstr",
                        position: SourcePosition(line: number, column: indent + 1))
                }
            }
            if context != nil || source != nil {
                let last = (lines.lastIndex { !$0.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } } ?? 0) + 1
                throw Failure(
                    message: "the last entry has no `msgstr`", position: SourcePosition(line: last, column: 1))
            }
            return entries
        }

        private func misplaced(_ keyword: String, _ line: Int, _ indent: Int) -> Failure {
            Failure(
                message: "`\(keyword)` out of order: an entry is `msgctxt`, `msgid`, then `msgstr`",
                position: SourcePosition(line: line, column: indent + 1))
        }

        /// The string starting at `text` on line `line`, with the `"…"` lines that follow it.
        private mutating func quoted(_ text: Substring, line: Int, column: Int) throws(Failure) -> Quoted {
            var (value, verbatim) = try Self.unquote(text, line: line, column: column)
            let start = SourcePosition(line: line, column: column + 1)
            index += 1
            var pieces = 1
            while index < lines.count {
                let next = lines[index].hasSuffix("\r") ? lines[index].dropLast() : lines[index]
                let trimmed = next.drop { $0 == " " || $0 == "\t" }
                guard trimmed.hasPrefix("\"") else { break }
                let (more, _) = try Self.unquote(trimmed, line: index + 1, column: next.count - trimmed.count + 1)
                value += more
                if !more.isEmpty { pieces += 1 }
                index += 1
            }
            // A string written as `""` then one line (as msgcat wraps) is verbatim on that one line too.
            verbatim = verbatim && pieces == 1
            return Quoted(text: value, scalar: StringScalar(text: value, contentStart: start, isVerbatim: verbatim))
        }

        /// A `"…"` string's text, with `\"`, `\\`, `\n` and `\t` read; whether it had no escape.
        private static func unquote(_ text: Substring, line: Int, column: Int) throws(Failure) -> (String, Bool) {
            let characters = Array(text)
            guard characters.first == "\"" else {
                throw Failure(
                    message: "expected a string in double quotes", position: SourcePosition(line: line, column: column))
            }
            var result = ""
            var verbatim = true
            var offset = 1
            while offset < characters.count {
                let character = characters[offset]
                switch character {
                case "\"":
                    guard characters[(offset + 1)...].allSatisfy({ $0 == " " || $0 == "\t" }) else {
                        throw Failure(
                            message: "text after the closing quote",
                            position: SourcePosition(line: line, column: column + offset + 1))
                    }
                    return (result, verbatim)
                case "\\":
                    verbatim = false
                    let escaped = offset + 1 < characters.count ? characters[offset + 1] : " "
                    switch escaped {
                    case "\"": result.append("\"")
                    case "\\": result.append("\\")
                    case "n": result.append("\n")
                    case "t": result.append("\t")
                    default:
                        throw Failure(
                            message: "unknown escape: write \\\", \\\\, \\n or \\t",
                            position: SourcePosition(line: line, column: column + offset))
                    }
                    offset += 2
                default:
                    result.append(character)
                    offset += 1
                }
            }
            throw Failure(
                message: "the string has no closing quote", position: SourcePosition(line: line, column: column))
        }
    }
}
