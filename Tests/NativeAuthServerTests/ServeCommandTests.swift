import FlowrunFoundation
import Foundation
import TestSupport
import Testing

/// `flowrun serve` as a process: the one "listening" line, the dev-outbox warning, and exit 0 on SIGINT/SIGTERM.
@Suite("flowrun serve")
struct ServeCommandTests {
    @Test(
        "serve --dev-outbox prints one listening line, warns, serves the outbox and exits 0 on SIGTERM",
        .enabled(if: FlowrunBinary.find() != nil))
    func devOutboxAndSIGTERM() async throws {
        let served = try ServedFlowrun.start(["--dev-outbox", "--config", "authority.yaml"])
        let port = try ServedFlowrun.port(in: try await served.listeningLine())
        #expect(served.stderr.contains("WARNING: --dev-outbox is on"))
        let started = try await TestHTTP.post(
            "http://127.0.0.1:\(port)/contoso/signup/v1.0/start",
            form: "client_id=00000000-0000-0000-0000-00000000c11e&username=ann%40contoso.com"
                + "&challenge_type=oob+password+redirect")
        #expect(started.status == 200, "\(started)")
        #expect(try await TestHTTP.get("http://127.0.0.1:\(port)/outbox").status == 200)
        #expect(try await served.stop(with: SIGTERM) == 0)
        let lines = served.stdout.split(separator: "\n")
        #expect(lines.count == 1, "stdout: \(served.stdout)")
        #expect(served.stderr.contains("http.path=/contoso/signup/v1.0/start"))
        #expect(!served.stderr.contains("ann@contoso.com"))
    }

    @Test(
        "serve without --dev-outbox: no warning, /outbox is 404, exits 0 on SIGINT",
        .enabled(if: FlowrunBinary.find() != nil))
    func noOutboxAndSIGINT() async throws {
        let served = try ServedFlowrun.start([])
        let port = try ServedFlowrun.port(in: try await served.listeningLine())
        #expect(try await TestHTTP.get("http://127.0.0.1:\(port)/outbox").status == 404)
        let discovery = try await TestHTTP.get("http://127.0.0.1:\(port)/contoso/v2.0/.well-known/openid-configuration")
        let tenantID = "aaaabbbb-0000-cccc-1111-dddd2222eeee"
        #expect(discovery.string("token_endpoint") == "http://127.0.0.1:\(port)/\(tenantID)/oauth2/v2.0/token")
        #expect(try await served.stop(with: SIGINT) == 0)
        #expect(!served.stderr.contains("WARNING"))
    }

    @Test(
        "serve --rotate-signing-key makes a new current key and keeps the old one in the JWKS",
        .enabled(if: FlowrunBinary.find() != nil))
    func rotateSigningKey() async throws {
        let first = try ServedFlowrun.start([])
        defer { try? FileManager.default.removeItem(at: first.folder) }
        let firstPort = try ServedFlowrun.port(in: try await first.listeningLine())
        let before = try await TestHTTP.get("http://127.0.0.1:\(firstPort)/contoso/discovery/v2.0/keys")
        #expect(try await first.stop(with: SIGTERM) == 0)

        let second = try ServedFlowrun.start(["--rotate-signing-key"], folder: first.folder)
        let secondPort = try ServedFlowrun.port(in: try await second.listeningLine())
        let after = try await TestHTTP.get("http://127.0.0.1:\(secondPort)/contoso/discovery/v2.0/keys")
        #expect(try await second.stop(with: SIGTERM) == 0)

        let kids = { (answer: HTTPAnswer) -> [String?] in
            guard case .list(let keys) = answer.object["keys"] else { return [] }
            return keys.map { $0[field: "kid"]?.stringValue }
        }
        let oldKid = try #require(kids(before).first ?? nil)
        let newKid = try #require(kids(after).first ?? nil)
        #expect(kids(before).count == 1)
        #expect(kids(after) == [newKid, oldKid])
        #expect(newKid != oldKid)
        #expect(second.stderr.contains("rotated the token signing key; new tokens carry kid \(newKid)"))
    }

    @Test("serve with a bad --config exits 2", .enabled(if: FlowrunBinary.find() != nil))
    func badConfiguration() async throws {
        let served = try ServedFlowrun.start(["--config", "missing.yaml"])
        for _ in 0..<400 where served.process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!served.process.isRunning)
        #expect(served.process.terminationStatus == 2)
        #expect(served.stdout.isEmpty)
    }

    @Test(
        "serve prints what a client must configure: authority, tenant, client ids and challenge types",
        .enabled(if: FlowrunBinary.find() != nil))
    func configurationBanner() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        passwordHash: { iterations: 1000 }
        clients:
          - { clientID: 11111111-2222-3333-4444-555555555555, challengeTypes: [oob, redirect] }
          - { clientID: 22222222-2222-3333-4444-555555555555, capabilities: [mfa_required] }
        """.write(to: folder.appendingPathComponent("tenant.yaml"), atomically: true, encoding: .utf8)
        let served = try ServedFlowrun.start(
            ["--config", "tenant.yaml", "--cors", "http://localhost:3000"], folder: folder)
        let port = try ServedFlowrun.port(in: try await served.listeningLine())
        for _ in 0..<100 where !served.stderr.contains("MSAL.js") { try await Task.sleep(for: .milliseconds(50)) }
        let banner = served.stderr
        #expect(banner.contains("authority       http://127.0.0.1:\(port)/contoso"), "\(banner)")
        #expect(banner.contains("tenant id aaaabbbb-0000-cccc-1111-dddd2222eeee"), "\(banner)")
        #expect(banner.contains("11111111-2222-3333-4444-555555555555: challenge types oob redirect"), "\(banner)")
        #expect(
            banner.contains(
                "22222222-2222-3333-4444-555555555555: challenge types oob password redirect; capabilities mfa_required"
            ), "\(banner)")
        #expect(
            banner.contains(
                "customAuth.authApiProxyUrl http://127.0.0.1:\(port)/contoso (CORS for http://localhost:3000)"),
            "\(banner)")
        #expect(served.stdout.split(separator: "\n").count == 1, "stdout: \(served.stdout)")
        let preflight = try await TestHTTP.send(
            .OPTIONS, "http://127.0.0.1:\(port)/contoso/oauth2/v2.0/token",
            headers: [("Origin", "http://localhost:3000"), ("Access-Control-Request-Method", "POST")])
        #expect(preflight.status == 204)
        #expect(try await served.stop(with: SIGTERM) == 0)
    }

    @Test("serve refuses a --cors value that is not an origin (exit 2)", .enabled(if: FlowrunBinary.find() != nil))
    func badCORSOrigin() async throws {
        let served = try ServedFlowrun.start(["--cors", "localhost:3000/app"])
        for _ in 0..<400 where served.process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        #expect(served.process.terminationStatus == 2)
        #expect(served.stderr.contains("--cors takes an origin"), "\(served.stderr)")
    }
}
