import Foundation
import Testing

@testable import FlowServer

/// The store's mark of an answer in progress: one answer at a time holds a session, the stored result ends the
/// mark, and a mark whose server died expires at its lease.
@Suite struct FlowSessionClaimTests {
    static let id = "0123456789abcdef0123456789abcdef"
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func stored() async throws -> (FlowSessionStore, SessionRecord) {
        let store = try FlowSessionStore.inMemory()
        let record = SessionRecord(id: id, flow: "sign-in", state: .asking, messages: [], version: 1)
        try await store.insert(record, now: start, expiredBefore: .distantPast, limit: 10)
        return (store, record)
    }

    @Test func aSecondClaimIsRefusedUntilTheFirstAnswerIsStored() async throws {
        let (store, record) = try await Self.stored()
        let until = Self.start.addingTimeInterval(120)
        #expect(try await store.claim(record, now: Self.start, until: until))
        #expect(!(try await store.claim(record, now: Self.start.addingTimeInterval(1), until: until)))

        var next = record
        next.version += 1
        #expect(try await store.replace(next, now: Self.start.addingTimeInterval(2)))
        #expect(!(try await store.claim(record, now: Self.start.addingTimeInterval(3), until: until)), "stale version")
        #expect(try await store.claim(next, now: Self.start.addingTimeInterval(3), until: until))
    }

    @Test func theMarkOfAServerThatDiedExpiresAtItsLease() async throws {
        let (store, record) = try await Self.stored()
        #expect(try await store.claim(record, now: Self.start, until: Self.start.addingTimeInterval(120)))
        #expect(!(try await store.claim(record, now: Self.start.addingTimeInterval(119), until: .distantFuture)))
        #expect(try await store.claim(record, now: Self.start.addingTimeInterval(120), until: .distantFuture))
    }

    @Test func theSessionIsFoundByItsIdThoughStoredUnderItsDigest() async throws {
        let (store, _) = try await Self.stored()
        let found = try await store.fetch(Self.id, expiredBefore: .distantPast)
        #expect(found?.id == Self.id)
        #expect(try await store.fetch(String(Self.id.reversed()), expiredBefore: .distantPast) == nil)
    }

    @Test func anAnswerReadsAndMarksTheSessionInOneStepAndASecondIsHeldOff() async throws {
        let (store, record) = try await Self.stored()
        let until = Self.start.addingTimeInterval(120)
        let taken = try await store.claimForAnswer(
            Self.id, expiredBefore: .distantPast, now: Self.start, until: until)
        #expect(taken?.record.id == Self.id)
        #expect(taken?.claimed == true)
        await #expect(throws: FlowSessionStore.AnswerHeld.self) {
            try await store.claimForAnswer(
                Self.id, expiredBefore: .distantPast, now: Self.start.addingTimeInterval(1), until: until)
        }
        #expect(!(try await store.claim(record, now: Self.start.addingTimeInterval(1), until: until)))

        var next = record
        next.version += 1
        #expect(try await store.replace(next, now: Self.start.addingTimeInterval(2)))
        let again = try await store.claimForAnswer(
            Self.id, expiredBefore: .distantPast, now: Self.start.addingTimeInterval(3), until: until)
        #expect(again?.claimed == true)
        #expect(again?.record.version == 2)
    }

    @Test func aSessionThatWaitsOnNoAskIsReadButNotMarked() async throws {
        let (store, record) = try await Self.stored()
        var ended = record
        ended.state = .ended
        ended.version += 1
        #expect(try await store.replace(ended, now: Self.start))
        let taken = try await store.claimForAnswer(
            Self.id, expiredBefore: .distantPast, now: Self.start, until: .distantFuture)
        #expect(taken?.record.state == .ended)
        #expect(taken?.claimed == false)
        #expect(
            try await store.claimForAnswer(
                Self.id, expiredBefore: Self.start.addingTimeInterval(1), now: Self.start, until: .distantFuture)
                == nil, "idle since before `expiredBefore`")
    }
}
