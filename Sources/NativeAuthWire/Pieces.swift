extension StringProtocol {
    /// The text's pieces between occurrences of the ASCII character `separator`, empty pieces kept, at most
    /// `maxSplits` splits. The text is split on bytes rather than characters (as form bodies and tokens are), so
    /// a combining mark after a separator does not hide it.
    package func pieces(separatedBy separator: Unicode.Scalar, maxSplits: Int = .max) -> [SubSequence] {
        utf8.split(separator: UInt8(ascii: separator), maxSplits: maxSplits, omittingEmptySubsequences: false)
            .map { self[$0.startIndex..<$0.endIndex] }
    }
}
