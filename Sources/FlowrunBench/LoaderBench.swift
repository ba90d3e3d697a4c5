import ArgumentParser
import CYaml
import FlowCompiler
import FlowLoader
import FlowModel
import Foundation
import Yams

/// `flowrun-bench loader`: MB/s of loader + checker on generated files, next to libyaml alone.
struct LoaderBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "loader",
        abstract: "Loader+checker MB/s on generated 10 KB, 1 MB and 5 MB flow files, and libyaml's raw parse.")

    @Option(help: "Repetitions of each measurement.")
    var repetitions = 7

    @Option(help: "File sizes in bytes.")
    var sizes: [Int] = [10_000, 1_000_000, 5_000_000]

    @Option(help: "Also write the generated files into this folder (for check-jsonschema in compare.sh).")
    var writeTo: String?

    func run() throws {
        Report.heading("loader + checker (MB/s of YAML; 1 MB = 10^6 bytes)")
        for size in sizes {
            let text = GeneratedFlows.file(ofAbout: size)
            let bytes = Array(text.utf8)
            let megabytes = Double(bytes.count) / 1e6
            let file = "generated-\(size).yaml"
            if let writeTo {
                try FileManager.default.createDirectory(atPath: writeTo, withIntermediateDirectories: true)
                try Data(bytes).write(to: URL(fileURLWithPath: writeTo).appendingPathComponent(file))
            }
            // At least ~5 MB of work per repetition, so small files are timed over many loads.
            let loops = max(1, Int(5e6) / bytes.count)
            var program: Program?
            var stepCount = 0
            let full = try Self.repeatTimes(repetitions, loops: loops) {
                let compiled = GeneratedFlows.compiler.compile(bytes: bytes, file: file)
                guard let compiledProgram = compiled.program else {
                    throw BenchFailure(GeneratedFlows.firstError(compiled.diagnostics))
                }
                program = compiledProgram
                stepCount = compiledProgram.steps.count
            }
            guard program != nil else { throw BenchFailure("\(file) does not check") }
            let loadOnly = try Self.repeatTimes(repetitions, loops: loops) {
                _ = FlowLoader(limits: GeneratedFlows.compiler.limits).parse(bytes, file: file)
            }
            let compose = try Self.repeatTimes(repetitions, loops: loops) {
                _ = try Yams.compose(yaml: text, .basic, .default, .utf8)
            }
            let events = try Self.repeatTimes(repetitions, loops: loops) {
                try LibYAMLEvents.parse(bytes)
            }
            let label = "\(Report.grouped(bytes.count)) bytes, \(Report.grouped(stepCount)) steps"
            Report.figure(
                "\(label): loader+checker", Samples(full.map { megabytes / $0 }), unit: "MB/s")
            Report.figure("\(label): loader only", Samples(loadOnly.map { megabytes / $0 }), unit: "MB/s")
            Report.figure(
                "\(label): raw libyaml via Yams.compose (parse + node tree)", Samples(compose.map { megabytes / $0 }),
                unit: "MB/s")
            Report.figure(
                "\(label): raw libyaml events only (yaml_parser_parse)", Samples(events.map { megabytes / $0 }),
                unit: "MB/s")
            Report.ratio(
                "\(label): loader+checker time / Yams.compose time", Samples(full).median / Samples(compose).median)
            // The loader reads libyaml's events itself: their bare parse is the floor it is measured against.
            let ratio = Samples(full).median / Samples(events).median
            Report.ratio(
                "\(label): loader+checker time / libyaml events time", ratio, target: "≤ 1.5", met: ratio <= 1.5)
        }
    }

    /// Seconds per call of `body`: `repetitions` samples, each the mean over `loops` calls.
    static func repeatTimes(_ repetitions: Int, loops: Int, _ body: () throws -> Void) throws -> [Double] {
        try body()  // warm-up
        var samples: [Double] = []
        for _ in 0..<repetitions {
            let seconds = try Clock.time {
                for _ in 0..<loops { try body() }
            }
            samples.append(seconds / Double(loops))
        }
        return samples
    }
}

/// libyaml's parser alone: every event of a document read and dropped, no tree built (the floor for any YAML
/// loader on top of libyaml).
enum LibYAMLEvents {
    static func parse(_ bytes: [UInt8]) throws {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { throw BenchFailure("yaml_parser_initialize failed") }
        defer { yaml_parser_delete(&parser) }
        try bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            yaml_parser_set_input_string(&parser, base, buffer.count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else { throw BenchFailure("libyaml parse error") }
                let done = event.type == YAML_STREAM_END_EVENT
                yaml_event_delete(&event)
                if done { break }
            }
        }
    }
}
