extension StringProtocol {
    /// The text's pieces between occurrences of the ASCII character `separator`, empty pieces kept, at most
    /// `maxSplits` splits. The text is split on bytes rather than characters (as form bodies and tokens are), so
    /// a combining mark after a separator does not hide it. Inlinable, so that each caller gets it specialized
    /// for its string type rather than going through the protocol's witness table.
    @inlinable
    package func pieces(separatedBy separator: Unicode.Scalar, maxSplits: Int = .max) -> [SubSequence] {
        let byte = UInt8(ascii: separator)
        let bytes = utf8
        var pieces: [SubSequence] = []
        pieces.reserveCapacity(Swift.max(0, Swift.min(maxSplits, 7)) + 1)
        var start = bytes.startIndex
        var splits = 0
        while splits < maxSplits, let found = bytes[start...].firstIndex(of: byte) {
            pieces.append(self[start..<found])
            start = bytes.index(after: found)
            splits += 1
        }
        pieces.append(self[start...])
        return pieces
    }
}
