import FlowrunFoundation
import Foundation
import Testing

@Suite("Random UUIDs")
struct RandomUUIDTests {
    @Test("each is a lowercase version-4 UUID that Foundation reads back, and none repeats")
    func shapeAndUniqueness() {
        var seen: Set<String> = []
        for _ in 0..<2_000 {
            let text = RandomUUID.lowercased()
            #expect(text.count == 36 && text == text.lowercased())
            let uuid = UUID(uuidString: text)
            #expect(uuid?.uuidString.lowercased() == text, "\(text)")
            let bytes = uuid.map { Mirror(reflecting: $0.uuid).children.compactMap { $0.value as? UInt8 } } ?? []
            #expect(bytes.count == 16 && bytes[6] >> 4 == 4 && bytes[8] >> 6 == 0b10, "\(text)")
            seen.insert(text)
        }
        #expect(seen.count == 2_000)
    }

    @Test("a time-ordered one is version 7 with the milliseconds in front, sorts by its time, and none repeats")
    func timeOrdered() throws {
        var seen: Set<String> = []
        var previous = ""
        for step in 0..<2_000 {
            let seconds = 1_790_000_000.0 + (Double(step / 4) + 0.5) / 1000  // four ids in each millisecond
            let text = RandomUUID.timeOrdered(at: seconds)
            let uuid = try #require(UUID(uuidString: text), "\(text)")
            #expect(uuid.uuidString.lowercased() == text)
            let bytes = Mirror(reflecting: uuid.uuid).children.compactMap { $0.value as? UInt8 }
            #expect(bytes.count == 16 && bytes[6] >> 4 == 7 && bytes[8] >> 6 == 0b10, "\(text)")
            let milliseconds = bytes.prefix(6).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            #expect(milliseconds == 1_790_000_000_000 + UInt64(step / 4), "\(text) at \(seconds)")
            if step % 4 == 0 { #expect(text > previous, "\(text) after \(previous)") }
            previous = text
            seen.insert(text)
        }
        #expect(seen.count == 2_000)
        #expect(RandomUUID.timeOrdered(at: -1).hasPrefix("00000000-0000-7"))
    }
}
