extension String {
    /// The text's words: what `split(whereSeparator: \.isWhitespace)` gives, as strings. ASCII text (scopes,
    /// challenge types) is split on its bytes, without looking up each character's Unicode properties.
    package func whitespaceSeparatedWords() -> [String] {
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return split(whereSeparator: \.isWhitespace).map(String.init) }
        return utf8.split(whereSeparator: { $0 == 0x20 || (0x09...0x0D).contains($0) }).compactMap { String($0) }
    }
}
