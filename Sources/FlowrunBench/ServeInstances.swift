import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `flowrun serve` processes started by a benchmark: each on a free port of 127.0.0.1, with the dev outbox
/// (the benchmark reads codes from it) and the given database; stopped with SIGTERM.
final class ServeInstances {
    struct Instance {
        let process: Process
        /// `http://127.0.0.1:PORT/TENANT`.
        let authority: URL
        /// `http://127.0.0.1:PORT`.
        let root: URL
    }

    let instances: [Instance]

    /// Starts `count` servers of `executable` sharing `database`, each with its own state folder under
    /// `folder`, all with the tenant configuration `config`.
    init(count: Int, executable: String, database: String, config: String, folder: String) throws {
        var started: [Instance] = []
        do {
            for index in 0..<count {
                started.append(
                    try Self.start(
                        executable: executable,
                        arguments: [
                            "serve", "--port", "0", "--dev-outbox", "--database", database, "--config", config,
                            "--state-dir", "\(folder)/instance-\(index)",
                        ]))
            }
        } catch {
            Self.stop(started)
            throw error
        }
        instances = started
    }

    /// The process IDs of the servers.
    var processIdentifiers: [Int32] { instances.map(\.process.processIdentifier) }

    /// Stops every server (SIGTERM) and waits for it.
    func stop() { Self.stop(instances) }

    private static func stop(_ instances: [Instance]) {
        for instance in instances where instance.process.isRunning { instance.process.terminate() }
        for instance in instances { instance.process.waitUntilExit() }
    }

    /// Starts one server and reads its first line, `flowrun serve: listening on URL`.
    private static func start(executable: String, arguments: [String]) throws -> Instance {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "listening on "),
            let authority = URL(
                string: String(text[range.upperBound...].prefix { !$0.isWhitespace && $0 != "\n" })),
            let host = authority.host, let port = authority.port,
            let root = URL(string: "\(authority.scheme ?? "http")://\(host):\(port)")
        else {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            throw BenchFailure(
                "`flowrun \(arguments.joined(separator: " "))` did not start (exit \(process.terminationStatus)): "
                    + text)
        }
        return Instance(process: process, authority: authority, root: root)
    }
}

/// CPU seconds of other processes, from `/proc` (Linux; 0 elsewhere).
enum ProcessCPU {
    /// User + system CPU seconds of `pids` so far.
    static func seconds(of pids: [Int32]) -> Double {
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return pids.reduce(0) { total, pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let end = stat.lastIndex(of: ")")
            else { return total }
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else {
                return total
            }
            return total + (user + system) / ticks
        }
    }

    /// The process IDs whose command is `name` (e.g. every PostgreSQL backend).
    static func processes(named name: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = Int32(entry),
                let command = try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8),
                command.trimmingCharacters(in: .whitespacesAndNewlines) == name
            else { return nil }
            return pid
        }
    }
}
