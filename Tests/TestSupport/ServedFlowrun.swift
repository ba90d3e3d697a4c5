import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A running `flowrun serve` with its output going to files (`out` and `err` in its folder).
public struct ServedFlowrun {
    public let process: Process
    public let folder: URL
    public var stdout: String {
        (try? String(contentsOf: folder.appendingPathComponent("out"), encoding: .utf8)) ?? ""
    }
    public var stderr: String {
        (try? String(contentsOf: folder.appendingPathComponent("err"), encoding: .utf8)) ?? ""
    }

    public struct Timeout: Error {
        public init() {}
    }

    /// Starts `flowrun serve` in `folder` (a new temporary one by default), its state in `folder/state`.
    public static func start(_ arguments: [String], folder existing: URL? = nil) throws -> ServedFlowrun {
        let executable = try #require(FlowrunBinary.find(), "build flowrun first (swift build --build-tests)")
        let folder =
            existing ?? FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "passwordHash: { iterations: 1000 }\n".write(
            to: folder.appendingPathComponent("authority.yaml"), atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        let err = folder.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = executable
        process.arguments =
            ["serve", "--port", "0", "--state-dir", folder.appendingPathComponent("state").path]
            + arguments
        process.currentDirectoryURL = folder
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        return ServedFlowrun(process: process, folder: folder)
    }

    /// The port of `flowrun serve: listening on http://127.0.0.1:PORT/contoso`.
    public static func port(in line: String) throws -> Int {
        let prefix = "flowrun serve: listening on http://127.0.0.1:"
        #expect(line.hasPrefix(prefix), "\(line)")
        #expect(line.hasSuffix("/contoso"), "\(line)")
        let port = try #require(Int(line.dropFirst(prefix.count).prefix { $0.isNumber }), "\(line)")
        #expect(port > 0)
        return port
    }

    /// Waits for the first line of standard output.
    public func listeningLine() async throws -> String {
        for _ in 0..<600 {
            // One read per try: the server may write its line between two reads of the file.
            let output = stdout
            if let end = output.firstIndex(of: "\n") { return String(output[..<end]) }
            if !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("no listening line; stdout: \(stdout) stderr: \(stderr)")
        throw Timeout()
    }

    /// Sends `signal` and waits (at most 20 s) for the exit status.
    public func stop(with signal: Int32) async throws -> Int32 {
        kill(process.processIdentifier, signal)
        for _ in 0..<400 where process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        if process.isRunning {
            process.terminate()
            throw Timeout()
        }
        return process.terminationStatus
    }
}
