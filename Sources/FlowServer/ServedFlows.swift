import FlowCompiler
import FlowModel

/// A flow the runner serves: its id and descriptive fields, and the checked program with its digest.
public struct ServedFlow: Sendable {
    public var id: String
    public var title: String?
    public var description: String?
    /// The file, relative to the folder served.
    public var file: String
    public var program: Program
    public var digest: String
}

/// The flows of a folder, loaded once when the server starts.
public struct ServedFlows: Sendable {
    public private(set) var flows: [ServedFlow] = []
    /// One line per file that is not served: its errors, or an id already taken by another file.
    public private(set) var problems: [String] = []

    /// Compiles each of `files` (found in `folder`); a file with errors, or whose id another file already has, is
    /// left out and named in ``problems``.
    public init(files: [String], in folder: String, compiler: FlowCompiler) {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var taken: [String: String] = [:]
        for file in files {
            let compiled = compiler.compile(file: file)
            guard let program = compiled.program, let digest = compiled.digest else {
                let errors = compiled.diagnostics.filter { $0.severity == .error }
                problems.append("\(file): not served, \(errors.count) error(s): " + (errors.first?.description ?? ""))
                continue
            }
            if let other = taken[program.id] {
                problems.append("\(file): not served, its id `\(program.id)` is already that of \(other)")
                continue
            }
            taken[program.id] = file
            flows.append(
                ServedFlow(
                    id: program.id, title: program.title, description: program.description,
                    file: file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file,
                    program: program, digest: digest))
        }
    }

    /// The flow with this id.
    public func flow(_ id: String) -> ServedFlow? {
        flows.first { $0.id == id }
    }
}
