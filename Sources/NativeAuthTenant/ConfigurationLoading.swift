import FlowLoader
import FlowModel

extension TenantConfiguration {
    /// Reads and validates an `authority.yaml` (or `.json`) with the reader flows use. Syntax errors, unknown
    /// keys, wrong types and invalid values are reported with the file, line and column.
    public static func load(file: String) throws(ConfigurationError) -> TenantConfiguration {
        let format: DataFormat = FlowPath.pathExtension(file) == "json" ? .json : .yaml
        let read = DataFileReader().read(file: file, format: format)
        if read.diagnostics.contains(where: { $0.code == .unreadableFile }) {
            throw ConfigurationError(file: file, message: "cannot read the configuration file")
        }
        return try load(read, file: file, format: format)
    }

    /// Reads and validates a configuration from YAML text; `file` only names it in errors.
    public static func load(yaml text: String, file: String? = nil) throws(ConfigurationError) -> TenantConfiguration {
        let read = DataFileReader().parse(Array(text.utf8), file: file ?? "authority.yaml", format: .yaml)
        return try load(read, file: file, format: .yaml)
    }

    /// Decodes and validates a configuration held in a data file's tree (for instance a scenario's
    /// `authority.tenant`); errors point into that file.
    public static func load(node: DataNode, file: String?) throws(ConfigurationError) -> TenantConfiguration {
        let configuration: TenantConfiguration
        do {
            configuration = try DataNodeDecoder().decode(TenantConfiguration.self, from: node)
        } catch {
            throw ConfigurationError(
                file: file, line: error.position.line, column: error.position.column,
                path: error.path.isEmpty ? nil : error.path, message: error.message)
        }
        do {
            try configuration.validate()
        } catch {
            var located = error
            located.file = file
            let position = error.path.map { DataPath.position(of: $0, in: node) } ?? node.position
            located.line = position.line
            located.column = position.column
            throw located
        }
        return configuration
    }

    private static func load(
        _ read: (root: DataNode?, diagnostics: [Diagnostic]), file: String?, format: DataFormat
    ) throws(ConfigurationError) -> TenantConfiguration {
        if read.diagnostics.contains(where: { $0.code == .emptyFile }) {
            return try load(node: .emptyMap, file: file)
        }
        if let problem = read.diagnostics.first(where: { $0.severity == .error }) {
            let syntax = problem.code == .syntaxError || problem.code == .duplicateKey
            throw ConfigurationError(
                file: file, line: problem.position?.line, column: problem.position?.column,
                message: syntax ? "invalid \(format == .json ? "JSON" : "YAML"): \(problem.message)" : problem.message)
        }
        guard let root = read.root, !Self.isEmpty(root) else { return try load(node: .emptyMap, file: file) }
        guard case .map = root.value else {
            throw ConfigurationError(
                file: file, line: root.position.line, column: root.position.column,
                message: "the configuration must be a mapping of keys to values")
        }
        return try load(node: root, file: file)
    }

    private static func isEmpty(_ node: DataNode) -> Bool {
        if case .null = node.value { return true }
        return false
    }
}
