import FlowModel

/// The programs of a run (the root flow and its sub-flows) by their key in a ``Session``: the root flow is `""`,
/// a sub-flow is its path relative to the root flow's folder. Sessions therefore do not depend on where the
/// flow files were when the run started: a session saved in one folder resumes from another.
struct ProgramTable: Sendable {
    let root: Program
    private let programsByKey: [String: Program]
    private let keysByFile: [String: String]

    init(root: Program) {
        self.root = root
        let folder = Self.folder(of: root.file)
        var programsByKey: [String: Program] = [:]
        var keysByFile: [String: String] = [:]
        var pending = [root]
        while let program = pending.popLast() {
            guard keysByFile[program.file] == nil else { continue }
            let key = program.file == root.file ? "" : Self.relative(program.file, to: folder)
            keysByFile[program.file] = key
            programsByKey[key] = program
            pending += program.subflows.values
        }
        self.programsByKey = programsByKey
        self.keysByFile = keysByFile
    }

    /// The program a session frame names.
    subscript(key: String) -> Program? { programsByKey[key] }

    /// The session key of a loaded program's file.
    func key(of file: String) -> String? { keysByFile[file] }

    /// `path` without its last component and with a trailing `/`, or `""` for a bare file name.
    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// `path` relative to `folder` when it lies inside it (the loader keeps `use` paths inside the root's
    /// folder), else `path` itself.
    private static func relative(_ path: String, to folder: String) -> String {
        path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
    }
}
