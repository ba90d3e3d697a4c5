import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `flowrun serve --log-format json`: every log entry one JSON object on standard error, for a log collector.
@Suite struct ServeOperationsTests {
    @Test("with --log-format json each log entry is a JSON object with time, level and message")
    func jsonLogs() async throws {
        let folder = try FlowFolder()
        try folder.write("authority.yaml", Tenant.standard)
        let server = try ServeProcess(
            stateDir: folder.url.appendingPathComponent("state"), in: folder.url, arguments: ["--log-format", "json"])
        let origin = try #require(URL(string: "/healthz", relativeTo: server.url))
        let (_, response) = try await URLSession.shared.data(from: origin)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let (status, exited) = server.stop()
        #expect(exited && status == 0, "\(server.transcript)")
        let entries = server.errors.split(separator: "\n").filter { $0.hasPrefix("{") }.compactMap { line in
            try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }
        #expect(!entries.isEmpty, "\(server.transcript)")
        for entry in entries {
            #expect(entry["time"] is String && entry["level"] is String && entry["message"] is String, "\(entry)")
        }
        #expect(entries.contains { $0["route"] as? String == "/healthz" && $0["http.status"] as? String == "200" })
        #expect(!server.errors.contains(" info flowrun.serve:"), "no text log line: \(server.errors)")
    }
}
