import ArgumentParser
import Foundation

/// `--state-dir`, shared by every command that keeps state.
struct StateOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The state folder (default: $FLOWRUN_STATE_DIR, else `stateDir` of ./flowrun.yaml, else .flowrun).",
            valueName: "dir"))
    var stateDir: String?
}

/// The folder where flowrun keeps the embedded authority's database, the signed-in account and its tokens:
/// `--state-dir`, else `FLOWRUN_STATE_DIR`, else `stateDir` of `./flowrun.yaml`, else `.flowrun` in the current
/// folder. Created with mode 0700. Every command that uses state (`run`, `serve`, `outbox`) resolves it here.
struct StateDirectory {
    let path: String

    init(
        option: String?, project: Project = Project(),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        path =
            option ?? environment["FLOWRUN_STATE_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? project.stateDir
            ?? ".flowrun"
    }

    /// The files that hold keys, tokens or a database: refused when others may read them.
    static let privateFiles = ["session.key", "account.json", "authority.sqlite", "flow-sessions.sqlite"]

    /// Creates the folder, mode 0700, when missing. An existing folder keeps its mode (it may be shared, as
    /// `/tmp` is), but one that others can write is refused, as is a key, token or database file in it that
    /// others can read or write (as ssh refuses such a key): a usage error (exit 2) naming the fix.
    func prepare() throws {
        let files = FileManager.default
        var isFolder: ObjCBool = false
        if !files.fileExists(atPath: path, isDirectory: &isFolder) {
            try files.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            return
        }
        guard isFolder.boolValue else { throw UsageError("the state folder \(path) is not a folder") }
        let mode = try Self.mode(of: path)
        if mode & 0o022 != 0 {
            throw UsageError(
                "the state folder \(path) can be written by others (mode \(Self.octal(mode))), who could replace its "
                    + "keys and database; use a folder only you can write (mkdir -m 700 DIR), or chmod go-w \(path)")
        }
        let names = (try? files.contentsOfDirectory(atPath: path)) ?? []
        for name in names.sorted() where Self.privateFiles.contains(where: { name.hasPrefix($0) }) {
            let file = self.file(name)
            let fileMode = try Self.mode(of: file)
            if fileMode & 0o077 != 0 {
                throw UsageError(
                    "\(file) can be read or written by others (mode \(Self.octal(fileMode))): it holds keys, tokens or "
                        + "accounts; run chmod 600 \(file)")
            }
        }
    }

    /// The permission bits of the file or folder at `path` (symbolic links followed).
    private static func mode(of path: String) throws -> Int {
        var status = stat()
        guard stat(path, &status) == 0 else { throw UsageError("cannot read the state folder's \(path)") }
        return Int(status.st_mode) & 0o7777
    }

    private static func octal(_ mode: Int) -> String {
        "0" + String(mode, radix: 8)
    }

    /// A file inside the folder.
    func file(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }
}
