import Foundation

/// Which whitespace `trimmingWhitespace` removes.
package enum TrimmedWhitespace: Sendable {
    /// Foundation's `CharacterSet.whitespaces`.
    case spaces
    /// Foundation's `CharacterSet.whitespacesAndNewlines`.
    case spacesAndNewlines

    var characters: CharacterSet {
        switch self {
        case .spaces: .whitespaces
        case .spacesAndNewlines: .whitespacesAndNewlines
        }
    }
}

extension String {
    /// `trimmingCharacters(in:)` with Foundation's set for `whitespace`, without its cost in the common case: text
    /// that starts and ends with a printable ASCII character other than space has nothing to trim and is returned
    /// as it is, without building the character set. `package`: the emulator and the client use it.
    package func trimmingWhitespace(_ whitespace: TrimmedWhitespace = .spacesAndNewlines) -> String {
        if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return self
        }
        return trimmingCharacters(in: whitespace.characters)
    }
}
