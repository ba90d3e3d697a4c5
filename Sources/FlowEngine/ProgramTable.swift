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
        var programsByKey: [String: Program] = [:]
        var keysByFile: [String: String] = [:]
        var pending = [root]
        while let program = pending.popLast() {
            guard keysByFile[program.file] == nil else { continue }
            let key = program.file == root.file ? "" : FlowPath.relative(program.file, toFolderOf: root.file)
            keysByFile[program.file] = key
            programsByKey[key] = program
            pending += program.subflows.values
        }
        self.programsByKey = programsByKey
        self.keysByFile = keysByFile
    }

    /// Every program of the run, the root among them.
    var all: Dictionary<String, Program>.Values { programsByKey.values }

    /// The program a session frame names.
    subscript(key: String) -> Program? { programsByKey[key] }

    /// The session key of a loaded program's file.
    func key(of file: String) -> String? { keysByFile[file] }
}
