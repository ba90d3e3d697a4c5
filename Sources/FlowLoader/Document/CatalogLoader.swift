import FlowModel
import Foundation

/// Why an action catalog could not be loaded: a message naming the place in the file and the problem.
public struct CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, when the catalog was read from one.
    public var file: String?
    /// Where in the file, when known.
    public var position: SourcePosition?
    public var message: String

    public init(file: String? = nil, position: SourcePosition? = nil, message: String) {
        self.file = file
        self.position = position
        self.message = message
    }

    /// `file:line:column: message`, as far as each is known.
    public var description: String {
        guard let file else { return message }
        return file + (position.map { ":\($0.line):\($0.column)" } ?? "") + ": " + message
    }
}

/// Decodes an `ActionCatalog` from JSON, with errors that say where and what (e.g. "missing `outcomes` at
/// actions[\"signUp.start\"]").
public struct CatalogLoader: Sendable {
    /// The largest catalog file read.
    public var maxFileBytes: Int

    public init(maxFileBytes: Int = 4 * 1024 * 1024) {
        self.maxFileBytes = maxFileBytes
    }

    /// Reads and decodes a catalog file, JSON or (by its extension) YAML, through the same reader as flows: every
    /// error names its line and column.
    public func load(file path: String) throws(CatalogError) -> ActionCatalog {
        var limits = LoaderLimits()
        limits.maxFileBytes = maxFileBytes
        let read = DataFileReader(limits: limits).read(file: path)
        if let problem = read.diagnostics.first(where: { $0.severity == .error }) {
            throw CatalogError(file: path, position: problem.position, message: problem.message)
        }
        guard let root = read.root else { throw CatalogError(file: path, message: "the catalog file is empty") }
        let catalog: ActionCatalog
        do {
            catalog = try DataNodeDecoder().decode(ActionCatalog.self, from: root)
        } catch {
            throw CatalogError(
                file: path, position: error.position,
                message: (error.path.isEmpty ? "" : "`\(error.path)`: ") + error.message)
        }
        guard catalog.catalog == 1 else {
            throw CatalogError(
                file: path, position: root.position,
                message: "catalog format version \(catalog.catalog) is not supported; this flowrun reads `catalog: 1`")
        }
        return catalog
    }

    /// Decodes a catalog from JSON bytes.
    public func decode(_ data: Data) throws(CatalogError) -> ActionCatalog {
        try decode([UInt8](data))
    }

    /// Decodes a catalog from JSON bytes.
    public func decode(_ bytes: [UInt8]) throws(CatalogError) -> ActionCatalog {
        let catalog: ActionCatalog
        do {
            catalog = try JSONDecoder().decode(ActionCatalog.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw CatalogError(message: Self.describe(error))
        } catch {
            throw CatalogError(message: "not a valid catalog: \(error)")
        }
        guard catalog.catalog == 1 else {
            throw CatalogError(
                message: "catalog format version \(catalog.catalog) is not supported; this flowrun reads `catalog: 1`")
        }
        return catalog
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "missing `\(key.stringValue)` at \(path(context.codingPath))"
        case .typeMismatch(let type, let context):
            return "expected \(typeName(type)) at \(path(context.codingPath))"
        case .valueNotFound(let type, let context):
            return "expected \(typeName(type)) at \(path(context.codingPath)), found null"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                let underlying = (context.underlyingError as NSError?)?.localizedDescription
                return "not valid JSON" + (underlying.map { ": \($0)" } ?? "")
            }
            return "invalid value at \(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "not a valid catalog: \(error)"
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "a boolean"
        case is Int.Type: return "an integer"
        case is ValueType.Type: return "a value type"
        default: return "\(type)".lowercased().hasPrefix("dictionary") ? "an object" : "a value of type \(type)"
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        guard !codingPath.isEmpty else { return "the top level" }
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else if key.stringValue.contains(".") || key.stringValue.contains(" ") {
                text += "[\"\(key.stringValue)\"]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }
}
