import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `flowrun serve --log-format json`: every log entry one JSON object on standard error, for a log collector.
@Suite struct ServeOperationsTests {
    @Test("with --log-format json every line on standard error is a JSON object, numbers are numbers, 4xx at notice")
    func jsonLogs() async throws {
        let folder = try FlowFolder()
        try folder.write("authority.yaml", Tenant.standard)
        try folder.write("flows/broken.yaml", "flowrun: 1\nname: broken\nstart: nowhere\nsteps: {}\n")
        let server = try ServeProcess(
            stateDir: folder.url.appendingPathComponent("state"), in: folder.url,
            arguments: ["--log-format", "json", "--flows", "flows"])
        let traceID = "4bf92f3577b34da6a3ce929d0e0e4736"
        var health = URLRequest(url: try #require(URL(string: "/healthz", relativeTo: server.url)))
        health.setValue("00-\(traceID)-00f067aa0ba902b7-01", forHTTPHeaderField: "traceparent")
        let (_, response) = try await URLSession.shared.data(for: health)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let missing = try #require(URL(string: "/nowhere", relativeTo: server.url))
        let (_, notFound) = try await URLSession.shared.data(from: missing)
        #expect((notFound as? HTTPURLResponse)?.statusCode == 404)
        let (status, exited) = server.stop()
        #expect(exited && status == 0, "\(server.transcript)")
        let lines = server.errors.split(separator: "\n")
        let entries = lines.compactMap { line in
            try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }
        #expect(!entries.isEmpty && entries.count == lines.count, "a line is not JSON: \(server.errors)")
        for entry in entries {
            #expect(entry["time"] is String && entry["level"] is String && entry["message"] is String, "\(entry)")
        }
        #expect(entries.contains { ($0["message"] as? String)?.contains("configure your client") == true })
        #expect(entries.contains { $0["level"] as? String == "warning" && "\($0["message"] ?? "")".contains("outbox") })
        #expect(entries.contains { $0["level"] as? String == "warning" && "\($0["message"] ?? "")".contains("broken") })
        let healthLine = try #require(entries.first { $0["route"] as? String == "/healthz" }, "\(entries)")
        #expect(healthLine["http.status"] as? Int == 200)
        #expect(healthLine["duration_ms"] is Double || healthLine["duration_ms"] is Int)
        #expect(healthLine["level"] as? String == "info")
        #expect(healthLine["trace_id"] as? String == traceID)
        #expect(healthLine["parent_span_id"] as? String == "00f067aa0ba902b7")
        #expect((healthLine["span_id"] as? String)?.count == 16)
        let notFoundLine = try #require(entries.first { $0["http.path"] as? String == "/nowhere" }, "\(entries)")
        #expect(notFoundLine["http.status"] as? Int == 404)
        #expect(notFoundLine["level"] as? String == "notice")
        #expect((notFoundLine["trace_id"] as? String)?.count == 32)
        #expect(notFoundLine["trace_id"] as? String != traceID)
    }
}
