import Foundation
import NativeAuthWire
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
}
