/// A problem with an authority configuration: where it is (file, line, column, key path) and what is wrong.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The configuration file, when the configuration came from one.
    public var file: String?
    /// 1-based line and column, when known.
    public var line: Int?
    public var column: Int?
    /// The dotted key path (`codes.length`, `clients[0].clientID`), when the problem belongs to a key.
    public var path: String?
    public var message: String

    public init(file: String? = nil, line: Int? = nil, column: Int? = nil, path: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    /// `file:line:column: path: message`, leaving out what is unknown.
    public var description: String {
        var location = ""
        if let file { location = file }
        if let line {
            location += location.isEmpty ? "\(line)" : ":\(line)"
            if let column { location += ":\(column)" }
        }
        var text = location.isEmpty ? "" : location + ": "
        if let path, !path.isEmpty { text += "\(path): " }
        return text + message
    }
}
