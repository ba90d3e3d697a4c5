import FlowCompiler
import FlowModel
import FlowReview
import Foundation

/// The flows of an old and a new path, paired: two files, or the flows of two folders matched by their path
/// relative to the folder, then by flow id.
struct FlowPairs {
    let old: [String]
    let new: [String]
    let oldFolder: String?
    let newFolder: String?

    /// `optionalSides`: a side that does not exist has no flows (a folder added or removed since a revision).
    init(old: String, new: String, optionalSides: Bool) throws {
        let oldKind = try Self.kind(of: old, optional: optionalSides)
        let newKind = try Self.kind(of: new, optional: optionalSides)
        if let oldKind, let newKind, oldKind != newKind {
            throw UsageError("'\(old)' and '\(new)' must be two flow files or two folders")
        }
        let isFolder = (oldKind ?? newKind) ?? true
        self.old = try Self.flows(in: old, exists: oldKind != nil)
        self.new = try Self.flows(in: new, exists: newKind != nil)
        oldFolder = isFolder ? old : nil
        newFolder = isFolder ? new : nil
    }

    /// The diff of every pair, compiling the old flows with `oldRoot` as their root (else each file's folder).
    /// A flow that does not compile is a usage error, its findings printed. `display` names an old file for a
    /// flow that is gone.
    func diffs(compiler: FlowCompiler, oldRoot: String?, display: (String) -> String) throws -> [FlowDiff] {
        let oldPrograms = try old.map { try Self.program(compiler.compile(file: $0, root: oldRoot), file: $0, display) }
        let newPrograms = try new.map { try Self.program(compiler.compile(file: $0), file: $0, { $0 }) }
        var unmatchedOld = Set(old.indices)
        var pairs: [(old: Int?, new: Int?)] = []
        var unmatchedNew: [Int] = []
        for (index, file) in new.enumerated() {
            if let match = old.indices.first(where: {
                unmatchedOld.contains($0) && relative(old[$0], oldFolder) == relative(file, newFolder)
            }) {
                unmatchedOld.remove(match)
                pairs.append((match, index))
            } else {
                unmatchedNew.append(index)
            }
        }
        for index in unmatchedNew {
            let match = old.indices.first { unmatchedOld.contains($0) && oldPrograms[$0].id == newPrograms[index].id }
            if let match { unmatchedOld.remove(match) }
            pairs.append((match, index))
        }
        pairs += unmatchedOld.sorted().map { ($0, nil) }
        return pairs.map { pair in
            FlowDiff(
                old: pair.old.map { oldPrograms[$0] }, new: pair.new.map { newPrograms[$0] },
                file: pair.new.map { new[$0] } ?? pair.old.map { display(old[$0]) } ?? "", catalogs: compiler.catalogs)
        }
    }

    private func relative(_ file: String, _ folder: String?) -> String {
        guard let folder else { return "" }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file
    }

    /// Whether `path` is a folder; nil when it does not exist and may not.
    private static func kind(of path: String, optional: Bool) throws -> Bool? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            if optional { return nil }
            throw UsageError("cannot read '\(path)': no such file or folder")
        }
        return isFolder.boolValue
    }

    private static func flows(in path: String, exists: Bool) throws -> [String] {
        guard exists else { return [] }
        let found = FlowFiles(paths: [path])
        if let problem = found.problems.first { throw UsageError(problem) }
        return found.files
    }

    private static func program(_ compiled: CompiledFlow, file: String, _ display: (String) -> String) throws
        -> Program
    {
        let errors = compiled.diagnostics.filter { $0.severity == .error }
        guard let program = compiled.program, errors.isEmpty else {
            FlowValidation.printToStandardError(errors, file: file)
            throw UsageError("\(display(file)) has errors: fix them before comparing (`flowrun validate`)")
        }
        return program
    }
}
