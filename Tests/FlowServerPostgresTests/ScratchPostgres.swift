import FlowServerPostgres
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A throwaway PostgreSQL 15 cluster for one test: `initdb` in a temporary folder, the server on a free port of
/// 127.0.0.1 with its socket in that folder, one database `flowrun`, all removed afterwards. PostgreSQL refuses
/// to run as root, so as root (CI) its programs run as the `postgres` user Debian's package creates. With
/// ``TLS`` the server also speaks TLS, with a self-signed certificate for `localhost` and `127.0.0.1`.
final class ScratchPostgres: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// How the server takes TCP connections.
    enum TLS: Sendable {
        /// TLS (`ssl = on`) or plain text, as the client asks.
        case offered
        /// TLS only: `pg_hba.conf` has `hostssl` lines for TCP, no `host` lines.
        case only
    }

    /// Debian's PostgreSQL 15 programs.
    static let binaries = "/usr/lib/postgresql/15/bin"

    /// Whether the programs are installed (CI installs them; elsewhere the tests that need them are skipped).
    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: "\(binaries)/initdb")
    }

    /// Whether these tests must run: PostgreSQL is installed, or this is CI (where a missing server fails).
    static var required: Bool {
        available || ProcessInfo.processInfo.environment["CI"] != nil
    }

    let folder: String
    let port: Int
    let tls: TLS?

    /// The server's self-signed certificate (PEM), with ``TLS``: the authority a `verify-full` client trusts.
    var certificate: String { "\(folder)/server.crt" }

    /// The database's address (user `flowrun`, trusted on loopback).
    var address: PostgresAddress {
        get throws {
            guard case .postgres(let address) = try DatabaseURL(url) else {
                throw Failure(description: "\(url) is not a postgres URL")
            }
            return address
        }
    }

    var url: String { "postgres://flowrun@127.0.0.1:\(port)/flowrun" }

    private init(folder: String, port: Int, tls: TLS?) {
        self.folder = folder
        self.port = port
        self.tls = tls
    }

    /// Runs `body` with a fresh cluster (speaking TLS as `tls` says), then stops and removes it.
    static func with<T>(tls: TLS? = nil, _ body: (ScratchPostgres) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-pg-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if getuid() == 0 {
            guard let owner = getpwnam("postgres") else {
                throw Failure(description: "running as root, and there is no `postgres` user to run PostgreSQL as")
            }
            guard chown(folder, owner.pointee.pw_uid, owner.pointee.pw_gid) == 0 else {
                throw Failure(description: "cannot hand \(folder) to the postgres user")
            }
        }
        try run("initdb", ["-D", "\(folder)/data", "-A", "trust", "-U", "flowrun", "--no-sync", "-E", "UTF8"])
        if let tls { try prepareTLS(tls, in: folder) }
        var started: ScratchPostgres?
        for _ in 0..<5 where started == nil {
            let candidate = ScratchPostgres(folder: folder, port: Int.random(in: 20_000..<60_000), tls: tls)
            if (try? candidate.start()) != nil { started = candidate }
        }
        guard let scratch = started else { throw Failure(description: "PostgreSQL did not start on any port tried") }
        defer { try? scratch.stop() }
        try run("createdb", ["-h", "127.0.0.1", "-p", "\(scratch.port)", "-U", "flowrun", "flowrun"])
        return try await body(scratch)
    }

    /// Starts the server (again) and waits until it accepts connections. The server runs as a child of this
    /// process rather than through `pg_ctl start`, whose server would inherit (and hold open) what Foundation
    /// watches to see `pg_ctl` end.
    func start() throws {
        let log = "\(folder)/server.log"
        if !FileManager.default.fileExists(atPath: log) {
            guard FileManager.default.createFile(atPath: log, contents: nil) else {
                throw Failure(description: "cannot create \(log)")
            }
        }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        defer { try? output.close() }
        try output.seekToEnd()
        let server = Self.process(
            "postgres",
            [
                "-D", "\(folder)/data", "-p", "\(port)", "-k", folder, "-c", "listen_addresses=127.0.0.1", "-c",
                "fsync=off",
            ]
                + (tls == nil
                    ? []
                    : ["-c", "ssl=on", "-c", "ssl_cert_file=\(certificate)", "-c", "ssl_key_file=\(folder)/server.key"])
        )
        server.standardOutput = output
        server.standardError = output
        server.standardInput = FileHandle.nullDevice
        try server.run()
        for _ in 0..<300 {
            if (try? Self.run("pg_isready", ["-q", "-h", "127.0.0.1", "-p", "\(port)"])) != nil { return }
            guard server.isRunning else { break }
            usleep(100_000)
        }
        if server.isRunning { server.terminate() }
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        throw Failure(description: "PostgreSQL did not start on port \(port): \(text.suffix(2_000))")
    }

    /// The answer of `sql` (unaligned, tuples only), run by `psql` over the unix socket.
    func query(_ sql: String) throws -> String {
        try Self.run(
            "psql", ["-h", folder, "-p", "\(port)", "-U", "flowrun", "-d", "flowrun", "-A", "-t", "-X", "-c", sql]
        ).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A self-signed certificate and its key in `folder`, readable by the server only; with ``TLS/only``, a
    /// `pg_hba.conf` that takes TCP connections over TLS only.
    private static func prepareTLS(_ tls: TLS, in folder: String) throws {
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
            "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
            "-keyout", "\(folder)/server.key", "-out", "\(folder)/server.crt",
        ]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        guard openssl.terminationStatus == 0 else { throw Failure(description: "openssl could not make a certificate") }
        guard chmod("\(folder)/server.key", 0o600) == 0 else { throw Failure(description: "cannot chmod the key") }
        if getuid() == 0, let owner = getpwnam("postgres") {
            for file in ["server.key", "server.crt"] {
                guard chown("\(folder)/\(file)", owner.pointee.pw_uid, owner.pointee.pw_gid) == 0 else {
                    throw Failure(description: "cannot hand \(file) to the postgres user")
                }
            }
        }
        if tls == .only {
            let rules = "local all all trust\nhostssl all all 127.0.0.1/32 trust\nhostssl all all ::1/128 trust\n"
            // Written in place, so the file keeps its owner (the server's user).
            try rules.write(toFile: "\(folder)/data/pg_hba.conf", atomically: false, encoding: .utf8)
        }
    }

    /// Stops the server (fast shutdown: open connections are closed).
    func stop() throws {
        try Self.run("pg_ctl", ["-D", "\(folder)/data", "-m", "fast", "-w", "stop"])
    }

    /// One of PostgreSQL's programs, to run as `postgres` when this process is root.
    private static func process(_ program: String, _ arguments: [String]) -> Process {
        let process = Process()
        if getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
            process.arguments = ["-u", "postgres", "--", "\(binaries)/\(program)"] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "\(binaries)/\(program)")
            process.arguments = arguments
        }
        return process
    }

    /// The rows `statements` answer through `psql` (unaligned, tuples only: one line a row, fields split by `|`).
    @discardableResult
    func psql(_ statements: String) throws -> String {
        try Self.run(
            "psql",
            [
                "-h", "127.0.0.1", "-p", "\(port)", "-U", "flowrun", "-At", "-v", "ON_ERROR_STOP=1", "-c", statements,
                "flowrun",
            ])
    }

    /// Every byte of the cluster's files (its tables and write-ahead log), after a checkpoint wrote them out.
    func clusterBytes() throws -> Data {
        try psql("CHECKPOINT")
        var bytes = Data()
        let data = URL(fileURLWithPath: "\(folder)/data")
        let files = FileManager.default.enumerator(at: data, includingPropertiesForKeys: [.isRegularFileKey])
        while let file = files?.nextObject() as? URL {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            bytes.append(try Data(contentsOf: file))
        }
        return bytes
    }

    /// Runs one of PostgreSQL's programs, as `postgres` when this process is root: its output, or an error with
    /// it when it fails.
    @discardableResult
    private static func run(_ program: String, _ arguments: [String]) throws -> String {
        let process = process(program, arguments)
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flowrun-pg-output-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: outputPath.path, contents: nil) else {
            throw Failure(description: "cannot create \(outputPath.path)")
        }
        defer { try? FileManager.default.removeItem(at: outputPath) }
        let output = try FileHandle(forWritingTo: outputPath)
        defer { try? output.close() }
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let text = (try? String(contentsOf: outputPath, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(program) exited \(process.terminationStatus): \(text)")
        }
        return text
    }
}
