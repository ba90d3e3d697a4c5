import AsyncHTTPClient
import Foundation
import NIOCore
import NIOSSL
import TestSupport
import Testing

/// `flowrun serve --tls-cert --tls-key` with a self-signed certificate made by openssl for 127.0.0.1.
@Suite("flowrun serve over TLS")
struct ServeTLSTests {
    /// The repository's `flows/` folder, whose flows the UI serves.
    static let flows = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("flows").path

    /// A certificate and key for `IP:127.0.0.1` in a new folder, made by `openssl req -x509`.
    static func certificate() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", "key.pem", "-out", "cert.pem",
        ]
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "openssl could not make a certificate")
        return folder
    }

    static var opensslAvailable: Bool {
        ["/usr/bin/openssl", "/usr/local/bin/openssl"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A GET with a client that trusts `certificate` only, and speaks TLS up to `maximumVersion`.
    static func get(
        _ url: String, trusting certificate: String?, maximumVersion: TLSVersion = .tlsv13
    ) async throws -> HTTPAnswer {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.minimumTLSVersion = .tlsv1
        tls.maximumTLSVersion = maximumVersion
        if let certificate {
            tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(certificate))
        }
        let client = HTTPClient(
            eventLoopGroup: HTTPClient.defaultEventLoopGroup,
            configuration: HTTPClient.Configuration(tlsConfiguration: tls))
        do {
            let response = try await client.execute(HTTPClientRequest(url: url), timeout: TestHTTP.patience)
            let body = try await response.body.collect(upTo: 1 << 20)
            try await client.shutdown()
            return HTTPAnswer(
                status: Int(response.status.code), headers: response.headers.map { (name: $0.name, value: $0.value) },
                data: Data(body.readableBytesView))
        } catch {
            try await client.shutdown()
            throw error
        }
    }

    @Test(
        "HTTPS with the given certificate: discovery names https endpoints, the UI's cookies are Secure; plain HTTP and an untrusting client fail",
        .enabled(if: FlowrunBinary.find() != nil && opensslAvailable))
    func servesHTTPS() async throws {
        let tls = try Self.certificate()
        let served = try ServedFlowrun.start([
            "--tls-cert", tls.appendingPathComponent("cert.pem").path, "--tls-key",
            tls.appendingPathComponent("key.pem").path, "--flows", Self.flows,
        ])
        let line = try await served.listeningLine()
        let prefix = "flowrun serve: listening on https://127.0.0.1:"
        #expect(line.hasPrefix(prefix), "\(line)")
        let port = try #require(Int(line.dropFirst(prefix.count).prefix { $0.isNumber }))
        let origin = "https://127.0.0.1:\(port)"
        let certificate = tls.appendingPathComponent("cert.pem").path

        let discovery = try await Self.get(
            origin + "/contoso/v2.0/.well-known/openid-configuration", trusting: certificate)
        #expect(discovery.status == 200)
        #expect(discovery.string("token_endpoint")?.hasPrefix(origin + "/") == true, "\(discovery)")
        let page = try await Self.get(origin + "/", trusting: certificate)
        let cookie = page.headers.first { $0.name.lowercased() == "set-cookie" }?.value ?? ""
        #expect(cookie.contains("; Secure"), "\(cookie)")
        // The `__Host-` prefix: no other origin on the host (another port) can plant the browser's cookie.
        #expect(cookie.hasPrefix("__Host-flowrun_browser=") && cookie.contains("; Path=/;"), "\(cookie)")
        #expect(!cookie.contains("Domain"), "\(cookie)")

        await #expect(throws: (any Error).self) { _ = try await Self.get(origin + "/healthz", trusting: nil) }
        let plain = try? await TestHTTP.get("http://127.0.0.1:\(port)/healthz", timeout: .seconds(10))
        #expect(plain?.status != 200)
        #expect(try await served.stop(with: SIGTERM) == 0)
    }

    @Test(
        "a certificate without its key, or one that cannot be read, is a usage error (exit 2)",
        .enabled(if: FlowrunBinary.find() != nil))
    func badTLSOptions() async throws {
        for arguments in [["--tls-cert", "cert.pem"], ["--tls-cert", "missing.pem", "--tls-key", "missing.key"]] {
            let served = try ServedFlowrun.start(arguments)
            for _ in 0..<400 where served.process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
            #expect(!served.process.isRunning)
            #expect(served.process.terminationStatus == 2, "\(arguments): \(served.stderr)")
            #expect(served.stderr.contains("tls") || served.stderr.contains("certificate"), "\(served.stderr)")
        }
    }
}
