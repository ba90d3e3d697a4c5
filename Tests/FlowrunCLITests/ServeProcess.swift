import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real `flowrun serve --port 0 --state-dir DIR --dev-outbox` process: started in a folder, its URL read
/// from the line it prints on standard output (`flowrun serve: listening on http://127.0.0.1:PORT/TENANT`),
/// stopped with SIGTERM.
final class ServeProcess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let process = Process()
    /// The authority URL the server printed.
    private(set) var url: URL
    private let outputURL: URL
    private let errorURL: URL

    /// Starts the server in `folder` (where an `authority.yaml` configures its tenant), with `arguments` added,
    /// and waits up to `timeout` seconds for its URL.
    init(stateDir: URL, in folder: URL, arguments: [String] = [], timeout: TimeInterval = 60) throws {
        let scratch = FileManager.default.temporaryDirectory
        outputURL = scratch.appendingPathComponent("flowrun-serve-stdout-\(UUID().uuidString)")
        errorURL = scratch.appendingPathComponent("flowrun-serve-stderr-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: outputURL.path, contents: nil),
            FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        else { throw Failure(description: "cannot create the server's output files") }
        process.executableURL = try Flowrun.binary()
        process.arguments = ["serve", "--port", "0", "--state-dir", stateDir.path, "--dev-outbox"] + arguments
        process.currentDirectoryURL = folder
        process.environment = Flowrun.cleanEnvironment()
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        process.standardInput = FileHandle.nullDevice
        url = folder
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let found = Self.listeningURL(in: output) {
                url = found
                return
            }
            guard process.isRunning else {
                throw Failure(
                    description: "flowrun serve exited \(process.terminationStatus) before listening\n\(transcript)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        throw Failure(description: "flowrun serve printed no URL within \(Int(timeout)) s\n\(transcript)")
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: outputURL)
        try? FileManager.default.removeItem(at: errorURL)
    }

    /// The URL of `flowrun serve: listening on URL`, once printed.
    static func listeningURL(in output: String) -> URL? {
        let prefix = "flowrun serve: listening on "
        for line in output.split(separator: "\n") where line.hasPrefix(prefix) {
            return URL(string: line.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    var output: String { (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "" }
    var errors: String { (try? String(contentsOf: errorURL, encoding: .utf8)) ?? "" }
    var transcript: String { "--- serve stdout\n\(output)--- serve stderr\n\(errors)" }

    /// Sends SIGTERM and waits up to `timeout` seconds; returns how the process ended (a SIGKILL after the
    /// timeout counts as not exiting).
    func stop(timeout: TimeInterval = 20) -> (status: Int32, exited: Bool) {
        guard process.isRunning else { return (process.terminationStatus, process.terminationReason == .exit) }
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return (process.terminationStatus, false)
        }
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason == .exit)
    }
}
