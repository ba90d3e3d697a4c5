import FlowModel
import Foundation

/// Why an action catalog could not be loaded: a message naming the place in the file and the problem.
public struct CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, when the catalog was read from one.
    public var file: String?
    public var message: String

    public init(file: String? = nil, message: String) {
        self.file = file
        self.message = message
    }

    public var description: String { file.map { "\($0): \(message)" } ?? message }
}

/// Decodes an ``ActionCatalog`` from JSON, with errors that say where and what (e.g. "missing `outcomes` at
/// actions[\"signUp.start\"]").
public struct CatalogLoader: Sendable {
    /// The largest catalog file read.
    public var maxFileBytes: Int

    public init(maxFileBytes: Int = 4 * 1024 * 1024) {
        self.maxFileBytes = maxFileBytes
    }

    /// Reads and decodes a catalog file.
    public func load(file path: String) throws(CatalogError) -> ActionCatalog {
        switch FileReader.read(path, maxBytes: maxFileBytes) {
        case .success(let bytes):
            do {
                return try decode(bytes)
            } catch {
                throw CatalogError(file: path, message: error.message)
            }
        case .failure(.tooLarge):
            throw CatalogError(file: path, message: "the file is larger than \(maxFileBytes) bytes")
        case .failure(.unreadable(let reason)):
            throw CatalogError(file: path, message: "cannot read the catalog: \(reason)")
        }
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
