/// Resolves plain YAML scalars by the YAML 1.2 core schema: null, booleans, integers (decimal, `0o` octal,
/// `0x` hexadecimal) and floats (including `.inf` and `.nan`). `nil` means a string (also for octal or
/// hexadecimal integers too large for `Int`).
enum YAMLScalar {
    /// Resolves the text of a plain scalar.
    static func resolvePlain(_ text: String) -> TreeNode.Value? {
        var text = text
        return text.withUTF8 { resolvePlain($0) }
    }

    /// Resolves the UTF-8 bytes of a plain scalar. Most scalars are names and sentences: they are told apart by
    /// their first byte, without building a string.
    static func resolvePlain(_ utf8: UnsafeBufferPointer<UInt8>) -> TreeNode.Value? {
        guard let first = utf8.first else { return .null }
        guard mayStartNonString[Int(first)] else { return nil }
        let text = String(decoding: utf8, as: UTF8.self)
        switch text {
        case "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
        case ".nan", ".NaN", ".NAN": return .double(.nan)
        default: break
        }
        if utf8.count > 2, utf8[0] == UInt8(ascii: "0") {
            let digits = String(decoding: utf8[2...], as: UTF8.self)
            if utf8[1] == UInt8(ascii: "o"), utf8[2...].allSatisfy({ (0x30...0x37).contains($0) }) {
                return Int(digits, radix: 8).map { .int($0) }
            }
            if utf8[1] == UInt8(ascii: "x"), utf8[2...].allSatisfy(isHexDigit) {
                return Int(digits, radix: 16).map { .int($0) }
            }
        }
        if isDecimalInteger(utf8) {
            if let value = Int(text) { return .int(value) }
            return Double(text).map { .double($0) }
        }
        if isFloat(utf8), let value = Double(text) { return .double(value) }
        return nil
    }

    /// The bytes a null, boolean or number can start with: `~`, `n`, `N`, `t`, `T`, `f`, `F`, `.`, `+`, `-` and
    /// digits.
    private static let mayStartNonString: [Bool] = (0..<256).map { byte in
        Array("~nNtTfF.+-0123456789".utf8).contains(UInt8(byte))
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    /// `[-+]?[0-9]+`
    private static func isDecimalInteger(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var digits = utf8[...]
        if let first = digits.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            digits = digits.dropFirst()
        }
        return !digits.isEmpty && digits.allSatisfy(isDigit)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    private static func isFloat(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func peek() -> UInt8? { index < utf8.count ? utf8[index] : nil }
        if let sign = peek(), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { index += 1 }
        var integerDigits = 0
        while let byte = peek(), isDigit(byte) {
            integerDigits += 1
            index += 1
        }
        var fractionDigits = 0
        if peek() == UInt8(ascii: ".") {
            index += 1
            while let byte = peek(), isDigit(byte) {
                fractionDigits += 1
                index += 1
            }
            if integerDigits == 0, fractionDigits == 0 { return false }
        } else if integerDigits == 0 {
            return false
        }
        if let exponent = peek(), exponent == UInt8(ascii: "e") || exponent == UInt8(ascii: "E") {
            index += 1
            if let sign = peek(), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { index += 1 }
            var exponentDigits = 0
            while let byte = peek(), isDigit(byte) {
                exponentDigits += 1
                index += 1
            }
            if exponentDigits == 0 { return false }
        }
        return index == utf8.count
    }
}
