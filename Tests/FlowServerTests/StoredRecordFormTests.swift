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
}
