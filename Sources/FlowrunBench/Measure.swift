import Foundation

/// Repeated measurements of one figure, reported as the median and the p10–p90 and min–max spread.
struct Samples {
    var values: [Double]

    init(_ values: [Double]) {
        self.values = values.sorted()
    }

    var median: Double { percentile(50) }
    var minimum: Double { values.first ?? 0 }
    var maximum: Double { values.last ?? 0 }

    /// The `p`-th percentile (nearest rank on the sorted values); 0 with no values.
    func percentile(_ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(values.count - 1)).rounded())
        return values[min(max(rank, 0), values.count - 1)]
    }
}

/// Formats figures for the report: one line per figure, with unit, median and spread.
enum Report {
    static func number(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 100 { return grouped(Int(value.rounded())) }
        if magnitude >= 10 { return String(format: "%.1f", value) }
        if magnitude >= 1 { return String(format: "%.2f", value) }
        return String(format: "%.3g", value)
    }

    static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return value < 0 ? "-" + out : out
    }

    /// `label: MEDIAN unit (p10–p90 A–B, min–max C–D, n=N)`.
    static func figure(_ label: String, _ samples: Samples, unit: String) {
        let line =
            "\(label): \(number(samples.median)) \(unit) "
            + "(p10–p90 \(number(samples.percentile(10)))–\(number(samples.percentile(90))), "
            + "min–max \(number(samples.minimum))–\(number(samples.maximum)), n=\(samples.values.count))"
        emit(line)
    }

    /// A single value (no spread), e.g. a byte count.
    static func value(_ label: String, _ value: Double, unit: String) {
        emit("\(label): \(number(value)) \(unit)")
    }

    /// A ratio with the target it is checked against.
    static func ratio(_ label: String, _ value: Double, target: String? = nil, met: Bool? = nil) {
        var line = "\(label): \(String(format: "%.3g", value))×"
        if let target { line += " (target \(target)" + (met.map { $0 ? ": met)" : ": MISSED)" } ?? ")") }
        emit(line)
    }

    static func heading(_ text: String) {
        emit("\n== \(text) ==")
    }

    static func note(_ text: String) {
        emit("   \(text)")
    }

    static func emit(_ line: String) {
        print(line)
        fflush(nil)
    }
}

/// Wall-clock timing.
enum Clock {
    /// Seconds since an arbitrary origin, monotonic.
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// CPU seconds (user + system) the process has used.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        return user + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// CPU seconds the process has used, in user space and in the kernel.
    static func cpuTimes() -> (user: Double, system: Double) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return (
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6,
            Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        )
    }

    /// Seconds `body` took.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return now() - start
    }

    static func time(_ body: () async throws -> Void) async rethrows -> Double {
        let start = now()
        try await body()
        return now() - start
    }
}

/// The process's resident memory, from `/proc/self/statm`.
enum Memory {
    /// Resident set size in bytes; 0 where `/proc` is not readable.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    static func mebibytes(_ bytes: Int) -> String {
        String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }
}

/// The process's I/O counters, from `/proc/self/io`.
enum ProcessIO {
    /// Write system calls so far (`syscw`: `write`, `pwrite` and their vector forms); 0 where unreadable.
    static func writeCalls() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/io", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix("syscw:") {
            return Int(line.dropFirst("syscw:".count).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        return 0
    }
}

/// A failure that ends a benchmark with a message.
struct BenchFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
