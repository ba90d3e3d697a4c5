import FlowrunFoundation

/// Text made safe to print on a terminal: control characters (C0, DEL, C1, among them ESC, BEL and newlines)
/// and the bidirectional overrides become visible escapes such as `\u{1B}`, so that a value from an authority
/// (a display name, an error description) can neither move the cursor, rewrite lines, change the window title
/// nor fake a line of flowrun's own output.
enum TerminalText {
    /// `text` escaped; newlines and tabs kept only when `keepingLayout` (for the terminal writers, whose texts
    /// are lines; a value that must stay on its line is escaped without it first).
    static func escaped(_ text: String, keepingLayout: Bool = false) -> String {
        let unsafe = { (scalar: Unicode.Scalar) in
            scalar.isTerminalControl && !(keepingLayout && (scalar == "\n" || scalar == "\t"))
        }
        guard text.unicodeScalars.contains(where: unsafe) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if unsafe(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
