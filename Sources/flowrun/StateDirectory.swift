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

    /// Creates the folder when missing; makes it private to the user.
    func prepare() throws {
        try FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
    }

    /// A file inside the folder.
    func file(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }
}
