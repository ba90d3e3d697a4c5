import FlowModel

/// Decodes a parsed tree into a `FlowDocument` following the language reference (docs/language.md), reporting every
/// independent problem it finds (FR009–FR016, FR018–FR020). The document is returned only when there was no error.
struct DocumentDecoder {
    /// The file being decoded, as diagnostics name it.
    let file: String
    let limits: LoaderLimits
    /// The folder `use` paths must stay inside.
    let rootDirectory: String
    private(set) var diagnostics: [Diagnostic] = []
    /// How many `exhausted` transitions enclose the one being decoded.
    var exhaustedNesting = 0
    /// Whether each regular expression seen so far compiles (a generated flow repeats the same few).
    var compiledPatterns: [String: Bool] = [:]

    init(file: String, limits: LoaderLimits, rootDirectory: String) {
        self.file = file
        self.limits = limits
        self.rootDirectory = rootDirectory
    }

    static let topLevelKeys = [
        "$schema", "flowrun", "id", "title", "description", "serve", "authority", "params", "inputs", "start", "steps",
    ]

    /// The finding for a document that is not a flow at its top level (not a map, or a map without `flowrun`);
    /// nil for one that is, and for an empty one (FR004). Such a file may be anything (a credentials file named
    /// by mistake or by a hostile pull request), so the finding names the file only and has no position: no line
    /// of it is ever shown.
    static func notAFlow(_ root: TreeNode, file: String) -> Diagnostic? {
        if case .null = root.value { return nil }
        guard case .mapping(let entries) = root.value else {
            return Diagnostic(
                .wrongType,
                "a flow file must hold a map at the top level, found \(root.kindDescription); `\(file)` is not a "
                    + "flow, and nothing of it is shown",
                file: file, at: nil)
        }
        guard entries.contains(where: { $0.key == "flowrun" }) else {
            return Diagnostic(
                .missingKey,
                "`\(file)` is not a flow: it has no `flowrun` key at its top level, and nothing of it is shown",
                file: file, at: nil, hint: "a flow file starts with `flowrun: 1`")
        }
        return nil
    }

    /// The default catalog when a flow names none.
    static let defaultAuthority = "native-auth"

    mutating func decode(_ root: TreeNode) -> FlowDocument? {
        if case .null = root.value {
            report(.emptyFile, "the document is empty", at: root.position)
            return nil
        }
        // The loader reports a document that is not a flow (``notAFlow(_:file:)``) before decoding.
        guard case .mapping(let entries) = root.value else { return nil }
        let fields = Fields(entries: entries, position: root.position)
        checkKeys(
            fields, allowed: Self.topLevelKeys, in: "the flow",
            misplaced: { entry in
                Self.isStep(entry.value)
                    ? "`\(entry.key)` is a step written at the top level: indent it under `steps`, as deep as the "
                        + "other steps" : nil
            })

        if let schema = fields["$schema"] { _ = string(schema) }
        let formatVersion = version(fields)
        let id = required(fields, "id", in: "the flow").flatMap { flowID($0, key: "id") }
        let title = fields["title"].flatMap { string($0)?.value }
        let description = fields["description"].flatMap { string($0)?.value }
        let serve = fields["serve"].flatMap { boolean($0) }
        var authority = Located(Self.defaultAuthority, at: .start)
        if let entry = fields["authority"], let value = flowID(entry, key: "authority") { authority = value }
        let paramList = fields["params"].map { params($0) } ?? []
        let inputList = fields["inputs"].map { inputs($0) } ?? []
        let start = required(fields, "start", in: "the flow").flatMap { name($0, what: "`start`") }
        let stepList = required(fields, "steps", in: "the flow").map { steps($0) } ?? []

        guard !diagnostics.hasErrors, let formatVersion, let id, let start else { return nil }
        return FlowDocument(
            file: file, formatVersion: formatVersion, id: id, title: title, description: description,
            serve: serve, authority: authority, params: paramList, inputs: inputList, start: start, steps: stepList)
    }

    private mutating func version(_ fields: Fields) -> Located<Int>? {
        guard let entry = required(fields, "flowrun", in: "the flow") else { return nil }
        guard let version = integer(entry) else { return nil }
        guard version.value == 1 else {
            report(
                .unsupportedVersion,
                "flow format version \(version.value) is not supported; this flowrun reads `flowrun: 1`",
                at: version.position)
            return nil
        }
        return version
    }

    // MARK: - Reporting

    /// The most findings reported for one document; a generated file full of mistakes stops there.
    static let maxDiagnostics = 1_000

    /// Whether no more findings are reported.
    var isSaturated: Bool { diagnostics.count >= Self.maxDiagnostics }

    /// Records a finding; `hint` replaces the rule's general hint when the fix is specific to this finding.
    mutating func report(_ code: RuleCode, _ message: String, at position: SourcePosition?, hint: String? = nil) {
        guard !isSaturated else { return }
        diagnostics.append(Diagnostic(code, message, file: file, at: position, hint: hint))
    }
}

/// The entries of one mapping, looked up by key.
struct Fields {
    let entries: [TreeEntry]
    /// Where the mapping is.
    let position: SourcePosition

    subscript(key: String) -> TreeEntry? {
        entries.first { $0.key == key }
    }

    func has(_ key: String) -> Bool { self[key] != nil }

    /// The entries whose keys are among `keys`, in source order.
    func present(_ keys: [String]) -> [TreeEntry] {
        entries.filter { keys.contains($0.key) }
    }
}
