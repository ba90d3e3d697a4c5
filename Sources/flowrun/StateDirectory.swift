import Foundation

/// The folder where flowrun keeps the embedded authority's database, the signed-in account and its tokens:
/// `--state-dir`, else `FLOWRUN_STATE_DIR`, else `.flowrun` in the current folder. Created with mode 0700.
struct StateDirectory {
    let path: String

    init(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        path = option ?? environment["FLOWRUN_STATE_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? ".flowrun"
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
