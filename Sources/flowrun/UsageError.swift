/// A command line flowrun cannot act on: a missing or unreadable file it names, a malformed option value, a name
/// the flow does not declare. Printed as `flowrun: error: REASON` and exits 2, before anything runs.
struct UsageError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
