import GRDB
import Testing

@testable import FlowServer

/// The SQLite session store's queries: the counts made at every start read the index of the sessions waiting on
/// an ask, not every stored row (rows of ended sessions stay until they expire).
@Suite struct FlowSessionStorageTests {
    static func plan(_ sql: String, in writer: any DatabaseWriter) throws -> String {
        try writer.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }.joined(
                separator: "; ")
        }
    }

    @Test func theCountsOfWaitingSessionsReadTheirIndex() throws {
        let writer = try DatabaseQueue()
        _ = try SQLiteFlowSessionStorage(writer: writer)
        let live = try Self.plan("SELECT COUNT(*) FROM flow_session WHERE state = 'asking'", in: writer)
        #expect(live.contains("flow_session_waiting"), "\(live)")
        let waiting = try Self.plan(
            "SELECT COUNT(*) FROM flow_session WHERE state = 'asking' AND updated_at >= 0", in: writer)
        #expect(waiting.contains("flow_session_waiting"), "\(waiting)")
    }
}
