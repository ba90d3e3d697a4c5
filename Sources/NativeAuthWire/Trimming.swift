import Foundation

extension String {
    /// `trimmingCharacters(in: set)` for a set of whitespace (`.whitespaces`, `.whitespacesAndNewlines`), without
    /// Foundation's cost in the common case: text that starts and ends with a printable ASCII character other
    /// than space has nothing to trim and is returned as it is. `package`: the emulator and the client use it.
    package func trimmingWhitespace(_ set: CharacterSet = .whitespacesAndNewlines) -> String {
        if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return self
        }
        return trimmingCharacters(in: set)
    }
}
