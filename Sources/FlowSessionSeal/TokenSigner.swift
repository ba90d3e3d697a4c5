import Crypto
import Foundation

/// Signs short texts (HMAC-SHA256) under a key derived for one purpose, e.g. the web UI's CSRF tokens bound to a
/// browser: a server signs what it issues, so a token a client made up does not verify. Every server that shares
/// a `session.key` derives the same key, so a token one issued verifies on another.
public struct TokenSigner: Sendable {
    private let key: SymmetricKey

    /// A signer under a key that lives as long as the value (one process).
    public init() {
        key = SymmetricKey(size: .bits256)
    }

    init(key: SymmetricKey) {
        self.key = key
    }

    /// The signature of `text`, as 64 lower-case hex digits.
    public func sign(_ text: String) -> String {
        HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: key)
            .map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
    }

    /// Whether `signature` is the signature of `text` (compared in constant time).
    public func verifies(_ signature: String, of text: String) -> Bool {
        guard let bytes = Self.bytes(hex: signature), bytes.count == SHA256.byteCount else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(bytes, authenticating: Data(text.utf8), using: key)
    }

    private static func bytes(hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = value(of: digits[index]), let low = value(of: digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case 48...57: return digit - 48
        case 97...102: return digit - 87
        default: return nil
        }
    }
}

extension SessionSeal {
    /// A signer under a key derived (HKDF-SHA256) from this seal's key for `purpose`: the seal key itself never
    /// signs, and two purposes never share a key.
    public func signer(purpose: String) -> TokenSigner {
        TokenSigner(
            key: HKDF<SHA256>.deriveKey(
                inputKeyMaterial: key, info: Data(("flowrun " + purpose).utf8), outputByteCount: 32))
    }
}
