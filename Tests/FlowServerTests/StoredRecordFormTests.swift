import Foundation
import Testing

@testable import FlowServer

@Suite("stored record form")
struct StoredRecordFormTests {
    static let record = Data(
        (#"{"ask":{"choices":[],"flowID":"sign-in-email-otp","fields":[{"label":"Email address","secret":false,"#
            + #""name":"email","attributes":[],"type":"email"}],"step":"ask_email"},"state":"asking","messages":[]}"#)
            .utf8)

    @Test("a record is kept deflated behind its marker, in fewer bytes, and read back as the same JSON")
    func roundTrip() throws {
        let stored = try StoredRecordForm.stored(Self.record)
        #expect(stored.first == StoredRecordForm.deflatedMarker)
        #expect(stored.count < Self.record.count * 3 / 4, "\(stored.count) of \(Self.record.count) bytes")
        #expect(try StoredRecordForm.json(stored) == Self.record)
    }

    @Test("a record an older flowrun kept as plain JSON is read as it is")
    func plainJSON() throws {
        #expect(try StoredRecordForm.json(Self.record) == Self.record)
    }

    @Test(
        "a damaged record is an error, not a crash: empty, the marker alone, garbage after it, cut short, another byte first",
        arguments: [
            Data(), Data([StoredRecordForm.deflatedMarker]), Data([StoredRecordForm.deflatedMarker, 0xFF, 0xFF, 0x00]),
            Data([0x02]) + Self.record,
        ])
    func damaged(_ stored: Data) {
        #expect(throws: StoredRecordError.self) { try StoredRecordForm.json(stored) }
    }

    @Test("a deflated record inflating past the bound is an error; one cut short never reads as the record")
    func cutShortOrTooLarge() throws {
        let stored = try StoredRecordForm.stored(Self.record)
        #expect(throws: StoredRecordError.self) { try StoredRecordForm.json(stored, maxBytes: 16) }
        // Raw deflate has no checksum: a record cut short inflates to less, which the JSON decoder then refuses.
        #expect((try? StoredRecordForm.json(stored.prefix(stored.count / 2))) != Self.record)
    }

    @Test("streams are kept between records: records of any size, after a damaged one, from concurrent tasks")
    func keptStreams() async throws {
        let records = (0..<64).map { index in
            Data(
                (#"{"state":"asking","messages":[""# + String(repeating: "word \(index) ", count: index * 40)
                    + #""]}"#).utf8)
        }
        for record in records {
            #expect(try StoredRecordForm.json(try StoredRecordForm.stored(record)) == record)
            #expect(throws: StoredRecordError.self) {
                try StoredRecordForm.json(Data([StoredRecordForm.deflatedMarker, 0xFF, 0xFF, 0x00]))
            }
            #expect(throws: StoredRecordError.self) {
                try StoredRecordForm.json(try StoredRecordForm.stored(record), maxBytes: record.count - 1)
            }
            #expect(try StoredRecordForm.json(try StoredRecordForm.stored(record), maxBytes: record.count) == record)
        }
        let roundTrips = try await withThrowingTaskGroup(of: Bool.self) { group in
            for record in records + records {
                group.addTask { try StoredRecordForm.json(try StoredRecordForm.stored(record)) == record }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(roundTrips == Array(repeating: true, count: records.count * 2))
    }
}
