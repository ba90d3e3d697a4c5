import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a run of the `flowrun` binary produced.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the real, built `flowrun` binary.
enum Flowrun {
    struct NotFound: Error, CustomStringConvertible {
        var searched: [String]
        var description: String {
            "the flowrun binary was not found next to the test bundle (looked at \(searched.joined(separator: ", "))); "
                + "build it first with `swift build`, or set FLOWRUN_BINARY"
        }
    }

    /// The binary: `FLOWRUN_BINARY`, else `flowrun` in the build folder that holds the test bundle
    /// (`.build/debug/flowrun` next to `.build/debug/flowrunPackageTests.xctest`).
    static func binary() throws -> URL {
        guard let found = FlowrunBinary.find() else {
            throw NotFound(searched: FlowrunBinary.candidates().map(\.path))
        }
        return found
    }

    /// The environment a test run starts from: no colour settings of the person running the tests.
    static func cleanEnvironment() -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        environment["TERM"] = "xterm-256color"
        return environment
    }

    /// Runs `flowrun arguments` in `directory`, with standard output and error captured through files.
    /// With `shell`, `arguments` go to `/bin/sh` instead (which runs flowrun itself).
    static func run(
        _ arguments: [String], in directory: URL, environment: [String: String] = cleanEnvironment(),
        standardInput: String? = nil, shell: Bool = false
    ) throws -> RunResult {
        let process = Process()
        process.executableURL = shell ? URL(fileURLWithPath: "/bin/sh") : try binary()
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        let scratch = FileManager.default.temporaryDirectory
        let outputURL = scratch.appendingPathComponent("flowrun-stdout-\(UUID().uuidString)")
        let errorURL = scratch.appendingPathComponent("flowrun-stderr-\(UUID().uuidString)")
        try #require(FileManager.default.createFile(atPath: outputURL.path, contents: nil))
        try #require(FileManager.default.createFile(atPath: errorURL.path, contents: nil))
        defer {
            try? FileManager.default.removeItem(at: outputURL)
            try? FileManager.default.removeItem(at: errorURL)
        }
        let output = try FileHandle(forWritingTo: outputURL)
        let error = try FileHandle(forWritingTo: errorURL)
        process.standardOutput = output
        process.standardError = error
        if let standardInput {
            let inputURL = scratch.appendingPathComponent("flowrun-stdin-\(UUID().uuidString)")
            try Data(standardInput.utf8).write(to: inputURL)
            defer { try? FileManager.default.removeItem(at: inputURL) }
            process.standardInput = try FileHandle(forReadingFrom: inputURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        try output.close()
        try error.close()
        return RunResult(
            status: process.terminationStatus,
            stdout: try String(contentsOf: outputURL, encoding: .utf8),
            stderr: try String(contentsOf: errorURL, encoding: .utf8))
    }

    #if canImport(Glibc)
        /// Runs `flowrun arguments` with its standard output on a pseudo-terminal, so that it may use colour.
        /// Returns what the terminal received.
        static func runOnTerminal(
            _ arguments: [String], in directory: URL, environment: [String: String] = cleanEnvironment()
        ) throws -> RunResult {
            let (master, terminal) = try PseudoTerminalFunctions().openPair()
            defer { close(master) }

            let process = Process()
            process.executableURL = try binary()
            process.arguments = arguments
            process.currentDirectoryURL = directory
            process.environment = environment
            let terminalHandle = FileHandle(fileDescriptor: terminal, closeOnDealloc: true)
            process.standardOutput = terminalHandle
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            try terminalHandle.close()

            // The child has exited and the terminal side is closed: read what is buffered, until EIO or EOF.
            _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(master, &buffer, buffer.count)
                if count <= 0 { break }
                bytes += buffer.prefix(count)
            }
            return RunResult(
                status: process.terminationStatus, stdout: String(decoding: bytes, as: UTF8.self), stderr: "")
        }
    #endif
}

#if canImport(Glibc)
    /// The libc pseudo-terminal functions, which the Glibc module does not import (they need `_XOPEN_SOURCE`).
    struct PseudoTerminalFunctions {
        typealias Open = @convention(c) (Int32) -> Int32
        typealias Name = @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32

        let openMaster: Open
        let grant: Open
        let unlock: Open
        let name: Name

        struct Missing: Error, CustomStringConvertible {
            var symbol: String
            var description: String { "libc has no \(symbol)" }
        }

        init() throws {
            let library = dlopen(nil, RTLD_NOW)
            func lookup<Function>(_ symbol: String, as type: Function.Type) throws -> Function {
                guard let address = dlsym(library, symbol) else { throw Missing(symbol: symbol) }
                return unsafeBitCast(address, to: type)
            }
            openMaster = try lookup("posix_openpt", as: Open.self)
            grant = try lookup("grantpt", as: Open.self)
            unlock = try lookup("unlockpt", as: Open.self)
            name = try lookup("ptsname_r", as: Name.self)
        }
    }

    extension PseudoTerminalFunctions {
        /// Opens a pseudo-terminal: the master side and the terminal side, both read-write; the caller closes
        /// both.
        func openPair() throws -> (master: Int32, terminal: Int32) {
            let master = openMaster(O_RDWR | O_NOCTTY)
            try #require(master >= 0, "posix_openpt failed")
            var name = [CChar](repeating: 0, count: 256)
            guard grant(master) == 0, unlock(master) == 0, self.name(master, &name, name.count) == 0 else {
                close(master)
                throw PseudoTerminalError(message: "grantpt, unlockpt or ptsname_r failed")
            }
            let terminalPath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let terminal = open(terminalPath, O_RDWR | O_NOCTTY)
            guard terminal >= 0 else {
                close(master)
                throw PseudoTerminalError(message: "cannot open \(terminalPath)")
            }
            return (master, terminal)
        }
    }

    /// A pseudo-terminal could not be set up.
    struct PseudoTerminalError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
#endif

/// A temporary folder of flow files, removed when the test ends.
final class FlowFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `text` to `path` (relative to the folder), creating folders as needed.
    @discardableResult
    func write(_ path: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    func run(_ arguments: String...) throws -> RunResult {
        try Flowrun.run(arguments, in: url)
    }

    func run(_ arguments: [String], environment: [String: String]) throws -> RunResult {
        try Flowrun.run(arguments, in: url, environment: environment)
    }
}

/// `python3 ARGUMENTS…` as a process: its exit status and its standard output and error together.
enum Python {
    static func run(_ arguments: [String], in directory: URL? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
