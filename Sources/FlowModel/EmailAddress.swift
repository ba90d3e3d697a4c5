/// The shape every email address must have: `local@domain.tld`, one `@`, text on both sides, a domain of at
/// least two non-empty labels, no spaces or control characters. Not a full RFC 5322 check: an authority
/// applies its own rules on top.
public enum EmailAddress {
    /// Whether `text` has the shape of an email address.
    public static func hasShape(_ text: String) -> Bool {
        guard isPrintableASCII(text) || !text.unicodeScalars.contains(where: isSpaceOrControl) else { return false }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }

    /// Printable ASCII without space: the usual address, decided from its bytes alone.
    private static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }

    private static func isSpaceOrControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
