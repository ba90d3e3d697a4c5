import ArgumentParser
import Foundation

/// `flowrun-bench validate`: wall time of `flowrun validate flows/` as a whole process, start-up included.
struct ValidateBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate", abstract: "Wall time of `flowrun validate PATH` as a whole process, repeated.")

    @Option(help: "The flowrun executable (default: the one next to flowrun-bench).")
    var flowrun: String?

    @Option(help: "Repetitions.")
    var repetitions = 20

    @Argument(help: "What to validate.")
    var paths: [String] = ["flows"]

    func run() throws {
        let executable = flowrun ?? Self.sibling("flowrun")
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw BenchFailure("no flowrun executable at \(executable); build it or pass --flowrun")
        }
        Report.heading("flowrun validate \(paths.joined(separator: " ")) (whole process, start-up included)")
        _ = try Self.runOnce(executable, arguments: ["validate"] + paths)  // warm the page cache
        var times: [Double] = []
        for _ in 0..<repetitions {
            let (seconds, status) = try Self.runOnce(executable, arguments: ["validate"] + paths)
            guard status == 0 else { throw BenchFailure("flowrun validate exited \(status)") }
            times.append(seconds * 1000)
        }
        Report.figure("flowrun validate wall time", Samples(times), unit: "ms")
        let (startup, _) = try Self.runOnce(executable, arguments: ["--version"])
        Report.note(String(format: "for scale: `flowrun --version` took %.1f ms (start-up alone)", startup * 1000))
    }

    /// The path of an executable next to this one.
    static func sibling(_ name: String) -> String {
        let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return own.deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// Runs a process to its end with its output discarded: wall seconds and exit status.
    static func runOnce(_ executable: String, arguments: [String]) throws -> (Double, Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let start = Clock.now()
        try process.run()
        process.waitUntilExit()
        return (Clock.now() - start, process.terminationStatus)
    }
}
