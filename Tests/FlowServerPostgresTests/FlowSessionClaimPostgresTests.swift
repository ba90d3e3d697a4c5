import FlowServerPostgres
import FlowSessionSeal
import Foundation
import Testing

@testable import FlowServer

/// An answer's claim on PostgreSQL: the session read and marked in one transaction, as on SQLite.
extension PostgresStoreTests {
    @Test(
        "on PostgreSQL an answer reads and marks its session at once; a second is held off; a session past its ask is read, not marked"
    )
    func claimForAnswerInOneTransaction() async throws {
        try await ScratchPostgres.with { scratch in
            let shared = try await SharedDatabase(address: try scratch.address, logger: Self.logger)
            let store = shared.flowSessionStore(seal: SessionSeal())
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            let until = start.addingTimeInterval(120)
            let id = "0123456789abcdef0123456789abcdef"
            let record = SessionRecord(id: id, flow: "sign-in", state: .asking, messages: [], version: 1)
            try await store.insert(record, now: start, expiredBefore: .distantPast, limit: 10)

            let taken = try await store.claimForAnswer(id, expiredBefore: .distantPast, now: start, until: until)
            #expect(taken?.claimed == true)
            #expect(taken?.record.id == id)
            await #expect(throws: FlowSessionStore.AnswerHeld.self) {
                try await store.claimForAnswer(
                    id, expiredBefore: .distantPast, now: start.addingTimeInterval(1), until: until)
            }
            let afterLease = try await store.claimForAnswer(
                id, expiredBefore: .distantPast, now: until, until: until.addingTimeInterval(120))
            #expect(afterLease?.claimed == true, "the mark of an answer whose server died ends at its lease")

            var ended = record
            ended.state = .ended
            ended.version += 1
            #expect(try await store.replace(ended, now: start.addingTimeInterval(2)))
            let read = try await store.claimForAnswer(
                id, expiredBefore: .distantPast, now: start.addingTimeInterval(3), until: until)
            #expect(read?.claimed == false)
            #expect(read?.record.state == .ended)
            #expect(
                try await store.claimForAnswer(
                    String(id.reversed()), expiredBefore: .distantPast, now: start, until: until) == nil)
            await shared.close()
        }
    }
}
