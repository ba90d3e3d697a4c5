import Foundation

/// Words of a command line that a user can paste back into a POSIX shell.
enum ShellWord {
    /// `word` as is when the shell leaves it alone, else in single quotes.
    static func quoted(_ word: String) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:@%+,")
        if !word.isEmpty, word.allSatisfy({ plain.contains($0) }) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
