import FlowModel
import Foundation

/// The flow files of some paths as they were at a git revision, written under a temporary folder at the same
/// relative paths: listed with `git ls-tree` and read with `git show REV:./PATH`, run without a shell.
struct GitRevisionFlows {
    /// The temporary folder; the file `flows/a.yaml` of the revision is `folder/flows/a.yaml`.
    let folder: String

    /// `paths` must lie inside the working folder; `root` (of flowrun.yaml) is copied too, for the sub-flows
    /// it holds. A revision git does not know, or a failing git, is a usage error.
    init(revision: String, paths: [String], root: String?) throws {
        guard !revision.isEmpty, !revision.hasPrefix("-"), !revision.contains(":") else {
            throw UsageError("--base: `\(revision)` is not a git revision")
        }
        let wanted = try (paths + (root.map { [$0] } ?? [])).map { path -> String in
            let normalized = FlowPath.normalize(path)
            guard !path.hasPrefix("/"), normalized != "..", !normalized.hasPrefix("../") else {
                throw UsageError("--base: '\(path)' must be a relative path inside the working folder")
            }
            return normalized
        }
        _ = try Self.git(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], "--base: `\(revision)`")
        let listing = try Self.git(["ls-tree", "-r", "-z", "--name-only", revision, "--"] + wanted, "git ls-tree")
        folder = FlowPath.absolute(
            FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-diff-\(UUID().uuidString)").path)
        do {
            for entry in listing.split(separator: 0) {
                let path = String(decoding: entry, as: UTF8.self)
                guard Self.isFlowFile(path) else { continue }
                let bytes = try Self.git(["show", "\(revision):./\(path)"], "git show \(revision):\(path)")
                let target = FlowPath.join(folder, path)
                try FileManager.default.createDirectory(
                    atPath: FlowPath.directory(of: target), withIntermediateDirectories: true)
                try bytes.write(to: URL(fileURLWithPath: target))
            }
        } catch {
            remove()
            throw error is UsageError ? error : UsageError("--base: \(error.localizedDescription)")
        }
    }

    /// Deletes the temporary folder.
    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A path `git ls-tree` listed that the flow search of a folder would take: no `..`, no hidden component, a
    /// flow extension, no scenario or configuration file.
    private static func isFlowFile(_ path: String) -> Bool {
        let components = path.split(separator: "/")
        guard !path.hasPrefix("/"), components.allSatisfy({ $0 != ".." && !$0.hasPrefix(".") }),
            let name = components.last.map(String.init)
        else { return false }
        return FlowFiles.extensions.contains(FlowPath.pathExtension(name))
            && !FlowFiles.isScenarioFile(name) && !FlowFiles.configurationNames.contains(name.lowercased())
    }

    /// What `git arguments` prints, in the working folder; a failure is a usage error named by `what`.
    private static func git(_ arguments: [String], _ what: String) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw UsageError("\(what): cannot run git: \(error.localizedDescription)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let reason = message.trimmingCharacters(in: .whitespacesAndNewlines)
            throw UsageError(
                "\(what) failed" + (reason.isEmpty ? " (not a revision of this repository?)" : ": \(reason)"))
        }
        return data
    }
}
