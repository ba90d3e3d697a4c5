/// The identifier rules of the flow language.
enum Identifier {
    /// A flow id or authority: `[A-Za-z][A-Za-z0-9_.-]*`.
    static func isFlowID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, isLetter(first) else { return false }
        return bytes.dropFirst().allSatisfy {
            isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-")
        }
    }

    /// A step, input, param, variable, outcome, choice, end or reason name: `[A-Za-z_][A-Za-z0-9_-]*`.
    static func isName(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return bytes.dropFirst().allSatisfy {
            isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
        }
    }

    /// A variable, input, param, `set` or `output` name: `[A-Za-z_][A-Za-z0-9_]*` (no `-`, so that
    /// `${a-b}` can never be mistaken for arithmetic).
    static func isVariableName(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return bytes.dropFirst().allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    /// An action name: `[A-Za-z][A-Za-z0-9_]*` words joined by `.`, e.g. `signUp.start`.
    static func isActionName(_ text: String) -> Bool {
        text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { word in
            let bytes = Array(word.utf8)
            guard let first = bytes.first, isLetter(first) else { return false }
            return bytes.dropFirst().allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
