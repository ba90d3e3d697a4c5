import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `flowrun serve --otlp-endpoint`, which only a flowrun built with the `OTLP` trait has: the tests look at the
/// binary they run (CI runs them once more against a `flowrun` built with the trait).
@Suite struct ServeOTLPTests {
    /// Whether the built `flowrun` has `serve --otlp-endpoint`.
    static let binaryExportsSpans: Bool = {
        guard let binary = FlowrunBinary.find() else { return false }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--help"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        let help = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: help, as: UTF8.self).contains("--otlp-endpoint <url>")
    }()

    @Test(
        "with --otlp-endpoint a request's span reaches an OTLP/HTTP receiver, sent at the latest on SIGTERM",
        .enabled(if: binaryExportsSpans, "flowrun was built without the OTLP trait"))
    func spansReachTheCollector() async throws {
        let folder = try FlowFolder()
        let receiver = try OTLPReceiver(folder: folder)
        defer { receiver.stop() }
        let port = try await receiver.port()
        let server = try ServedFlowrun.start(
            ["--otlp-endpoint", "http://127.0.0.1:\(port)/v1/traces"], folder: folder.url)
        let served = try ServedFlowrun.port(in: try await server.listeningLine())
        let health = try #require(URL(string: "http://127.0.0.1:\(served)/healthz"))
        let (_, response) = try await URLSession.shared.data(from: health)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(try await server.stop(with: SIGTERM) == 0, "\(server.stderr)")
        let received = try await receiver.received()
        #expect(received.path == "/v1/traces")
        #expect(received.contentType == "application/x-protobuf")
        // The protobuf message holds the span's name and the service's name as plain UTF-8.
        #expect(received.body.contains("GET /healthz"), "\(received.body)")
        #expect(received.body.contains("flowrun"), "\(received.body)")
    }

    @Test(
        "--otlp-endpoint refuses what is not an http or https URL",
        .enabled(if: binaryExportsSpans, "flowrun was built without the OTLP trait"))
    func refusesABadEndpoint() throws {
        let folder = try FlowFolder()
        let result = try folder.run("serve", "--otlp-endpoint", "localhost:4318")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("--otlp-endpoint takes an http or https URL"), "\(result.stderr)")
    }

    @Test(
        "without the OTLP trait serve has no --otlp-endpoint, and its help says how to build it",
        .disabled(if: binaryExportsSpans, "flowrun was built with the OTLP trait"))
    func helpSaysHowToBuildIt() throws {
        let folder = try FlowFolder()
        let help = try folder.run("serve", "--help")
        let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("swift build --traits OTLP"), "\(help.stdout)")
        let result = try folder.run("serve", "--otlp-endpoint", "http://localhost:4318/v1/traces")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("--otlp-endpoint"), "\(result.stderr)")
    }
}

/// A tiny OTLP/HTTP receiver: a Python `http.server` on a free loopback port that answers every POST with an
/// empty protobuf message and keeps the first one's body, then its path and content type, in files; it runs
/// until its standard input closes.
struct OTLPReceiver {
    let process: Process
    let folder: FlowFolder
    /// Its standard input: it stops when the test closes it (`python3` may run under a shim that passes no signal).
    let input = Pipe()

    struct Received {
        var path: String
        var contentType: String
        var body: String
    }

    static let script = """
        from http import server; import os, sys, threading
        from pathlib import Path
        folder = Path(sys.argv[1])
        def publish(name, text):
            (folder / (name + ".part")).write_text(text)
            os.replace(folder / (name + ".part"), folder / name)
        class Receiver(server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                if not (folder / "head").exists():
                    (folder / "body").write_bytes(body)
                    publish("head", self.path + "\\n" + self.headers.get("Content-Type", ""))
                self.send_response(200)
                self.send_header("Content-Type", "application/x-protobuf")
                self.send_header("Content-Length", "0")
                self.end_headers()
            def log_message(self, *arguments):
                pass
        receiver = server.HTTPServer(("127.0.0.1", 0), Receiver)
        publish("port", str(receiver.server_address[1]))
        threading.Thread(target=receiver.serve_forever, daemon=True).start()
        sys.stdin.read()  # until the test closes its end
        """

    init(folder: FlowFolder) throws {
        self.folder = folder
        let script = try folder.write("receiver.py", Self.script)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, folder.url.path]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// The port it listens on, once it does.
    func port() async throws -> Int {
        let text = try await file("port")
        return try #require(Int(text), "port file: \(text)")
    }

    /// The first export it received (waits up to 20 s).
    func received() async throws -> Received {
        let head = try await file("head").split(separator: "\n", omittingEmptySubsequences: false)
        let body = try Data(contentsOf: folder.url.appendingPathComponent("body"))
        return Received(
            path: head.first.map(String.init) ?? "", contentType: head.dropFirst().first.map(String.init) ?? "",
            body: String(decoding: body, as: UTF8.self))
    }

    func stop() {
        try? input.fileHandleForWriting.close()
    }

    private func file(_ name: String) async throws -> String {
        let url = folder.url.appendingPathComponent(name)
        for _ in 0..<400 {
            if let text = try? String(contentsOf: url, encoding: .utf8), !text.isEmpty { return text }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw ServedFlowrun.Timeout()
    }
}
