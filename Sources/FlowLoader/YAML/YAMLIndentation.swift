import FlowModel

/// Finds the line whose indentation a YAML syntax error comes from, which libyaml reports on a later line, and
/// says so in words that quote nothing of the file (only line numbers and widths).
struct YAMLIndentation {
    let source: SourceText

    /// The error at `position` (libyaml's `problem`) told as a mistake of indentation, at the line at fault; nil
    /// when it is not one.
    func explain(_ problem: String, at position: SourcePosition) -> (message: String, position: SourcePosition)? {
        let line = position.line
        guard let indent = indentation(ofLine: line), let above = previousLine(before: line),
            let aboveIndent = indentation(ofLine: above)
        else { return nil }
        if problem.hasPrefix("did not find expected key"), aboveIndent > indent {
            // The lines just above, indented deeper than this one, hang under a key indented less than it.
            var first = above
            while let previous = previousLine(before: first), let width = indentation(ofLine: previous),
                width > indent
            {
                first = previous
            }
            guard let parent = previousLine(before: first), let parentIndent = indentation(ofLine: parent),
                parentIndent < indent
            else { return nil }
            if first == above {
                return (
                    "line \(above) is indented \(aboveIndent) spaces, deeper than the line after it (\(indent)): "
                        + "indent it as deep as the keys that follow it (\(problem))",
                    SourcePosition(line: above, column: aboveIndent + 1)
                )
            }
            return (
                "line \(line) is indented \(indent) spaces: less than the lines above it (\(aboveIndent)), more than "
                    + "line \(parent) (\(parentIndent)), so it belongs to neither; indent it as deep as one of them "
                    + "(\(problem))",
                SourcePosition(line: line, column: indent + 1)
            )
        }
        if problem.hasPrefix("mapping values are not allowed"), indent > aboveIndent, hasValue(line: above) {
            return (
                "line \(line) is indented deeper than line \(above) (\(indent) spaces, not \(aboveIndent)), so YAML "
                    + "reads it as more of line \(above)'s value: indent it as deep as line \(above) (\(problem))",
                SourcePosition(line: line, column: indent + 1)
            )
        }
        return nil
    }

    /// The spaces that indent a 1-based line; nil for a blank line, a comment line or no such line.
    private func indentation(ofLine line: Int) -> Int? {
        guard line >= 1, line <= source.lineStarts.count else { return nil }
        var index = source.lineStarts[line - 1]
        var width = 0
        while index < source.bytes.count, source.bytes[index] == UInt8(ascii: " ") {
            width += 1
            index += 1
        }
        guard index < source.bytes.count, !SourceText.isBreak(source.bytes, at: index),
            source.bytes[index] != UInt8(ascii: "#")
        else { return nil }
        return width
    }

    /// The nearest line above `line` that is neither blank nor a comment.
    private func previousLine(before line: Int) -> Int? {
        var candidate = line - 1
        while candidate >= 1 {
            if indentation(ofLine: candidate) != nil { return candidate }
            candidate -= 1
        }
        return nil
    }

    /// Whether the line is a `key: value` with its value on the same line.
    private func hasValue(line: Int) -> Bool {
        var index = source.lineStarts[line - 1]
        var afterColon = false
        while index < source.bytes.count, !SourceText.isBreak(source.bytes, at: index) {
            let byte = source.bytes[index]
            if afterColon, byte != UInt8(ascii: " ") { return byte != UInt8(ascii: "#") }
            if byte == UInt8(ascii: ":"), index + 1 < source.bytes.count, source.bytes[index + 1] == UInt8(ascii: " ") {
                afterColon = true
            }
            index += 1
        }
        return false
    }
}
