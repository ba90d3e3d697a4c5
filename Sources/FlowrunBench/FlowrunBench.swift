import ArgumentParser
import Foundation

/// `flowrun-bench`: the benchmarks of the loader, checker, interpreter, emulator and HTTP server. Build it in release:
/// `swift build -c release --product flowrun-bench`, and run it from the package root (it reads `flows/`).
@main
struct FlowrunBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flowrun-bench",
        abstract: "Benchmarks of flowrun: interpreter, loader, validate, memory, HTTP emulator, password, load.",
        discussion: "Run from the package root. Each figure is printed with its unit, median and spread.",
        subcommands: [
            InterpreterBench.self, LoaderBench.self, ValidateBench.self, MemoryBench.self, HTTPBench.self,
            HTTPFloorBench.self, PasswordBench.self, LoadBench.self, FlowAPIBench.self, ServeBench.self,
            SmokeBench.self,
            AllBench.self,
        ])
}

/// Every benchmark at its full size (several minutes).
struct AllBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "all", abstract: "Every benchmark at full size.")

    func run() async throws {
        Report.emit(MachineShape.describe())
        let interpreter = try InterpreterBench.parse([])
        try await interpreter.run()
        let loader = try LoaderBench.parse([])
        try loader.run()
        let validate = try ValidateBench.parse([])
        try validate.run()
        let memory = try MemoryBench.parse([])
        try await memory.run()
        let http = try HTTPBench.parse([])
        try await http.run()
        let password = try PasswordBench.parse([])
        try await password.run()
        let load = try LoadBench.parse([])
        try await load.run()
        try await FlowAPIBench.parse([]).run()
        try await ServeBench.parse([]).run()
    }
}

/// Every benchmark with tiny sizes, in a few seconds: proves they still work (CI), measures nothing.
struct SmokeBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "smoke", abstract: "Every benchmark with tiny sizes, in a few seconds (for CI).")

    func run() async throws {
        let start = Clock.now()
        Report.emit(MachineShape.describe())
        Report.emit("smoke: tiny sizes, one repetition: the figures and targets below mean nothing")
        let interpreter = try InterpreterBench.parse([
            "--repetitions", "1", "--steps-per-repetition", "20000", "--chains", "10", "--chains", "1000",
        ])
        try await interpreter.run()
        let loader = try LoaderBench.parse(["--repetitions", "1", "--sizes", "10000"])
        try loader.run()
        if FileManager.default.isExecutableFile(atPath: ValidateBench.sibling("flowrun")) {
            let validate = try ValidateBench.parse(["--repetitions", "1"])
            try validate.run()
        } else {
            Report.emit("\nvalidate: skipped (no flowrun next to flowrun-bench)")
        }
        let memory = try MemoryBench.parse(["--sessions", "1000", "--asks", "2"])
        try await memory.run()
        let http = try HTTPBench.parse(["--clients", "1", "--clients", "4", "--flows", "20", "--repetitions", "1"])
        try await http.run()
        let password = try PasswordBench.parse([
            "--rounds", "1000", "--count", "2", "--repetitions", "1", "--workers", "1",
        ])
        try await password.run()
        let load = try LoadBench.parse(["-n", "100", "-c", "8", "--time-limit", "30"])
        try await load.run()
        let api = try FlowAPIBench.parse([
            "--clients", "1", "--clients", "4", "--passes", "8", "--repetitions", "1", "--sessions", "100",
        ])
        try await api.run()
        if FileManager.default.isExecutableFile(atPath: ValidateBench.sibling("flowrun")) {
            let serve = try ServeBench.parse(["--clients", "2", "--flows", "20", "--repetitions", "1"])
            try await serve.run()
        } else {
            Report.emit("\nserve: skipped (no flowrun next to flowrun-bench)")
        }
        Report.emit(String(format: "\nsmoke: every benchmark ran in %.1f s", Clock.now() - start))
    }
}

/// The machine the figures were taken on.
enum MachineShape {
    static func describe() -> String {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
            ?? "unknown"
        let memory = String(format: "%.1f", Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824)
        let info = ProcessInfo.processInfo
        return
            "machine: \(info.activeProcessorCount) cores (\(model)), "
            + "\(memory) GiB RAM, \(info.operatingSystemVersionString)"
    }
}
