import Foundation

/// Base64url without padding (RFC 4648 §5), as JWTs and continuation tokens use it.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The 6-bit value of each base64url character; 0xFF for any other byte.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    public static func encode(_ bytes: some DataProtocol) -> String {
        if let text = bytes.withContiguousStorageIfAvailable({ encode(contiguous: $0) }) { return text }
        return Array(bytes).withUnsafeBufferPointer { encode(contiguous: $0) }
    }

    /// The text written straight into the string's storage: one allocation.
    private static func encode(contiguous input: UnsafeBufferPointer<UInt8>) -> String {
        let length = (input.count * 4 + 2) / 3
        return String(unsafeUninitializedCapacity: length) { output in
            var written = 0
            func write(_ chunk: UInt32, shift: UInt32) {
                output[written] = alphabet[Int(chunk >> shift & 0x3F)]
                written += 1
            }
            var index = 0
            while index + 3 <= input.count {
                let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
                write(chunk, shift: 18)
                write(chunk, shift: 12)
                write(chunk, shift: 6)
                write(chunk, shift: 0)
                index += 3
            }
            switch input.count - index {
            case 1:
                let chunk = UInt32(input[index]) << 16
                write(chunk, shift: 18)
                write(chunk, shift: 12)
            case 2:
                let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8
                write(chunk, shift: 18)
                write(chunk, shift: 12)
                write(chunk, shift: 6)
            default:
                break
            }
            return written
        }
    }

    /// Nil when `text` is not canonical base64url: a character outside the alphabet, a length that cannot be
    /// base64 (one character left over), or unused low bits of the last character that are not zero (the
    /// decoder would ignore them, so `…8` and `…9` would decode alike); so a token has exactly one spelling.
    public static func decode(_ text: String) -> Data? {
        decode(Substring(text))
    }

    /// Decodes base64url or plain base64, with or without padding, as a client reads tokens it did not make.
    public static func decodeLeniently(_ text: Substring) -> Data? {
        // Canonical base64url (what token issuers write) decodes to the same bytes without the conversion.
        if let data = decode(text) { return data }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        let remainder = base64.count % 4
        if remainder == 1 { return nil }
        if remainder > 0 { base64 += String(repeating: "=", count: 4 - remainder) }
        return Data(base64Encoded: base64)
    }

    public static func decode(_ text: Substring) -> Data? {
        let input = Array(text.utf8)
        let remainder = input.count % 4
        if remainder == 1 { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count * 3 / 4)
        var index = 0
        while index + 4 <= input.count {
            var chunk: UInt32 = 0
            for offset in 0..<4 {
                let value = values[Int(input[index + offset])]
                if value == 0xFF { return nil }
                chunk = chunk << 6 | UInt32(value)
            }
            output.append(UInt8(chunk >> 16 & 0xFF))
            output.append(UInt8(chunk >> 8 & 0xFF))
            output.append(UInt8(chunk & 0xFF))
            index += 4
        }
        if remainder > 0 {
            var chunk: UInt32 = 0
            for offset in 0..<remainder {
                let value = values[Int(input[index + offset])]
                if value == 0xFF { return nil }
                chunk = chunk << 6 | UInt32(value)
            }
            if remainder == 2 {
                // 12 bits: 8 used, the low 4 must be zero.
                guard chunk & 0x0F == 0 else { return nil }
                output.append(UInt8(chunk >> 4 & 0xFF))
            } else {
                // 18 bits: 16 used, the low 2 must be zero.
                guard chunk & 0x03 == 0 else { return nil }
                output.append(UInt8(chunk >> 10 & 0xFF))
                output.append(UInt8(chunk >> 2 & 0xFF))
            }
        }
        return Data(output)
    }
}
