/// The shape every email address must have: `local@domain.tld`, one `@`, text on both sides, a domain of at
/// least two non-empty labels, no spaces or control characters. Not a full RFC 5322 check: an authority
/// applies its own rules on top.
public enum EmailAddress {
    /// Whether `text` has the shape of an email address.
    public static func hasShape(_ text: String) -> Bool {
        guard
            !text.unicodeScalars.contains(where: {
                $0.properties.isWhitespace || $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
            })
        else { return false }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }
}
