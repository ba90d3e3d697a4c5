import FlowModel
import Foundation
import NativeAuthWire

/// Usernames, contacts and their masked labels.
package enum Contacts {
    private static let domainCharacters = ASCIISet("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")

    /// Whether `text` is an email address the service accepts: the shape of one (``EmailAddress``), and
    /// within its limits: at most 254 characters, a local part of at most 64 that neither starts nor ends with
    /// a dot, domain labels of letters, digits and inner hyphens, at most 63 characters each.
    static func isEmail(_ text: String) -> Bool {
        guard text.count <= 254, EmailAddress.hasShape(text) else { return false }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        let local = parts[0]
        guard local.count <= 64, !local.hasPrefix("."), !local.hasSuffix(".") else { return false }
        guard local.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else { return false }
        for label in parts[1].split(separator: ".") {
            guard domainCharacters.containsAll(of: label), label.utf8.count <= 63 else { return false }
            guard !label.hasPrefix("-"), !label.hasSuffix("-") else { return false }
        }
        return true
    }

    /// Whether `text` is an E.164 phone number: `+` then 8 to 15 digits.
    static func isPhoneNumber(_ text: String) -> Bool {
        guard text.hasPrefix("+") else { return false }
        let digits = text.dropFirst()
        return (8...15).contains(digits.count) && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// A masked label such as `c***r@co**o.com` (email) or `+*******1234` (phone).
    static func label(for target: String) -> String {
        if isPhoneNumber(target) {
            return "+" + String(repeating: "*", count: max(target.count - 5, 0)) + String(target.suffix(4))
        }
        let parts = target.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let local = parts.first, let domain = parts.last else { return "***" }
        let maskedLocal = local.count <= 1 ? "*" : "\(local.prefix(1))***\(local.suffix(1))"
        guard let dot = domain.lastIndex(of: ".") else { return "\(maskedLocal)@***" }
        let name = domain[..<dot]
        let suffix = domain[dot...]
        let maskedName =
            name.count <= 3 ? String(repeating: "*", count: name.count) : "\(name.prefix(2))**\(name.suffix(1))"
        return "\(maskedLocal)@\(maskedName)\(suffix)"
    }
}

extension Contacts {
    /// The form usernames are compared and stored under: Unicode NFC, then lowercased with Unicode's full case
    /// mapping, then NFC again, so `éve@…` (precomposed), `ÉVE@…` and `e\u{301}ve@…` (decomposed) are one account.
    package static func canonical(_ username: String) -> String {
        // ASCII is its own NFC form, and lowercases to ASCII.
        if username.isASCII { return username.lowercased() }
        return username.precomposedStringWithCanonicalMapping.lowercased().precomposedStringWithCanonicalMapping
    }
}
