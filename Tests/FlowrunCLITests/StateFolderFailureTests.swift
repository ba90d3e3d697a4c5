import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A state folder that cannot be written: `run` says so in words and exits 1, never with a database statement.
@Suite struct StateFolderFailureTests {
    static let words = "could not save the run's state in state: "

    /// Runs `flowrun` with `prefix` (a shell snippet run first) in `folder`, through `/bin/sh`. A coverage build's
    /// profile goes to the folder instead of the build's: under a file-size limit it would be cut short, and a
    /// profile cut short fails the merge of the whole test run's profiles.
    static func run(_ arguments: [String], in folder: FlowFolder, prefix: String, as user: [String] = [])
        throws -> RunResult
    {
        let binary = try Flowrun.binary().path
        let script = "unset LLVM_PROFILE_FILE; " + prefix + "; exec \"$@\""
        return try Flowrun.run(["-c", script, "sh"] + user + [binary] + arguments, in: folder.url, shell: true)
    }

    static func folder() throws -> FlowFolder {
        let folder = try FlowFolder()
        try folder.write("otp-sign-in.yaml", TestCommandTests.flow)
        return folder
    }

    static let runArguments = ["run", "otp-sign-in.yaml", "--input", "email=ann@contoso.com", "--state-dir", "state"]

    /// Says the failure in words: no SQLite error, no statement.
    static func expectWords(_ result: RunResult, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(words + reason), "\(result.stderr)", sourceLocation: sourceLocation)
        for leak in ["SQLite", "while executing", "COMMIT", "CREATE TABLE"] {
            #expect(!result.stderr.contains(leak), "\(result.stderr)", sourceLocation: sourceLocation)
        }
    }

    @Test("no room to write (a file size limit, as a full disk): exit 1, in words")
    func noRoomToWrite() throws {
        let result = try Self.run(Self.runArguments, in: try Self.folder(), prefix: "trap '' XFSZ; ulimit -f 8")
        Self.expectWords(result, "no room to write")
    }

    /// `setpriv` to run as `nobody` when the tests run as root, whom a folder's mode does not stop.
    static let asAnotherUser: [String]? = {
        guard geteuid() == 0 else { return [] }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return nil }
        return ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
    }()

    @Test("a read-only state folder: exit 1, in words", .enabled(if: asAnotherUser != nil))
    func readOnlyFolder() throws {
        let folder = try Self.folder()
        let state = folder.url.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: state.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
        let result = try Self.run(Self.runArguments, in: folder, prefix: ":", as: Self.asAnotherUser ?? [])
        Self.expectWords(result, "the folder is read-only for this user (permission denied)")
    }
}
