import FlowModel

/// A strict RFC 8259 JSON reader that produces the same ``TreeNode`` tree as the YAML reader, with the exact
/// line and column of every key and value. No comments, no trailing commas; duplicate keys are reported (FR008)
/// and parsing goes on; nesting and node count are bounded (FR006, FR007). Integers without fraction or exponent
/// that fit `Int` become `.int`, every other number `.double`.
struct JSONReader {
    let file: String
    let limits: LoaderLimits
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1
    private var nodeCount = 0
    private var diagnostics: [Diagnostic] = []

    private struct Stop: Error {}

    init(file: String, limits: LoaderLimits, bytes: [UInt8]) {
        self.file = file
        self.limits = limits
        self.bytes = bytes
    }

    static func read(_ source: SourceText, file: String, limits: LoaderLimits) -> ParsedTree {
        if TextChecks.isBlank(source.bytes, allowComments: false) {
            return ParsedTree(
                root: nil, diagnostics: [Diagnostic(.emptyFile, "the file has no content", file: file, at: nil)])
        }
        var reader = JSONReader(file: file, limits: limits, bytes: source.bytes)
        return reader.readDocument()
    }

    private mutating func readDocument() -> ParsedTree {
        do {
            let root = try value(depth: 1)
            skipWhitespace()
            if index < bytes.count {
                try fail("unexpected \(describeCurrent()) after the top-level value; a JSON file holds one value")
            }
            return ParsedTree(root: root, diagnostics: diagnostics)
        } catch {
            return ParsedTree(root: nil, diagnostics: diagnostics)
        }
    }

    // MARK: - Cursor

    private var position: SourcePosition { SourcePosition(line: line, column: column) }

    private func peek(_ ahead: Int = 0) -> UInt8? {
        index + ahead < bytes.count ? bytes[index + ahead] : nil
    }

    private mutating func advance() {
        guard index < bytes.count else { return }
        let byte = bytes[index]
        index += 1
        if byte == 0x0A || (byte == 0x0D && peek() != 0x0A) {
            line += 1
            column = 1
        } else if byte == 0x0D {
            // The `\n` of `\r\n` ends the line.
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { advance() }
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of the file" }
        let length = SourceText.scalarLength(lead: bytes[index])
        let end = min(bytes.count, index + length)
        return "character `\(String(decoding: bytes[index..<end], as: UTF8.self))`"
    }

    private mutating func fail(_ message: String, at position: SourcePosition? = nil) throws(Stop) -> Never {
        diagnostics.append(Diagnostic(.syntaxError, message, file: file, at: position ?? self.position))
        throw Stop()
    }

    /// Counts one node; `depth` is checked for values (`nil` for keys, which are not values).
    private mutating func countNode(at position: SourcePosition, depth: Int?) throws(Stop) {
        if let depth, depth > limits.depthLimit {
            diagnostics.append(
                Diagnostic(
                    .nestingTooDeep, "nesting is deeper than \(limits.depthLimit) levels", file: file, at: position))
            throw Stop()
        }
        nodeCount += 1
        if nodeCount > limits.nodeLimit {
            diagnostics.append(
                Diagnostic(
                    .documentTooLarge, "the document has more than \(limits.nodeLimit) nodes", file: file,
                    at: position))
            throw Stop()
        }
    }

    // MARK: - Values

    /// An array or object being read. A class, so that appending a child never copies the ones before it.
    private final class Frame {
        let isObject: Bool
        let position: SourcePosition
        var items: [TreeNode] = []
        var members = MappingEntries()

        init(isObject: Bool, position: SourcePosition) {
            self.isObject = isObject
            self.position = position
        }

        var node: TreeNode {
            TreeNode(isObject ? .mapping(members.entries) : .sequence(items), at: position)
        }
    }

    /// Reads one value iteratively with an explicit stack of open arrays and objects, so that deep nesting
    /// costs heap, not thread stack.
    private mutating func value(depth: Int) throws(Stop) -> TreeNode {
        var stack: [Frame] = []
        while true {
            var completed = try valueStart(depth: depth + stack.count, stack: &stack)
            while let done = completed {
                guard let frame = stack.last else { return done }
                attach(done, to: frame)
                completed = nil
                skipWhitespace()
                let closing = frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                switch peek() {
                case UInt8(ascii: ","):
                    advance()
                    skipWhitespace()
                    if frame.isObject {
                        try key(into: frame)
                    } else if peek() == UInt8(ascii: "]") {
                        try fail("expected a value after ','; trailing commas are not allowed in JSON")
                    }
                case closing:
                    advance()
                    stack.removeLast()
                    completed = frame.node
                default:
                    let what =
                        frame.isObject ? "',' or '}' after an object member" : "',' or ']' after an array element"
                    try fail("expected \(what), found \(describeCurrent())")
                }
            }
        }
    }

    /// Reads a scalar, or opens an array or object (pushing it, with its first key read); returns a complete
    /// value (a scalar or an empty collection) or `nil` when a collection was opened.
    private mutating func valueStart(depth: Int, stack: inout [Frame]) throws(Stop) -> TreeNode? {
        skipWhitespace()
        let start = position
        guard let byte = peek() else { try fail("expected a value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try countNode(at: start, depth: depth)
            let isObject = byte == UInt8(ascii: "{")
            advance()
            skipWhitespace()
            if peek() == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                advance()
                return TreeNode(isObject ? .mapping([]) : .sequence([]), at: start)
            }
            let frame = Frame(isObject: isObject, position: start)
            stack.append(frame)
            if isObject { try key(into: frame) }
            return nil
        case UInt8(ascii: "\""):
            try countNode(at: start, depth: depth)
            return TreeNode(.string(try string()), at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try countNode(at: start, depth: depth)
            return TreeNode(try number(), at: start)
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            try countNode(at: start, depth: depth)
            return TreeNode(try literal(), at: start)
        case UInt8(ascii: "/"), UInt8(ascii: "#"):
            try fail("comments are not allowed in JSON")
        default:
            try fail("unexpected \(describeCurrent()); expected a value")
        }
    }

    /// Reads `"key":` of an object member.
    private mutating func key(into frame: Frame) throws(Stop) {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else {
            if peek() == UInt8(ascii: "}") {
                try fail("expected a key after ','; trailing commas are not allowed in JSON")
            }
            try fail("expected a key in double quotes, found \(describeCurrent())")
        }
        let keyPosition = position
        try countNode(at: keyPosition, depth: nil)
        let text = try string().text
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else {
            try fail("expected ':' after the object key, found \(describeCurrent())")
        }
        advance()
        frame.members.expect(text, at: keyPosition)
    }

    /// Adds a finished value to its array or object, reporting a duplicate key instead of adding it twice.
    private mutating func attach(_ child: TreeNode, to frame: Frame) {
        guard frame.isObject else {
            frame.items.append(child)
            return
        }
        if let duplicate = frame.members.add(child, file: file) { diagnostics.append(duplicate) }
    }

    private mutating func literal() throws(Stop) -> TreeNode.Value {
        let start = position
        var word: [UInt8] = []
        while let byte = peek(),
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        {
            word.append(byte)
            advance()
        }
        switch String(decoding: word, as: UTF8.self) {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        case let other:
            try fail("unexpected `\(other)`; expected a value (JSON literals are true, false and null)", at: start)
        }
    }

    private mutating func number() throws(Stop) -> TreeNode.Value {
        let startIndex = index
        var isInteger = true
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { (0x30...0x39).contains($0) } ?? false }
        if peek() == UInt8(ascii: "-") { advance() }
        guard isDigit(peek()) else { try fail("expected a digit after '-'") }
        if peek() == UInt8(ascii: "0") {
            advance()
            if isDigit(peek()) { try fail("numbers cannot have leading zeros in JSON") }
        } else {
            while isDigit(peek()) { advance() }
        }
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            advance()
            guard isDigit(peek()) else { try fail("expected a digit after the decimal point") }
            while isDigit(peek()) { advance() }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            advance()
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { advance() }
            guard isDigit(peek()) else { try fail("expected a digit in the exponent") }
            while isDigit(peek()) { advance() }
        }
        let text = String(decoding: bytes[startIndex..<index], as: UTF8.self)
        if isInteger, let value = Int(text) { return .int(value) }
        return .double(Double(text) ?? .nan)
    }

    private mutating func string() throws(Stop) -> StringScalar {
        let opening = position
        advance()
        let contentStart = position
        var utf8: [UInt8] = []
        var isVerbatim = true
        while true {
            guard let byte = peek() else { try fail("unterminated string", at: opening) }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                return StringScalar(
                    text: String(decoding: utf8, as: UTF8.self), contentStart: contentStart, isVerbatim: isVerbatim)
            case UInt8(ascii: "\\"):
                isVerbatim = false
                try escape(into: &utf8)
            case 0x0A, 0x0D:
                try fail("unterminated string: a line break must be written `\\n` inside a JSON string")
            case 0x00..<0x20:
                try fail(
                    "the control character \(TextChecks.scalarName(UInt32(byte))) must be escaped in a JSON string")
            default:
                utf8.append(byte)
                advance()
            }
        }
    }

    private mutating func escape(into utf8: inout [UInt8]) throws(Stop) {
        let start = position
        advance()
        guard let byte = peek() else { try fail("unterminated string") }
        advance()
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): UInt8(ascii: "\""), UInt8(ascii: "\\"): UInt8(ascii: "\\"),
            UInt8(ascii: "/"): UInt8(ascii: "/"), UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C,
            UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let replacement = simple[byte] {
            utf8.append(replacement)
            return
        }
        guard byte == UInt8(ascii: "u") else {
            try fail("invalid escape `\\\(String(decoding: [byte], as: UTF8.self))` in a JSON string", at: start)
        }
        var value = try hexQuad(escapeStart: start)
        if (0xDC00...0xDFFF).contains(value) {
            try fail("unpaired low surrogate in `\\u` escape", at: start)
        }
        if (0xD800...0xDBFF).contains(value) {
            guard peek() == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u") else {
                try fail(
                    "unpaired high surrogate in `\\u` escape; a low surrogate `\\uDC00`…`\\uDFFF` must follow",
                    at: start)
            }
            let lowStart = position
            advance()
            advance()
            let low = try hexQuad(escapeStart: lowStart)
            guard (0xDC00...0xDFFF).contains(low) else {
                try fail("expected a low surrogate `\\uDC00`…`\\uDFFF` after a high surrogate", at: lowStart)
            }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else { try fail("invalid `\\u` escape", at: start) }
        utf8.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    private mutating func hexQuad(escapeStart: SourcePosition) throws(Stop) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = Self.hexValue(byte) else {
                try fail("expected four hexadecimal digits after `\\u`", at: escapeStart)
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
