import FlowrunFoundation
import Testing

@Suite("Constant-time comparison")
struct ConstantTimeTests {
    @Test("ConstantTime.equal: equal bytes only; different lengths and any differing byte are unequal")
    func constantTimeEqual() {
        let bytes: [UInt8] = [0x00, 0x7F, 0x80, 0xFF, 0x31, 0x32]
        #expect(ConstantTime.equal(bytes, bytes))
        #expect(ConstantTime.equal([], []))
        for index in bytes.indices {
            var changed = bytes
            changed[index] ^= 0x01
            #expect(!ConstantTime.equal(bytes, changed), "byte \(index)")
            changed[index] ^= 0x81
            #expect(!ConstantTime.equal(bytes, changed), "byte \(index)")
        }
        #expect(!ConstantTime.equal(bytes, Array(bytes.dropLast())))
        #expect(!ConstantTime.equal(Array(bytes.dropLast()), bytes))
        #expect(!ConstantTime.equal(bytes, bytes + [0]))
        #expect(!ConstantTime.equal([], [0]))
    }
}
