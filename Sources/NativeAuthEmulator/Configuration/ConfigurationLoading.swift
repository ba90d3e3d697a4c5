import Foundation
import Yams

extension TenantConfiguration {
    /// Reads and validates an `authority.yaml`. Unknown keys, wrong types and invalid values are reported with
    /// the file, line and column where YAML gives them.
    public static func load(file: String) throws(ConfigurationError) -> TenantConfiguration {
        let text: String
        do {
            text = try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            throw ConfigurationError(file: file, message: "cannot read the configuration file")
        }
        return try load(yaml: text, file: file)
    }

    /// Reads and validates a configuration from YAML text; `file` only names it in errors.
    public static func load(yaml text: String, file: String? = nil) throws(ConfigurationError) -> TenantConfiguration {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw ConfigurationLocator.syntaxError(error, file: file)
        }
        guard let root else { return try validated(TenantConfiguration(), root: nil, file: file) }
        guard root.mapping != nil else {
            throw ConfigurationError(
                file: file, line: root.mark?.line, column: root.mark?.column,
                message: "the configuration must be a mapping of keys to values")
        }
        let configuration: TenantConfiguration
        do {
            configuration = try YAMLDecoder().decode(TenantConfiguration.self, from: root)
        } catch let error as DecodingError {
            throw ConfigurationLocator.decodingError(error, root: root, file: file)
        } catch {
            throw ConfigurationError(file: file, message: "cannot read the configuration: \(error)")
        }
        return try validated(configuration, root: root, file: file)
    }

    private static func validated(
        _ configuration: TenantConfiguration, root: Node?, file: String?
    ) throws(ConfigurationError) -> TenantConfiguration {
        do {
            try configuration.validate()
        } catch {
            var located = error
            located.file = file
            if let root, let path = error.path, let mark = ConfigurationLocator.mark(of: path, in: root) {
                located.line = mark.line
                located.column = mark.column
            }
            throw located
        }
        return configuration
    }
}

/// Turns Yams and decoding errors into ``ConfigurationError``s that point into the document.
enum ConfigurationLocator {
    static func syntaxError(_ error: any Error, file: String?) -> ConfigurationError {
        switch error {
        case YamlError.scanner(let context, let problem, let mark, _),
            YamlError.parser(let context, let problem, let mark, _),
            YamlError.composer(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) (\($0.text))" } ?? problem
            return ConfigurationError(
                file: file, line: mark.line, column: mark.column, message: "invalid YAML: \(detail)")
        case YamlError.duplicatedKeysInMapping(let duplicates, let context):
            return ConfigurationError(
                file: file, line: context.mark.line, column: context.mark.column,
                message: "duplicate key '\(duplicates.joined(separator: "', '"))'")
        default:
            return ConfigurationError(file: file, message: "invalid YAML: \(error)")
        }
    }

    static func decodingError(_ error: DecodingError, root: Node, file: String?) -> ConfigurationError {
        let path: [any CodingKey]
        let message: String
        var pointAtKey = false
        switch error {
        case .typeMismatch(let type, let context):
            path = context.codingPath
            message = "expected \(describe(type))"
        case .valueNotFound(let type, let context):
            path = context.codingPath
            message = "missing value: expected \(describe(type))"
        case .keyNotFound(let key, let context):
            path = context.codingPath
            message = "missing key '\(key.stringValue)'"
        case .dataCorrupted(let context):
            path = context.codingPath
            message = context.debugDescription
            pointAtKey = message.hasPrefix("unknown key")
        @unknown default:
            path = []
            message = "\(error)"
        }
        let components = path.map(component)
        let mark = locate(components, in: root, pointAtKey: pointAtKey)
        return ConfigurationError(
            file: file, line: mark?.line, column: mark?.column, path: dotted(components), message: message)
    }

    /// The mark of the value at a dotted path such as `clients[0].clientID` or `codes.length`.
    static func mark(of path: String, in root: Node) -> Mark? {
        var components: [PathComponent] = []
        for part in path.split(separator: ".") {
            var name = Substring(part)
            var indices: [Int] = []
            while let open = name.lastIndex(of: "["), name.hasSuffix("]") {
                let number = name[name.index(after: open)..<name.index(before: name.endIndex)]
                guard let index = Int(number) else { break }
                indices.insert(index, at: 0)
                name = name[..<open]
            }
            components.append(.key(String(name)))
            components.append(contentsOf: indices.map(PathComponent.index))
        }
        return locate(components, in: root, pointAtKey: false)
    }

    enum PathComponent {
        case key(String)
        case index(Int)
    }

    private static func component(_ key: any CodingKey) -> PathComponent {
        if let index = key.intValue { return .index(index) }
        return .key(key.stringValue)
    }

    private static func dotted(_ components: [PathComponent]) -> String {
        var text = ""
        for component in components {
            switch component {
            case .key(let name): text += text.isEmpty ? name : ".\(name)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// Walks the node tree; the deepest node reached gives the mark (the key itself for unknown keys).
    private static func locate(_ components: [PathComponent], in root: Node, pointAtKey: Bool) -> Mark? {
        var node = root
        for (position, component) in components.enumerated() {
            let isLast = position == components.count - 1
            switch component {
            case .key(let name):
                guard let mapping = node.mapping,
                    let pair = mapping.first(where: { $0.key.string == name })
                else { return node.mark }
                if isLast && pointAtKey { return pair.key.mark }
                node = pair.value
            case .index(let index):
                guard let sequence = node.sequence, index >= 0, index < sequence.count else { return node.mark }
                node = sequence[index]
            }
        }
        return node.mark
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type: return "an integer"
        case is Bool.Type: return "a boolean (true or false)"
        case is Double.Type: return "a number"
        case is [String].Type: return "a list of strings"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "a list" }
            if name.hasPrefix("Dictionary") { return "a mapping" }
            return "a mapping (\(name))"
        }
    }
}
