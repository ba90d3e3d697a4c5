import FlowModel

/// A value of a YAML or JSON data file (a scenario file, for instance) with the position of every part.
public struct DataNode: Sendable {
    /// Where the value starts.
    public var position: SourcePosition
    public var value: Kind

    /// The kinds of value a data file holds.
    public enum Kind: Sendable {
        case null
        case bool(Bool)
        case int(Int)
        case double(Double)
        case string(String)
        case list([DataNode])
        case map([DataEntry])
    }

    /// The value's kind as messages name it: "a string", "a list", …
    public let kindDescription: String

    /// An empty map at the start of a file: what an empty configuration file stands for.
    public static let emptyMap = DataNode(position: .start, value: .map([]), kindDescription: "a map")

    private init(position: SourcePosition, value: Kind, kindDescription: String) {
        self.position = position
        self.value = value
        self.kindDescription = kindDescription
    }

    init(_ node: TreeNode) {
        position = node.position
        kindDescription = node.kindDescription
        switch node.value {
        case .null: value = .null
        case .bool(let flag): value = .bool(flag)
        case .int(let number): value = .int(number)
        case .double(let number): value = .double(number)
        case .string(let scalar): value = .string(scalar.text)
        case .sequence(let items): value = .list(items.map(DataNode.init))
        case .mapping(let entries):
            value = .map(entries.map { DataEntry(key: $0.key, keyPosition: $0.keyPosition, value: DataNode($0.value)) })
        }
    }
}

/// The syntax of a data file.
public enum DataFormat: String, Sendable {
    case yaml
    case json
}

/// One `key: value` entry of a map, in source order.
public struct DataEntry: Sendable {
    public var key: String
    public var keyPosition: SourcePosition
    public var value: DataNode
}

/// Reads YAML and JSON data files with the flow loader's protections (size, UTF-8, nesting depth, alias
/// expansion, duplicate keys, strict JSON), so that any file of the project gets the same precise
/// diagnostics and none can make the reader crash, hang or exhaust memory.
public struct DataFileReader: Sendable {
    public var limits: LoaderLimits

    public init(limits: LoaderLimits = LoaderLimits()) {
        self.limits = limits
    }

    /// Reads a file; its extension picks YAML (`.yaml`, `.yml`) or JSON (`.json`) unless `format` says which.
    /// The root is `nil` when an error was found.
    public func read(file path: String, format: DataFormat? = nil) -> (root: DataNode?, diagnostics: [Diagnostic]) {
        switch FileReader.read(path, maxBytes: limits.maxFileBytes) {
        case .success(let bytes): return parse(bytes, file: path, format: format)
        case .failure(.tooLarge(let size)):
            return (nil, [FlowLoader.tooLarge(path, size: size, limit: limits.maxFileBytes)])
        case .failure(.unreadable(let reason)):
            return (nil, [Diagnostic(.unreadableFile, "cannot read `\(path)`: \(reason)", file: path, at: nil)])
        }
    }

    /// Parses bytes; `file` names them in diagnostics and its extension picks YAML or JSON, unless `format`
    /// says which (for standard input, or a configuration file named otherwise).
    public func parse(
        _ data: [UInt8], file: String, format: DataFormat? = nil
    ) -> (root: DataNode?, diagnostics: [Diagnostic]) {
        let tree = FlowLoader(limits: limits).readTree(data, file: file, format: format)
        guard let root = tree.root, !tree.diagnostics.hasErrors else { return (nil, tree.diagnostics) }
        return (DataNode(root), tree.diagnostics)
    }
}
