import FlowModel
import Foundation

/// Loads flow files (YAML or JSON) into `FlowDocument`s with the position of every part, enforcing
/// ``LoaderLimits`` so that no input can make it crash, hang or exhaust memory.
public struct FlowLoader: Sendable {
    public var limits: LoaderLimits
    /// The folder `use` paths must stay inside; `nil` means the folder of the file passed to ``load(file:)``.
    public var rootDirectory: String?

    /// - Parameters:
    ///   - limits: Size, depth, node and step limits.
    ///   - rootDirectory: The root folder for sub-flow paths; by default the folder of the loaded file.
    public init(limits: LoaderLimits = LoaderLimits(), rootDirectory: String? = nil) {
        self.limits = limits
        self.rootDirectory = rootDirectory
    }

    /// Loads a flow file and, transitively, every file its `use` steps name (each once, so cycles end).
    /// Never throws, never crashes. Documents are keyed, and diagnostics name files, by normalized path
    /// (`./flows/../flows/a.yaml` becomes `flows/a.yaml`).
    public func load(file path: String) -> LoadResult {
        let key = FlowPath.normalize(path)
        let root = rootDirectory.map(FlowPath.normalize) ?? FlowPath.directory(of: key)
        return SubflowResolver(loader: self, root: root).load(rootFile: key)
    }

    /// A path as the loader keys files and names them in diagnostics: `./flows/../flows/a.yaml` becomes
    /// `flows/a.yaml`.
    public static func normalizedPath(_ path: String) -> String {
        FlowPath.normalize(path)
    }

    /// Parses one document from bytes without following sub-flows. `file` names the file in diagnostics and
    /// its extension picks YAML (`.yaml`, `.yml`) or JSON (`.json`). The document is `nil` when any error
    /// was found.
    public func parse(_ data: [UInt8], file: String) -> (document: FlowDocument?, diagnostics: [Diagnostic]) {
        let root = rootDirectory.map(FlowPath.normalize) ?? FlowPath.directory(of: file)
        return parse(data, file: file, root: root)
    }

    /// ``parse(_:file:)`` for `Data`.
    public func parse(_ data: Data, file: String) -> (document: FlowDocument?, diagnostics: [Diagnostic]) {
        parse([UInt8](data), file: file)
    }

    /// ``parse(_:file:)`` for text.
    public func parse(_ text: String, file: String) -> (document: FlowDocument?, diagnostics: [Diagnostic]) {
        parse(Array(text.utf8), file: file)
    }

    func parse(_ data: [UInt8], file: String, root: String) -> (document: FlowDocument?, diagnostics: [Diagnostic]) {
        let tree = readTree(data, file: file)
        var diagnostics = tree.diagnostics
        guard let rootNode = tree.root else { return (nil, diagnostics.deduplicated()) }
        // Not a flow at all: its name only, none of the reader's findings (they would quote its keys and lines).
        if let finding = DocumentDecoder.notAFlow(rootNode, file: file) { return (nil, [finding]) }
        var decoder = DocumentDecoder(file: file, limits: limits, rootDirectory: root)
        let document = decoder.decode(rootNode)
        diagnostics += decoder.diagnostics
        diagnostics = diagnostics.deduplicated()
        return (diagnostics.hasErrors ? nil : document, diagnostics)
    }

    /// Reads one file's bytes into a positioned tree with every protection of the loader: the extension, the
    /// size limit, UTF-8, the pre-scan for depth and alias expansion, duplicate keys, and the syntax of YAML or
    /// strict JSON. The file's extension picks YAML or JSON unless `format` says which.
    func readTree(_ data: [UInt8], file: String, format: DataFormat? = nil) -> ParsedTree {
        let fileExtension = format?.rawValue ?? FlowPath.pathExtension(file)
        guard FlowPath.extensions.contains(fileExtension) else {
            return ParsedTree(root: nil, diagnostics: [Self.unsupportedExtension(file)])
        }
        guard data.count <= limits.maxFileBytes else {
            return ParsedTree(
                root: nil, diagnostics: [Self.tooLarge(file, size: data.count, limit: limits.maxFileBytes)])
        }
        let bytes = SourceText.droppingBOM(data)
        let isJSON = fileExtension == "json"
        if let offset = SourceText.firstInvalidUTF8(in: bytes) {
            let position = SourceText.position(ofByte: offset, in: bytes, unicodeBreaks: !isJSON)
            let byte = String(bytes[offset], radix: 16, uppercase: true)
            let diagnostic = Diagnostic(
                .invalidUTF8, "the file is not valid UTF-8: byte 0x\(byte) cannot start a character here",
                file: file, at: position)
            return ParsedTree(root: nil, diagnostics: [diagnostic])
        }
        guard isJSON else { return YAMLReader(file: file, limits: limits).read(bytes) }
        return JSONReader.read(SourceText(validUTF8: bytes, unicodeBreaks: false), file: file, limits: limits)
    }

    static func unsupportedExtension(_ file: String) -> Diagnostic {
        Diagnostic(
            .unsupportedExtension, "`\(file)` is not a flow file; flow files end in .yaml, .yml or .json", file: file,
            at: nil)
    }

    static func tooLarge(_ file: String, size: Int?, limit: Int) -> Diagnostic {
        let size = size.map { "is \($0) bytes" } ?? "is larger than that"
        return Diagnostic(.fileTooLarge, "the file \(size); the limit is \(limit) bytes", file: file, at: nil)
    }
}
