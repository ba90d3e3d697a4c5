/// A command failed for a reason worth one line on standard error.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
