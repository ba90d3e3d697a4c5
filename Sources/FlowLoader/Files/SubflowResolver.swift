import FlowModel

/// Loads a root flow and every file its `use` steps name, transitively, each file once (keyed by normalized
/// path, so cycles end; the checker reports them). A file that cannot be read is reported at the `use` that
/// names it (FR017); a file's own problems are reported under its path.
struct SubflowResolver {
    let loader: FlowLoader
    /// The folder every sub-flow must stay inside.
    let root: String

    func load(rootFile: String) -> LoadResult {
        guard FlowPath.extensions.contains(FlowPath.pathExtension(rootFile)) else {
            return LoadResult(flows: nil, diagnostics: [FlowLoader.unsupportedExtension(rootFile)])
        }
        var diagnostics: [Diagnostic] = []
        var digest = SourceDigest()
        let rootDocument: FlowDocument?
        switch FileReader.read(rootFile, maxBytes: loader.limits.maxFileBytes) {
        case .success(let bytes):
            digest.add(bytes)
            let parsed = loader.parse(bytes, file: rootFile, root: root)
            diagnostics += parsed.diagnostics
            rootDocument = parsed.document
        case .failure(.tooLarge(let size)):
            diagnostics.append(FlowLoader.tooLarge(rootFile, size: size, limit: loader.limits.maxFileBytes))
            rootDocument = nil
        case .failure(.unreadable(let reason)):
            diagnostics.append(
                Diagnostic(.unreadableFile, "cannot read `\(rootFile)`: \(reason)", file: rootFile, at: nil))
            rootDocument = nil
        }
        guard let rootDocument else { return LoadResult(flows: nil, diagnostics: diagnostics) }

        var documents = [rootFile: rootDocument]
        var visited: Set<String> = [rootFile]
        var unreadable: [String: String] = [:]
        var pending = [rootDocument]
        while !pending.isEmpty {
            let document = pending.removeFirst()
            for use in Self.useSteps(of: document) {
                let target = use.resolvedFile
                if let reason = unreadable[target] {
                    diagnostics.append(notFound(use, in: document, reason: reason))
                    continue
                }
                guard visited.insert(target).inserted else { continue }
                // Never read (so never quote) a file a symbolic link brings in from outside the root.
                guard FlowPath.isReallyInside(target, root: root) else {
                    unreadable[target] = "a symbolic link leads it out of the root folder"
                    diagnostics.append(
                        Diagnostic(
                            .pathEscapesRoot,
                            "`use: \(use.path.value)` leads out of the root folder `\(root)` through a symbolic "
                                + "link; the file was not read",
                            file: document.file, at: use.path.position))
                    continue
                }
                switch FileReader.read(target, maxBytes: loader.limits.maxFileBytes) {
                case .success(let bytes):
                    digest.add(bytes)
                    let parsed = loader.parse(bytes, file: target, root: root)
                    diagnostics += parsed.diagnostics
                    if parsed.diagnostics.hasErrors { diagnostics.append(Self.broken(use, in: document)) }
                    if let subflow = parsed.document {
                        documents[target] = subflow
                        pending.append(subflow)
                    }
                case .failure(.tooLarge(let size)):
                    diagnostics.append(FlowLoader.tooLarge(target, size: size, limit: loader.limits.maxFileBytes))
                    diagnostics.append(Self.broken(use, in: document))
                case .failure(.unreadable(let reason)):
                    unreadable[target] = reason
                    diagnostics.append(notFound(use, in: document, reason: reason))
                }
            }
        }
        return LoadResult(
            flows: FlowSet(root: rootFile, documents: documents), diagnostics: diagnostics, digest: digest.hex)
    }

    /// FR128 at the `use` of a sub-flow with errors, so that the parent fails where it uses it.
    static func broken(_ use: UseStep, in document: FlowDocument) -> Diagnostic {
        Diagnostic(
            .brokenSubflow,
            "sub-flow `\(use.path.value)` has errors (reported under its own file), so this flow cannot run",
            file: document.file, at: use.path.position)
    }

    private func notFound(_ use: UseStep, in document: FlowDocument, reason: String) -> Diagnostic {
        Diagnostic(
            .subflowNotFound, "cannot read the sub-flow `\(use.path.value)` (`\(use.resolvedFile)`): \(reason)",
            file: document.file, at: use.path.position)
    }

    private static func useSteps(of document: FlowDocument) -> [UseStep] {
        document.steps.compactMap {
            if case .use(let use) = $0.kind { return use }
            return nil
        }
    }
}
