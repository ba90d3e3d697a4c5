import FlowModel
import FlowrunFoundation
import Foundation
import NativeAuthEmulator
import NativeAuthWire
import Testing

/// The operational routes of the server: `/healthz`, `/readyz` and `/metrics`.
@Suite("operations")
struct OperationsTests {
    @Test("/healthz and /readyz answer 200 on a server whose store is readable")
    func healthAndReadiness() async throws {
        try await TestServer.with { server in
            let health = try await server.get("/healthz")
            #expect(health.status == 200)
            #expect(health.json?[field: "status"] == "up")
            let ready = try await server.get("/readyz")
            #expect(ready.status == 200)
            #expect(ready.json?[field: "status"] == "ready")
        }
    }

    @Test("/readyz answers 503 once the database file is no database; /healthz still answers 200")
    func notReadyWhenTheStoreCannotBeRead() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-ready-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try EmulatorStore(directory: folder.path)
        try await TestServer.with(store: store) { server in
            #expect(try await server.get("/readyz").status == 200)
            let file = folder.appendingPathComponent("authority.sqlite")
            for name in ["authority.sqlite-wal", "authority.sqlite-shm"] {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
            try Data(repeating: 0x41, count: 8192).write(to: file)
            let ready = try await server.get("/readyz")
            #expect(ready.status == 503)
            #expect(ready.json?[field: "status"] == "unavailable")
            #expect(try await server.get("/healthz").status == 200)
        }
    }

    @Test("/metrics counts the store's failures by kind, and no answer a request is refused with")
    func storeFailuresCounted() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-failures-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try EmulatorStore(directory: folder.path)
        try await TestServer.with(store: store) { server in
            let refused = try await server.call(
                .signUpContinue, ["continuation_token": "not-a-token", "grant_type": "oob"])
            #expect(refused.status == 400)
            let before = String(decoding: try await server.get("/metrics").data, as: UTF8.self)
            #expect(before.contains(#"flowrun_store_errors_total{kind="failed"} 0"#), "\(before)")
            for name in ["authority.sqlite-wal", "authority.sqlite-shm"] {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
            try Data(repeating: 0x41, count: 8192).write(to: folder.appendingPathComponent("authority.sqlite"))
            #expect(try await server.get("/readyz").status == 503)
            let after = String(decoding: try await server.get("/metrics").data, as: UTF8.self)
            #expect(after.contains(#"flowrun_store_errors_total{kind="failed"} 1"#), "\(after)")
        }
    }

    @Test("/metrics counts requests by route template and status, with a latency histogram")
    func metrics() async throws {
        try await TestServer.with { server in
            _ = try await server.call(.signUpStart, ["username": "m@contoso.com", "challenge_type": "oob redirect"])
            _ = try await server.get("/contoso/nowhere")
            let metrics = try await server.get("/metrics")
            #expect(metrics.status == 200)
            #expect(metrics.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
            let text = String(decoding: metrics.data, as: UTF8.self)
            #expect(
                text.contains(#"flowrun_http_requests_total{route="/{tenant}/signup/v1.0/start",status="200"} 1"#),
                "\(text)")
            #expect(text.contains(#"flowrun_http_requests_total{route="unmatched",status="404"} 1"#), "\(text)")
            #expect(
                text.contains(#"flowrun_http_request_duration_seconds_count{route="/{tenant}/signup/v1.0/start"} 1"#),
                "\(text)")
            #expect(!text.contains("m@contoso.com"), "no parameter value in a metric")
        }
    }
}

extension OperationsTests {
    @Test("GET /outbox while the store cannot be reached is a 503 temporarily_unavailable with Retry-After, then 200")
    func outboxWhileTheStoreIsUnreachable() async throws {
        let backend = SwitchableBackend(base: try EmulatorStore.inMemory().backend)
        try await TestServer.with(store: EmulatorStore(backend: backend)) { server in
            #expect(try await server.get("/outbox").status == 200)
            backend.down.withLock { $0 = true }
            let down = try await server.get("/outbox")
            #expect(down.status == 503)
            #expect(down.json?[field: "error"] == "temporarily_unavailable")
            #expect(down.header("Retry-After") == "1")
            backend.down.withLock { $0 = false }
            #expect(try await server.get("/outbox").status == 200)
        }
    }
}

/// A store backend that throws ``StoreUnavailable`` while `down` is set, as a database that went away does.
struct SwitchableBackend: StoreBackend {
    let base: any StoreBackend
    let down = Locked(false)
    var databaseSystem: String { base.databaseSystem }

    private func check() throws {
        if down.withLock({ $0 }) { throw StoreUnavailable("switched off") }
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> T) async throws -> T {
        try check()
        return try await base.write(body)
    }

    func read<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> T) async throws -> T {
        try check()
        return try await base.read(body)
    }

    func checkReady() async throws {
        try check()
        try await base.checkReady()
    }

    func integrityCheck() async throws -> [String] {
        try check()
        return try await base.integrityCheck()
    }
}
