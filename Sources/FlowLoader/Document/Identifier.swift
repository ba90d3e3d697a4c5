/// The identifier rules of the flow language.
enum Identifier {
    /// A flow id or authority: `[A-Za-z][A-Za-z0-9_.-]*`.
    static func isFlowID(_ text: String) -> Bool {
        matches(text) { byte, isFirst in
            isLetter(byte)
                || (!isFirst
                    && (isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
                        || byte == UInt8(ascii: "-")))
        }
    }

    /// A step, input, param, variable, outcome, choice, end or reason name: `[A-Za-z_][A-Za-z0-9_-]*`.
    static func isName(_ text: String) -> Bool {
        matches(text) { byte, isFirst in
            isLetter(byte) || byte == UInt8(ascii: "_") || (!isFirst && (isDigit(byte) || byte == UInt8(ascii: "-")))
        }
    }

    /// A variable, input, param, `set` or `output` name: `[A-Za-z_][A-Za-z0-9_]*` (no `-`, so that
    /// `${a-b}` can never be mistaken for arithmetic).
    static func isVariableName(_ text: String) -> Bool {
        matches(text) { byte, isFirst in isLetter(byte) || byte == UInt8(ascii: "_") || (!isFirst && isDigit(byte)) }
    }

    /// An action name: `[A-Za-z][A-Za-z0-9_]*` words joined by `.`, e.g. `signUp.start`.
    static func isActionName(_ text: String) -> Bool {
        var atWordStart = true
        for byte in text.utf8 {
            if atWordStart {
                guard isLetter(byte) else { return false }
                atWordStart = false
            } else if byte == UInt8(ascii: ".") {
                atWordStart = true
            } else if !(isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_")) {
                return false
            }
        }
        return !atWordStart
    }

    /// Whether `text` is not empty and each byte is allowed where it stands (`isFirst` for the first one).
    private static func matches(_ text: String, _ isAllowed: (UInt8, _ isFirst: Bool) -> Bool) -> Bool {
        var isFirst = true
        for byte in text.utf8 {
            guard isAllowed(byte, isFirst) else { return false }
            isFirst = false
        }
        return !isFirst
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
