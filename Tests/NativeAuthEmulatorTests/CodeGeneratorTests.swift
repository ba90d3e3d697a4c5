import Testing

@testable import NativeAuthEmulator

@Suite("Random codes and bytes")
struct CodeGeneratorTests {
    @Test("a code has the asked number of digits (4 to 12), leading zeros kept, every digit drawn evenly")
    func codes() {
        for length in [1, 4, 6, 8, 12, 20] {
            let code = CodeGenerator.code(length: length)
            #expect(code.count == min(max(length, 4), 12) && code.allSatisfy(\.isASCII) && code.allSatisfy(\.isNumber))
        }
        var firstDigits: [Character: Int] = [:]
        var lastDigits: [Character: Int] = [:]
        for _ in 0..<5_000 {
            let code = CodeGenerator.code(length: 4)
            firstDigits[code.first ?? "x", default: 0] += 1
            lastDigits[code.last ?? "x", default: 0] += 1
        }
        // Each digit is expected 500 times in each place; fewer than 300 would take a broken generator.
        for digit in "0123456789" {
            #expect(firstDigits[digit, default: 0] > 300 && lastDigits[digit, default: 0] > 300, "\(digit)")
        }
    }

    @Test("bytes come in the asked number, and two draws differ")
    func bytes() {
        #expect(CodeGenerator.bytes(0).isEmpty)
        #expect(CodeGenerator.bytes(32).count == 32 && CodeGenerator.bytes(7).count == 7)
        #expect(CodeGenerator.bytes(32) != CodeGenerator.bytes(32))
    }
}
